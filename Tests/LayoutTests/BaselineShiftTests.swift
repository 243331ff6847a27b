import Testing
import Shaping
import Layout

/// `Baseline.shift(for:)`: how far the alphabetic baseline moves so the text sits on the path.
@Suite struct BaselineShiftTests {
    static let metrics = FontMetrics(ascender: 106.9, descender: -29.3, lineGap: 0, xHeight: 53.6, capHeight: 71.4, unitsPerEm: 1000, size: 100)

    @Test func eachBaselineMovesByItsMetric() {
        #expect(Baseline.alphabetic.shift(for: Self.metrics) == 0)
        #expect(Baseline.middle.shift(for: Self.metrics) == -26.8)
        #expect(Baseline.hanging.shift(for: Self.metrics) == -106.9)
        #expect(Baseline.ideographic.shift(for: Self.metrics) == 29.3)
    }

    @Test func middleWithoutAnXHeightIsHalfwayBetweenAscenderAndDescender() {
        var m = Self.metrics
        m.xHeight = 0
        #expect(abs(Baseline.middle.shift(for: m) - -38.8) < 1e-12)
    }
}
