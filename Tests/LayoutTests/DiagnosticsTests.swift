import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

/// What a label reports: typed values on the result, and an option that makes missing coverage an error.
@Suite struct DiagnosticsTests {
    let path = horizontal(0, 100, length: 300)

    @Test func missingCoverageIsTypedAndNamesTheCharacters() throws {
        let line = shaped("a漢字b", size: 20)
        let label = try LabelLayout.place(line, along: path)[0]
        let missing = label.diagnostics.compactMap { d -> MissingCoverage? in
            if case .missingGlyphs(let m) = d { m } else { nil }
        }
        #expect(missing.count == 2)
        #expect(missing.map(\.characters) == [["漢"], ["字"]])
        #expect(missing.map(\.cluster) == [1, 4])
        #expect(label.glyphs.filter { $0.glyph == 0 }.count == 2)  // drawn as .notdef
        #expect(label.diagnostics[0].description
                == "no font in the stack (\(stack.map(\.name).joined(separator: ", "))) covers U+6F22; drawn as .notdef of NotoSans-Regular.ttf (at byte 1)")
    }

    @Test func missingGlyphsErrorThrowsWithTheCharacters() throws {
        let line = shaped("a漢b", size: 20)
        let options = LabelOptions(missingGlyphs: .error)
        do {
            _ = try LabelLayout.place(line, along: path, options: options)
            Issue.record("expected an error")
        } catch {
            guard case .missingGlyphs(let m) = error else { Issue.record("wrong error \(error)"); return }
            #expect(m.map(\.characters) == [["漢"]])
            #expect(error.description.hasSuffix("covers 漢 (U+6F22, at byte 1)"))
        }
        // Text the stack covers is unaffected.
        #expect(try LabelLayout.place(shaped("ab"), along: path, options: options)[0].diagnostics.isEmpty)
    }

    @Test func droppedShrunkTruncatedAndRejectedAreReported() throws {
        let long = shaped("A label far too long for its path", size: 30)
        let dropped = try LabelLayout.place(long, along: path)[0]
        #expect(dropped.diagnostics == [.droppedClusters(dropped.droppedClusters)])

        let shrunk = try LabelLayout.place(long, along: path, options: LabelOptions(overflow: .shrink(minimumSize: 4)))[0]
        #expect(shrunk.diagnostics == [.shrunk(from: 30, to: shrunk.size, fits: true)])
        #expect(abs(shrunk.size - 30 * 300 / long.advance) < 1e-9)
        let floored = try LabelLayout.place(long, along: path, options: LabelOptions(overflow: .shrink(minimumSize: 25)))[0]
        #expect(floored.diagnostics.first == .shrunk(from: 30, to: 25, fits: false))
        #expect(floored.diagnostics.count == 2)  // and the clusters that still fell off

        let text = AttributedText("A label far too long for its path", attributes: TextAttributes(fonts: stack, size: 30))
        let cut = try LabelLayout.layout(text, along: path, options: LabelOptions(overflow: .ellipsis))[0]
        #expect(cut.diagnostics == [.truncated(cut.droppedClusters)])

        var corner = BezPath()
        corner.move(to: Point(0, 0)); corner.line(to: Point(200, 0)); corner.line(to: Point(200, 200))
        let rejected = try LabelLayout.place(shaped("Corner case", size: 20), along: corner,
                                             options: LabelOptions(offset: .pixels(150), maxAngle: 30))[0]
        guard case .rejectedTurn(let degrees, let limit)? = rejected.diagnostics.last else {
            Issue.record("not rejected: \(rejected.diagnostics)"); return
        }
        #expect(abs(degrees - 90) < 1e-6 && limit == 30 && rejected.glyphs.isEmpty)
    }

    @Test func aCleanLabelHasNoDiagnostics() throws {
        #expect(try LabelLayout.place(shaped("Fits", size: 20), along: path)[0].diagnostics.isEmpty)
    }
}
