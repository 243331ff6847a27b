#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Geometry

/// The literal 16-point rule against the rule computed from scratch and against exact integrals.
@Suite struct FixedGaussLegendreTests {
    @Test func equalsTheRuleComputedFromScratch() {
        let gl = GaussLegendre(order: 16)
        for f in [{ (x: Double) in exp(x) }, { (x: Double) in 1 / (1 + x * x) }, { (x: Double) in sin(3 * x) }] {
            let literal = FixedGaussLegendre.gl16(-0.4, 2.1, f), fresh = gl.integrate(-0.4, 2.1, f)
            #expect(abs(literal - fresh) <= 4e-15 * max(1, abs(fresh)), "\(literal) against \(fresh)")
        }
    }

    @Test func isExactForPolynomialsUpToDegree31() {
        // ∫₀¹ x^k dx = 1/(k + 1) for every k ≤ 2·16 − 1.
        for k in [0, 1, 7, 16, 30, 31] {
            let v = FixedGaussLegendre.gl16(0, 1) { pow($0, Double(k)) }
            #expect(abs(v - 1 / Double(k + 1)) < 1e-15, "x^\(k): \(v)")
        }
        // Past degree 31 it is no longer exact: x^40 is off by 3.7e-14, far above rounding.
        let v40 = FixedGaussLegendre.gl16(0, 1) { pow($0, 40) }
        #expect(abs(v40 - 1.0 / 41) > 1e-14)
    }

    @Test func integratesASmoothFunctionToRoundingOnAnInterval() {
        // ∫₀^{π/2} cos = 1.
        #expect(abs(FixedGaussLegendre.gl16(0, .pi / 2, cos) - 1) < 2e-16)
        // A reversed interval gives the negated integral.
        #expect(abs(FixedGaussLegendre.gl16(.pi / 2, 0, cos) + 1) < 2e-16)
    }
}
