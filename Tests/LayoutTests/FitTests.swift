import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

@Suite struct FitTests {
    let line = shaped("Fit me", size: 30)

    @Test func spacingSpreadsTheDifferenceBetweenClusters() throws {
        var options = LabelOptions()
        options.fit = .spacing(length: 400)
        let label = try LabelLayout.place(line, along: horizontal(0, 0, length: 600), options: options)[0]
        #expect(abs(label.advance - 400) < 1e-9)
        let n = Double(line.glyphs.count)
        let gap = (400 - line.advance) / (n - 1)
        var pen = 0.0
        for (p, g) in zip(label.glyphs, line.glyphs) {
            #expect(abs(p.origin.x - (pen + g.xOffset)) < 1e-9)
            #expect(p.scaleX == 1)
            pen += g.advance + gap
        }
    }

    @Test func stretchScalesAdvancesAndGlyphs() throws {
        var options = LabelOptions()
        options.fit = .stretch(length: nil)  // the whole path
        let label = try LabelLayout.place(line, along: horizontal(0, 0, length: 300), options: options)[0]
        let k = 300 / line.advance
        #expect(abs(label.advance - 300) < 1e-9)
        #expect(label.glyphs.allSatisfy { abs($0.scaleX - k) < 1e-12 })
        #expect(abs(label.glyphs.last!.origin.x + label.glyphs.last!.advance - 300) < 1e-9)
        // The transform scales the outline along the baseline only.
        let t = label.glyphs[1].transform
        #expect(abs(t.a - k) < 1e-12 && abs(t.d - 1) < 1e-12)
    }
}
