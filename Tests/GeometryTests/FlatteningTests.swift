import Testing
import Geometry

/// `Flattening`: the chords it asks for stay within the tolerance of the curve, and it degrades safely.
@Suite struct FlatteningTests {
    @Test func chordsStayWithinTheTolerance() {
        var rng = SplitMix(state: 99)
        func r() -> Point { Point(.random(in: -300...300, using: &rng), .random(in: -300...300, using: &rng)) }
        var segments: [Segment] = (0..<30).map { _ in .cubic(CubicBez(r(), r(), r(), r())) }
        segments += (0..<10).map { _ in .quad(QuadBez(r(), r(), r())) }
        segments.append(.arc(EllipticalArc(center: .zero, radii: Vector(200, 50), xRotation: 0.3, startAngle: 1, sweepAngle: -5)))
        for tolerance in [1.0, 0.1, 0.01] {
            var worst = 0.0
            for seg in segments {
                let n = seg.flatteningSteps(tolerance: tolerance)
                // The distance from the curve to its chord, sampled inside each step.
                for i in 0..<n {
                    let a = seg.eval(Double(i) / Double(n)), b = seg.eval(Double(i + 1) / Double(n))
                    for k in 1..<8 {
                        let p = seg.eval((Double(i) + Double(k) / 8) / Double(n))
                        let ab = b - a, len = ab.length
                        let dist = len > 0 ? abs(ab.cross(p - a)) / len : p.distance(to: a)
                        worst = max(worst, dist)
                    }
                }
            }
            #expect(worst <= tolerance, "worst chord distance \(worst) at \(tolerance)")
            #expect(worst > tolerance / 10)   // and not far more chords than needed
        }
    }

    @Test func degenerateInputIsClamped() {
        #expect(Flattening.steps(secondDerivativeBound: .infinity, tolerance: 0.1) == 1)
        #expect(Flattening.steps(secondDerivativeBound: .nan, tolerance: 0.1) == 1)
        #expect(Flattening.steps(secondDerivativeBound: 1e200, tolerance: 1e-90) == Flattening.maxSteps)
        #expect(Flattening.steps(secondDerivativeBound: 0, tolerance: 0.1) == 1)
        #expect(Flattening.arcSteps(radius: 1e6, sweep: 1e6, tolerance: 1e-6) == Flattening.maxSteps)
        #expect(Flattening.arcSteps(radius: 0.05, sweep: 6, tolerance: 0.1) == 1)
        #expect(Flattening.arcSteps(radius: .nan, sweep: 6, tolerance: 0.1) == 1)
        // A circle of radius 100 at 0.1: step 2·acos(0.999) ≈ 0.0894 rad, so ⌈2π / 0.0894⌉ = 71 chords.
        #expect(Flattening.arcSteps(radius: 100, sweep: 2 * .pi, tolerance: 0.1) == 71)
    }
}
