#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
import TestSupport

/// A small deterministic generator (SplitMix64) so that "random" cases are reproducible.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func cubicPath(_ p: [Point]) -> BezPath {
    var path = BezPath()
    path.move(to: p[0])
    path.cubic(to: p[3], control1: p[1], control2: p[2])
    return path
}

/// A cubic with a cusp at t = 1/2, where the derivative vanishes.
let cuspCubic = [Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)]

@Suite struct PathMeasureTests {
    @Test func lineIsExact() throws {
        let m = try PathMeasure(.line(from: Point(0, 0), to: Point(3, 4)))
        #expect(m.length == 5)
        #expect(close(m.point(at: 2.5), Point(1.5, 2), 1e-15))
        #expect(close(m.tangent(at: 1).x, 0.6, 1e-15) && close(m.tangent(at: 1).y, 0.8, 1e-15))
        #expect(m.sample(at: 1).normal == Vector(0.8, -0.6))
        #expect(m.point(at: -3) == Point(0, 0) && m.point(at: 99) == Point(3, 4))   // clamped
        #expect(!m.isClosed)
    }

    /// On an axis-aligned line the point at distance `s` is computed as `s / length · length`, which
    /// rounds back to `s` for these distances (a glyph's midpoint and advance from the C API test), so a
    /// label starting at 0 lands at exactly 0: multiplying by a stored `1 / length` gave 3.6e-15 instead.
    @Test func axisAlignedLinePointsAreExact() throws {
        let m = try PathMeasure(BezPath(svgPathData: "M 100 0 L 100 300"))
        for s in [10.224, 20.448, 30.848, 0.5, 150] {
            let p = m.point(at: s)
            #expect(p.x == 100 && p.y == s, "s = \(s): \(p)")
        }
        var sampler = m.sampler()
        #expect(sampler.sample(at: 10.224).point.y == 10.224)
    }

    @Test func circleCircumference() throws {
        let m = try PathMeasure(.circle(center: Point(50, 50), radius: 100))
        #expect(abs(m.length - 2 * .pi * 100) / (2 * .pi * 100) < 1e-12)
        #expect(m.isClosed)
        // A quarter of the way round (clockwise on screen from +x) is straight below the centre.
        #expect(close(m.point(at: m.length / 4), Point(50, 150), 1e-9))
        #expect(close(m.tangent(at: m.length / 4).x, -1, 1e-12))
    }

    @Test func svgCircleFromTwoArcs() throws {
        let p = try BezPath(svgPathData: "M 0 100 A 100 100 0 1 1 200 100 A 100 100 0 1 1 0 100 Z")
        let m = try PathMeasure(p)
        #expect(abs(m.length - 628.3185) <= 0.001)
        #expect(abs(m.length - 200 * .pi) <= 1e-9)
        #expect(m.isClosed)
    }

    @Test func ellipsePerimeterAgainstGaussKummer() throws {
        for (a, b) in [(150.0, 50.0), (100.0, 99.0), (300.0, 3.0)] {
            let m = try PathMeasure(.ellipse(center: Point(1, 2), radii: Vector(a, b), rotation: 0.4))
            let ref = Reference.ellipsePerimeter(a, b)
            #expect(abs(m.length - ref) / ref < 1e-10, "\(a)×\(b): \(m.length) vs \(ref)")
        }
    }

    static func randomCubics() -> [[Point]] {
        var rng = SplitMix(state: 42)
        var out = [cuspCubic,
                   [Point(0, 0), Point(0, 0), Point(50, 100), Point(100, 0)],          // coincident start controls
                   [Point(0, 0), Point(100, 0), Point(100, 0), Point(100, 0)],        // three coincident points
                   [Point(0, 0), Point(300, 200), Point(-200, 200), Point(100, 0)],   // a loop
                   [Point(0, 0), Point(1000, 1), Point(-1000, -1), Point(1, 0)]]      // near-cusps, folds back
        for _ in 0..<20 {
            out.append((0..<4).map { _ in Point(.random(in: -500...500, using: &rng), .random(in: -500...500, using: &rng)) })
        }
        return out
    }

    @Test func cubicsAgainstIndependentQuadrature() throws {
        // Errors relative to each cubic's size (its control polygon, up to about 3000 here): the default
        // accuracy bounds both the length's and the point's.
        var worstLength = 0.0, worstPoint = 0.0
        for c in Self.randomCubics() {
            let m = try PathMeasure(cubicPath(c))
            let size = Segment.cubic(CubicBez(c[0], c[1], c[2], c[3])).controlPolygonLength
            let ref = Reference.cubicLength(c)
            worstLength = max(worstLength, abs(m.length - ref) / size)
            // The point at the reference distance to t must be B(t).
            for k in 0...10 {
                let t = Double(k) / 10
                let s = Reference.cubicLength(c, to: t)
                let b = CubicBez(c[0], c[1], c[2], c[3]).eval(t)
                worstPoint = max(worstPoint, m.point(at: s).distance(to: b) / size)
            }
        }
        let bound = PathMeasure.Accuracy.default.inversion
        #expect(worstLength < bound, "worst relative length error \(worstLength)")
        #expect(worstPoint < bound, "worst relative point error \(worstPoint)")
    }

    @Test func quadAndEllipticalArcAgainstQuadrature() throws {
        var p = BezPath()
        p.move(to: Point(0, 0))
        p.quad(to: Point(100, 0), control: Point(20, 150))
        let m = try PathMeasure(p)
        let ref = Reference.adaptive({ t in
            let dx = 2 * (1 - t) * 20 + 2 * t * 80, dy = 2 * (1 - t) * 150 - 2 * t * 150
            return (dx * dx + dy * dy).squareRoot()
        }, 0, 1)
        #expect(abs(m.length - ref) < 1e-8)

        let arc = EllipticalArc(center: .zero, radii: Vector(80, 20), xRotation: 0.7, startAngle: 0.2, sweepAngle: -2.5)
        var q = BezPath(); q.move(to: arc.start); q.append(.arc(arc))
        let ma = try PathMeasure(q)
        let speed = { (t: Double) -> Double in
            let th = 0.2 - 2.5 * t
            return 2.5 * (6400 * sin(th) * sin(th) + 400 * cos(th) * cos(th)).squareRoot()
        }
        #expect(abs(ma.length - Reference.adaptive(speed, 0, 1)) < 1e-8)
        for k in 1..<8 {
            let t = Double(k) / 8
            #expect(close(ma.point(at: Reference.adaptive(speed, 0, t)), arc.eval(t), 1e-7))
        }
    }

    /// Checks that moving the distance by `h` moves the point by `h` (to 1e-4·h), except that a step
    /// straddling a cusp or corner may move less (never more).
    func checkUnitSpeed(_ m: PathMeasure, at distances: [Double], h: Double, cusps: [Double] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        var worst = 0.0
        for s in distances {
            let d = m.point(at: s).distance(to: m.point(at: s + h))
            let straddles = cusps.contains { $0 > s && $0 < s + h }
            #expect(d <= h * (1 + 1e-4), "s=\(s): moved \(d) for \(h)", sourceLocation: sourceLocation)
            if !straddles {
                worst = max(worst, abs(d - h) / h)
                #expect(abs(d - h) <= 1e-4 * h, "s=\(s): moved \(d) for \(h)", sourceLocation: sourceLocation)
            }
        }
        return worst
    }

    @Test func unitSpeedNearCusp() throws {
        let m = try PathMeasure(cubicPath(cuspCubic))
        let sc = Reference.cubicLength(cuspCubic, to: 0.5)
        var ds = stride(from: 0.0, to: m.length - 1, by: m.length / 97).map { $0 }
        for e in [-3.0, -1, -0.1, -0.01, -0.0011, 0, 0.001, 0.01, 0.1, 1] { ds.append(sc + e) }
        _ = checkUnitSpeed(m, at: ds, h: 1e-3, cusps: [sc])
        _ = checkUnitSpeed(m, at: ds, h: 1e-2, cusps: [sc])
        // The cusp point itself is where the reference says.
        #expect(close(m.point(at: sc), Point(50, 75), 1e-6))
    }

    @Test func unitSpeedAcrossZeroLengthSegmentsAndSeam() throws {
        let p = try BezPath(svgPathData: "M 0 0 L 0 0 L 50 0 C 50 0 50 0 50 0 Q 50 0 50 0 L 50 0 C 80 0 100 20 100 50 Z")
        let m = try PathMeasure(p)
        #expect(m.segmentCount == 3)
        #expect(m.isClosed)
        let ds = stride(from: -0.5, to: m.length + 0.5, by: 0.25).map { $0 } + [49.9995, 50, m.length - 0.0005]
        // Corners (where a step may cut across) at the end of the cubic and at the seam.
        let closing = (100.0 * 100 + 50 * 50).squareRoot()
        _ = checkUnitSpeed(m, at: ds, h: 1e-3, cusps: [m.length - closing, m.length])
        // Crossing the seam of the closed path wraps smoothly.
        #expect(close(m.point(at: m.length + 3), m.point(at: 3), 1e-9))
        #expect(close(m.point(at: -3), m.point(at: m.length - 3), 1e-9))
    }

    @Test func tangentsAtDegeneratePoints() throws {
        // Coincident start control point: the tangent is the limit, towards p2.
        let m = try PathMeasure(cubicPath([Point(0, 0), Point(0, 0), Point(50, 100), Point(100, 0)]))
        let t0 = m.tangent(at: 0), want = Vector(50, 100).normalized!
        #expect(close(t0.x, want.x, 1e-5) && close(t0.y, want.y, 1e-5))
        // At the cusp the tangent is the direction the curve leaves in: B″(½) ∝ (0, −1).
        let c = try PathMeasure(cubicPath(cuspCubic))
        let sc = Reference.cubicLength(cuspCubic, to: 0.5)
        let tc = c.tangent(at: sc)
        #expect(close(tc.x, 0, 1e-4) && close(tc.y, -1, 1e-4), "\(tc)")
        let before = c.tangent(at: sc - 1e-6)
        #expect(close(before.x, 0, 1e-3) && close(before.y, 1, 1e-3), "\(before)")
        // Three coincident end points: the curve arrives along +x.
        let e = try PathMeasure(cubicPath([Point(0, 0), Point(100, 0), Point(100, 0), Point(100, 0)]))
        let te = e.tangent(at: e.length)
        #expect(close(te.x, 1, 1e-9) && close(te.y, 0, 1e-9))
        for s in stride(from: 0.0, through: c.length, by: c.length / 50) {
            let sm = c.sample(at: s)
            #expect(sm.point.isFinite && sm.tangent.isFinite && close(sm.tangent.length, 1, 1e-12))
        }
    }

    @Test func errors() throws {
        #expect(throws: GeometryError.emptyPath) { try PathMeasure(BezPath()) }
        var moveOnly = BezPath(); moveOnly.move(to: Point(1, 1))
        #expect(throws: GeometryError.emptyPath) { try PathMeasure(moveOnly) }
        #expect(throws: GeometryError.zeroLength) { try PathMeasure(.line(from: Point(2, 2), to: Point(2, 2))) }
        #expect(throws: GeometryError.zeroLength) { try PathMeasure(cubicPath([Point(1, 1), Point(1, 1), Point(1, 1), Point(1, 1)])) }
        #expect(throws: GeometryError.nonFinite("a path coordinate")) {
            try PathMeasure(.line(from: Point(0, 0), to: Point(.nan, 1)))
        }
        #expect(throws: GeometryError.nonFinite("a path coordinate")) {
            try PathMeasure(cubicPath([Point(0, 0), Point(.infinity, 1), Point(1, 1), Point(2, 2)]))
        }
    }

    @Test func nonFiniteDistancesNeverGiveNaN() throws {
        for p in [BezPath.circle(center: .zero, radius: 10), cubicPath(cuspCubic)] {
            let m = try PathMeasure(p)
            for s in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
                let x = m.sample(at: s)
                #expect(x.point.isFinite && x.tangent.isFinite)
            }
        }
    }

    @Test func subpathsRunInOrderWithoutJumpLength() throws {
        let p = try BezPath(svgPathData: "M 0 0 L 10 0 M 100 100 L 100 110")
        let m = try PathMeasure(p)
        #expect(m.length == 20 && !m.isClosed)
        #expect(m.point(at: 5) == Point(5, 0))
        #expect(m.point(at: 10) == Point(100, 100))   // a boundary resolves to the segment being entered
        #expect(m.tangent(at: 10) == Vector(0, 1))
        #expect(m.point(at: 15) == Point(100, 105))
    }

    @Test func reversedMatchesMeasuringTheReversedPath() throws {
        let p = try BezPath(svgPathData: "M 0 0 C 30 -40 70 40 100 0 A 50 30 20 0 1 200 0 L 200 50 M 10 10 Q 50 90 90 10")
        let m = try PathMeasure(p)
        let r = m.reversed()
        let ref = try PathMeasure(p.reversed())
        #expect(r.isReversed && !m.isReversed && r.reversed().isReversed == false)
        #expect(close(r.length, ref.length, 1e-9))
        for s in stride(from: 0.0, through: m.length, by: m.length / 40) {
            let a = r.sample(at: s), b = ref.sample(at: s), c = m.sample(at: m.length - s)
            #expect(close(a.point, b.point, 1e-7) && close(a.point, c.point, 1e-12))
            #expect(close(a.tangent.x, b.tangent.x, 1e-6) && close(a.tangent.y, b.tangent.y, 1e-6))
        }
        // At a corner the reversed measure reports the direction it leaves in.
        let corner = try PathMeasure(.polyline([Point(0, 0), Point(10, 0), Point(10, 10)]))
        #expect(corner.tangent(at: 10) == Vector(0, 1))
        #expect(corner.reversed().tangent(at: 10) == Vector(-1, 0))
    }
}

@Suite struct GaussLegendreTests {
    @Test func rulesIntegratePolynomialsExactly() {
        for n in [1, 2, 5, 16] {
            let gl = GaussLegendre(order: n)
            // ∫₀² t^(2n−1) dt = 2^(2n) / (2n).
            let deg = 2 * n - 1
            let exact = pow(2, Double(deg + 1)) / Double(deg + 1)
            #expect(abs(gl.integrate(0, 2) { pow($0, Double(deg)) } - exact) <= 1e-12 * exact, "n=\(n)")
            #expect(close(gl.weights.reduce(0, +) * 2 - (n % 2 == 1 ? gl.weights.last! : 0), 2, 1e-14))
        }
    }

    @Test func fixedRulesMatchComputedRules() {
        // The 16-point rule computed here agrees with the tabulated values (Abramowitz & Stegun 25.4).
        let gl = GaussLegendre.sixteen
        #expect(close(gl.nodes[0], 0.9894009349916499, 1e-15) && close(gl.weights[0], 0.0271524594117540, 1e-15))
        #expect(close(gl.nodes[7], 0.0950125098376374, 1e-15) && close(gl.weights[7], 0.1894506104550685, 1e-15))
        let seg = Segment.cubic(CubicBez(Point(0, 0), Point(30, 80), Point(70, -40), Point(100, 0)))
        #expect(close(seg.arclen(from: 0.1, to: 0.7), gl.integrate(0.1, 0.7) { seg.speed($0) }, 1e-12))
    }
}
