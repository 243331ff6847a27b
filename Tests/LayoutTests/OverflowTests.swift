import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

@Suite struct OverflowTests {
    let line = shaped("A label far too long for its path", size: 30)
    let path = horizontal(0, 100, length: 200)

    @Test func visibleDropsClustersOffTheEndAndReportsThem() throws {
        let label = try LabelLayout.place(line, along: path)[0]
        #expect(label.overflow)
        #expect(!label.droppedClusters.isEmpty)
        #expect(label.glyphs.count + label.droppedClusters.count == line.glyphs.count)  // one glyph per cluster in Latin
        // Every kept unit's midpoint is on the path.
        for g in label.glyphs { #expect(g.origin.x + g.advance / 2 <= 200 + 1e-9) }
        // The first dropped cluster is the first whose midpoint passes the end.
        var pen = 0.0, firstOff: Int? = nil
        for g in line.glyphs where firstOff == nil {
            if pen + g.advance / 2 > 200 { firstOff = g.cluster }
            pen += g.advance
        }
        #expect(label.droppedClusters.first == firstOff)
    }

    @Test func errorSaysHowLongTextAndPathAre() throws {
        var options = LabelOptions()
        options.overflow = .error
        #expect(throws: LayoutError.overflow(textLength: line.advance, pathLength: 200)) {
            try LabelLayout.place(line, along: path, options: options)
        }
        let message = LayoutError.overflow(textLength: 412.34, pathLength: 200).description
        #expect(message == "the text (412.3 px long) does not fit on the path (200 px long)")
    }

    @Test func shrinkScalesTheSizeUntilTheWholeLabelFits() throws {
        var options = LabelOptions()
        options.overflow = .shrink(minimumSize: 4)
        let label = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(!label.overflow)
        #expect(label.glyphs.count == line.glyphs.count)
        #expect(abs(label.size - 30 * 200 / line.advance) < 1e-9)
        let last = label.glyphs.last!
        #expect(abs(last.origin.x + last.advance - 200) < 1e-9)  // exactly fills the path
        #expect(label.glyphs.allSatisfy { abs($0.size - label.size) < 1e-12 })
        // A floor above the needed size: keep the floor, report overflow.
        options.overflow = .shrink(minimumSize: 20)
        let floored = try LabelLayout.place(line, along: path, options: options)[0]
        #expect(floored.size == 20)
        #expect(floored.overflow)
    }

    @Test func ellipsisCutsFromTheLogicalEndAndAppendsAnEllipsis() throws {
        var options = LabelOptions()
        options.overflow = .ellipsis
        let text = AttributedText("A label far too long for its path", attributes: TextAttributes(fonts: stack, size: 30))
        let label = try LabelLayout.layout(text, along: path, options: options)[0]
        #expect(label.overflow)
        let ellipsisGlyph = shaped("…", size: 30).glyphs[0].glyph
        #expect(label.glyphs.last?.glyph == ellipsisGlyph)
        let last = label.glyphs.last!
        #expect(last.origin.x + last.advance <= 200 + 1e-9)
        // As many characters as fit: one more would not.
        let kept = label.glyphs.count - 1
        let longer = AttributedText(String(text.string.prefix(kept + 1)) + "…", attributes: text.runs[0].attributes)
        #expect(shaped(longer.string, size: 30).advance > 200)
        #expect(label.droppedClusters.count == text.string.count - kept)
    }

    @Test func emptyTextAndDegeneratePathsAreErrors() {
        #expect(throws: LayoutError.emptyText) { try LabelLayout.place(shaped(""), along: path) }
        #expect(throws: LayoutError.path(.emptyPath)) { try LabelLayout.place(line, along: BezPath()) }
        var dot = BezPath(); dot.move(to: Point(5, 5)); dot.line(to: Point(5, 5))
        #expect(throws: LayoutError.path(.zeroLength)) { try LabelLayout.place(line, along: dot) }
    }
}
