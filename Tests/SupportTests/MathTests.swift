import Testing
@testable import Support

/// The elementary functions are the C library's (through compiler builtins): the values everyone knows.
@Suite struct MathTests {
    @Test func knownValues() {
        #expect(sin(0) == 0 && cos(0) == 1 && tan(0) == 0)
        #expect(abs(sin(Double.pi / 6) - 0.5) < 1e-15)
        #expect(atan2(1, 1) == Double.pi / 4 && atan2(0, -1) == Double.pi)
        #expect(acos(-1) == Double.pi && asin(1) == Double.pi / 2 && atan(1) == Double.pi / 4)
        #expect(pow(2, 10) == 1024 && exp(0) == 1 && log(1) == 0)
        #expect(hypot(3, 4) == 5 && hypot(1e300, 1e300) == 1e300 * 2.0.squareRoot())
    }
}
