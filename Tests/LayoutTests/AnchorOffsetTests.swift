import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

/// The offset always moves the anchor forward along the path, for every alignment (SVG's `startOffset`,
/// Skia's `hOffset`): anchor = {start: 0, center: L/2, end: L} + offset, s0 = anchor − {start: 0, center: W/2, end: W}.
@Suite struct AnchorOffsetTests {
    let line = shaped("Anchor", size: 30)
    let path = horizontal(0, 0, length: 600)

    @Test(arguments: [TextAnchor.start, .center, .end], [PathOffset.pixels(-40), .pixels(0), .pixels(25.5), .percent(10), .percent(-30)])
    func startFollowsTheReferenceFormula(align: TextAnchor, offset: PathOffset) throws {
        let label = try LabelLayout.place(line, along: path, options: LabelOptions(align: align, offset: offset))[0]
        let L = 600.0, W = label.advance
        let o: Double = switch offset { case .pixels(let v): v; case .percent(let p): p / 100 * L }
        let anchor: Double = switch align { case .start: 0 + o; case .center: L / 2 + o; case .end: L + o }
        let s0 = anchor - { switch align { case .start: 0; case .center: W / 2; case .end: W } }()
        #expect(abs(label.start - s0) < 1e-9)
        // On a straight line from (0, 0) each kept glyph's origin is at x = s0 + its pen position (Latin has
        // no x offsets); glyphs whose midpoints fall off [0, L] are dropped.
        var pen = s0
        for g in line.glyphs {
            if let placed = label.glyphs.first(where: { $0.cluster == g.cluster }) {
                #expect(abs(placed.origin.x - pen) < 1e-9)
            } else {
                #expect(pen + g.advance / 2 < 0 || pen + g.advance / 2 > L)
            }
            pen += g.advance
        }
    }

    @Test(arguments: [TextAnchor.start, .center, .end])
    func increasingTheOffsetAlwaysMovesTheTextForward(align: TextAnchor) throws {
        var previous: Double? = nil
        for o in stride(from: -100.0, through: 100, by: 20) {
            let label = try LabelLayout.place(line, along: path, options: LabelOptions(align: align, offset: .pixels(o)))[0]
            if let previous { #expect(abs(label.start - previous - 20) < 1e-9) }
            previous = label.start
        }
    }

    /// `end` with offset −40 ends the text 40 px before the path's end (the old rule put it 40 px past it).
    @Test func endWithANegativeOffsetEndsBeforeTheEnd() throws {
        let label = try LabelLayout.place(line, along: path, options: LabelOptions(align: .end, offset: .pixels(-40)))[0]
        let last = try #require(label.glyphs.last)
        #expect(abs(last.origin.x + last.advance - 560) < 1e-9)
        #expect(!label.overflow && label.diagnostics.isEmpty)
    }

    /// Shrink measures the room for `end` from the start of the path to the anchor L + offset.
    @Test func shrinkWithEndUsesTheRoomBeforeTheAnchor() throws {
        let long = shaped("A label far too long for this path", size: 40)
        #expect(long.advance > 500)
        let options = LabelOptions(align: .end, offset: .pixels(-100), overflow: .shrink(minimumSize: 2))
        let label = try LabelLayout.place(long, along: path, options: options)[0]
        #expect(abs(label.size - 40 * 500 / long.advance) < 1e-9)  // room = L + offset = 500
        #expect(abs(label.start) < 1e-9)
        #expect(!label.overflow)
    }
}
