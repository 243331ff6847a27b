import Testing
import Requests
@testable import SVGInput

/// Baselines and baseline shifts per element (SVGBaselines), as Chromium draws them: each run's shift.
@Suite struct SVGBaselinesTests {
    /// Noto Sans (the embedded font): ascender 1.069 em, descender −0.293 em, x-height 0.536 em.
    static let ascender = 1.069, descender = -0.293, xHeight = 0.536

    func shifts(_ body: String) throws -> [Double] {
        let r = try read(document(body))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        return try #require(r.scene.labels.first?.runs).map { $0.style.baselineShift ?? 0 }
    }

    /// resvg's hanging-on-vertical: `alignment-baseline="hanging"` on vertical text moves the column left of
    /// the line by the horizontal distance from the central baseline to the hanging one (as Chromium), in
    /// Noto Sans at 20 px with Chromium's whole-pixel ascent and descent (21.38 and 5.86 px rounded to 21
    /// and 6): −0.8 · 21 + (21 − 6) / 2, without a warning.
    @Test func hangingOnVerticalTextMovesTheColumnLeft() throws {
        let r = try read(document(#"<text x="100" y="20" font-size="20" writing-mode="tb" alignment-baseline="hanging">日本</text><text x="100" y="20" font-size="20" writing-mode="tb">日本</text>"#))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let (hanging, plain) = (r.scene.labels[0].options.dy, r.scene.labels[1].options.dy)
        #expect(((Self.ascender * 20).rounded(), (Self.descender * 20).rounded()) == (21, -6))
        #expect(abs(hanging - plain - (-0.8 * 21 + (21 - 6) / 2)) < 1e-9)
    }

    @Test func aTspansAlignmentBaselineMovesItsOwnRun() throws {
        let s = try shifts(#"<text x="0" y="100" font-size="20">a<tspan alignment-baseline="hanging">b</tspan><tspan dominant-baseline="middle">c</tspan>d</text>"#)
        #expect(s.count == 4)
        #expect(s[0] == 0 && s[3] == 0)
        #expect(abs(s[1] - -0.8 * Self.ascender * 20) < 0.01)
        #expect(abs(s[2] - -Self.xHeight / 2 * 20) < 0.05)
    }

    @Test func alignmentBaselineBaselineIsTheElementsDominantAndNoChangeKeepsTheParents() throws {
        // The text is on middle; alignment-baseline: baseline takes the tspan's own dominant baseline
        // (hanging), as Chromium and resvg draw it; no-change keeps the parent's (middle).
        let s = try shifts(#"<text x="0" y="100" font-size="20" dominant-baseline="middle">a<tspan alignment-baseline="baseline" dominant-baseline="hanging">b</tspan><tspan dominant-baseline="no-change">c</tspan></text>"#)
        #expect(s.count == 3)
        #expect(abs(s[0] - -Self.xHeight / 2 * 20) < 0.05 && abs(s[2] - -Self.xHeight / 2 * 20) < 0.05)
        #expect(abs(s[1] - -0.8 * Self.ascender * 20) < 0.01)
    }

    @Test func baselineShiftsAddUpAndApplyOnTheTextToo() throws {
        let s = try shifts(#"<text x="0" y="100" font-size="20" baseline-shift="10">a<tspan baseline-shift="20%">b<tspan baseline-shift="baseline">c<tspan baseline-shift="-5">d</tspan></tspan></tspan></text>"#)
        #expect(s == [10, 14, 14, 9])
    }

    @Test func superAndSubMoveByHalfTheFontsHeight() throws {
        let s = try shifts(#"<text x="0" y="100" font-size="20">a<tspan baseline-shift="super">b<tspan baseline-shift="sub">c</tspan></tspan></text>"#)
        let half = (Self.ascender - Self.descender) / 2 * 20
        #expect(abs(s[1] - half) < 1e-6 && abs(s[2]) < 1e-6)
    }

    @Test func inheritTakesTheParentsBaselineShiftAndAlignment() throws {
        let s = try shifts(#"<g baseline-shift="7" alignment-baseline="mathematical"><text x="0" y="100" font-size="20" baseline-shift="inherit" alignment-baseline="inherit">a</text></g>"#)
        #expect(abs(s[0] - (7 - Self.ascender / 2 * 20)) < 1e-6)
    }
}
