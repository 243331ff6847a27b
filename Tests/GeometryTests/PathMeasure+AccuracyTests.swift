#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Geometry

/// `PathMeasure(path, accuracy:)`: the arc length and its inversion meet the accuracy asked for, a
/// coarser accuracy cuts fewer quadrature pieces, and the sampler inverts with the measure's accuracy.
@Suite struct AccuracyTests {
    static let cubics: [[Point]] = [
        [Point(0, 0), Point(60, -80), Point(140, 80), Point(200, 0)],
        [Point(0, 0), Point(300, 10), Point(-100, 40), Point(200, 50)],   // a loop
        [Point(0, 0), Point(400, 0), Point(0, 0), Point(400, 0)],        // two cusps
    ]

    @Test func defaultIsTheNamedDefault() throws {
        let path = cubicPath(Self.cubics[0])
        let a = try PathMeasure(path), b = try PathMeasure(path, accuracy: .default)
        #expect(a.length == b.length)
        #expect(a.storage.accuracy == .default)
        #expect(PathMeasure.Accuracy.default.arclen == 1e-8 && PathMeasure.Accuracy.default.inversion == 1e-8)
    }

    @Test(arguments: [1e-3, 1e-6, 1e-9, 1e-12])
    func lengthAndInversionMeetTheAccuracy(relative: Double) throws {
        let accuracy = PathMeasure.Accuracy.relative(relative)
        for c in Self.cubics {
            let m = try PathMeasure(cubicPath(c), accuracy: accuracy)
            let size = Segment.cubic(CubicBez(c[0], c[1], c[2], c[3])).controlPolygonLength
            let ref = Reference.cubicLength(c)
            #expect(abs(m.length - ref) <= relative * size + 1e-9, "length \(m.length) vs \(ref) at \(relative)")
            // The point at the reference distance to t is B(t), to the accuracy over the speed there.
            var sampler = m.sampler()
            for k in 1..<20 {
                let t = Double(k) / 20
                let s = Reference.cubicLength(c, to: t)
                let b = CubicBez(c[0], c[1], c[2], c[3]).eval(t)
                let slack = 10 * relative * size + 1e-9
                #expect(m.point(at: s).distance(to: b) <= slack, "t=\(t) at \(relative)")
                #expect(sampler.sample(at: s).point.distance(to: b) <= slack, "sampler t=\(t) at \(relative)")
            }
        }
    }

    @Test func coarserAccuracyCutsFewerPieces() throws {
        let path = cubicPath(Self.cubics[1])
        let fine = try PathMeasure(path), coarse = try PathMeasure(path, accuracy: .relative(1e-4))
        #expect(coarse.pieceCount < fine.pieceCount)
        #expect(coarse.segmentCount == fine.segmentCount)
    }

    @Test func relativeIsClamped() {
        #expect(PathMeasure.Accuracy.relative(.nan) == .default)
        #expect(PathMeasure.Accuracy.relative(0).arclen == 1e-15)
        #expect(PathMeasure.Accuracy.relative(-1).arclen == 1e-15)
        #expect(PathMeasure.Accuracy.relative(.infinity).arclen == 1e-2)
        #expect(PathMeasure.Accuracy.relative(1e-6).inversion == 1e-6)
    }
}

/// Issue #17: queries evaluate a fit of parameter against distance (no quadrature or iteration), so their
/// accuracy is tested here against references computed independently: analytic lengths of lines and
/// circles, and the tests' own adaptive Gauss–Legendre quadrature of the speed for curves.
@Suite struct QueryAccuracyTests {
    /// A smooth chain of cubics like the benchmark's (20–60 px chords, handles a third of the chord).
    static func chain(_ n: Int, seed: UInt64) -> [[Point]] {
        var rng = SplitMix(state: seed)
        var out: [[Point]] = []
        var at = Point(0, 0), heading = 0.0, handle = Vector(10, 0)
        for _ in 0..<n {
            heading += (Double.random(in: 0..<1, using: &rng) - 0.5) * 1.2
            let len = 20 + 40 * Double.random(in: 0..<1, using: &rng)
            let q = at + Vector.polar(heading, length: len)
            let h2 = Vector.polar(heading + Double.random(in: -0.5..<0.5, using: &rng), length: 0.35 * len)
            out.append([at, at + handle, q - h2, q])
            handle = h2; at = q
        }
        return out
    }

    /// At the reference distance to `t` on each cubic, the point is `B(t)` to the default accuracy
    /// (1e-8 of the cubic's size; the issue asks for 1e-6 of the arc length), and 1e-7 when asked for, and
    /// the tangent is `B′(t)`'s direction, through `sample(at:)`, a `Sampler`, and the reversed measure.
    @Test(arguments: [PathMeasure.Accuracy.default, .relative(1e-7)])
    func chainOfCubicsAgainstQuadrature(accuracy: PathMeasure.Accuracy) throws {
        let cubics = Self.chain(40, seed: 17)
        var path = BezPath()
        path.move(to: cubics[0][0])
        for c in cubics { path.cubic(to: c[3], control1: c[1], control2: c[2]) }
        let m = try PathMeasure(path, accuracy: accuracy)
        let bound = accuracy.inversion
        var sampler = m.sampler()
        let reversed = m.reversed()
        var start = 0.0, worstPoint = 0.0, worstTangent = 0.0
        for c in cubics {
            let bez = CubicBez(c[0], c[1], c[2], c[3])
            let size = Segment.cubic(bez).controlPolygonLength
            for k in 0..<16 {
                let t = (Double(k) + 0.37) / 16
                let s = start + Reference.cubicLength(c, to: t)
                let want = bez.eval(t), dir = bez.deriv(t).normalized!
                for got in [m.sample(at: s), sampler.sample(at: s)] {
                    worstPoint = max(worstPoint, got.point.distance(to: want) / size)
                    worstTangent = max(worstTangent, (got.tangent - dir).length)
                }
                let back = reversed.sample(at: m.length - s)
                worstPoint = max(worstPoint, back.point.distance(to: want) / size)
                worstTangent = max(worstTangent, (back.tangent + dir).length)
            }
            start += Reference.cubicLength(c)
        }
        #expect(abs(m.length - start) <= bound * start, "length \(m.length) vs \(start)")
        #expect(worstPoint <= bound, "worst point error \(worstPoint) of the cubic's size")
        // The tangent is exact at the point found: off only by the point's tiny displacement.
        #expect(worstTangent <= 100 * bound, "worst tangent error \(worstTangent)")
    }

    /// Lines and circles are exact: the point at distance s is where trigonometry puts it.
    @Test func circlesAndLinesAreAnalytic() throws {
        let r = 73.0
        let circle = try PathMeasure(.circle(center: Point(5, -3), radius: r))
        #expect(abs(circle.length - 2 * .pi * r) <= 1e-12 * circle.length)
        var worst = 0.0
        for k in 0..<97 {
            let s = circle.length * Double(k) / 97
            let a = s / r
            // BezPath.circle starts at +x and runs with increasing angle.
            let want = Point(5 + r * cos(a), -3 + r * sin(a))
            worst = max(worst, circle.point(at: s).distance(to: want))
        }
        #expect(worst <= 1e-9, "circle point error \(worst)")
        let line = try PathMeasure(.polyline([Point(0, 0), Point(30, 40), Point(30, 100)]))
        #expect(line.length == 110)
        #expect(line.point(at: 25) == Point(15, 20) && line.point(at: 80) == Point(30, 70))
    }

    /// Quads, elliptical arcs, near-zero speed and zero-length pieces: the point moves by the distance.
    @Test func degenerateCurvesStayOnTheReference() throws {
        // Coincident control points at both ends (speed zero at t = 0 and 1) and a quad.
        let c = [Point(0, 0), Point(0, 0), Point(120, 0), Point(120, 0)]
        let m = try PathMeasure(cubicPath(c))
        let bez = CubicBez(c[0], c[1], c[2], c[3])
        for k in 1..<20 {
            let t = Double(k) / 20
            let s = Reference.cubicLength(c, to: t)
            #expect(m.point(at: s).distance(to: bez.eval(t)) <= PathMeasure.Accuracy.default.inversion * 240, "t \(t)")
        }
        var q = BezPath()
        q.move(to: Point(0, 0))
        q.quad(to: Point(100, 0), control: Point(50, 200))
        let mq = try PathMeasure(q)
        let quad = QuadBez(Point(0, 0), Point(50, 200), Point(100, 0))
        let speed = { (t: Double) -> Double in quad.deriv(t).length }
        for k in 1..<10 {
            let t = Double(k) / 10
            let s = Reference.adaptive(speed, 0, t)
            #expect(mq.point(at: s).distance(to: quad.eval(t)) <= PathMeasure.Accuracy.default.inversion * 300, "quad t \(t)")
        }
    }
}
