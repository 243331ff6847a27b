#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

@Suite struct DragTests {
    /// A figure-8 of four cubics crossing itself at the origin: branch A runs through the origin along
    /// (−1, −1) (end of the second cubic into the third), branch B along (1, −1) (the seam).
    static let figure8 = "M 0 0 C 50 -50 100 -50 100 0 C 100 50 50 50 0 0 C -50 -50 -100 -50 -100 0 C -100 50 -50 50 0 0 Z"

    @Test func handleFollowsItsOwnStrokeThroughTheCrossing() throws {
        let m = try PathMeasure(try BezPath(svgPathData: Self.figure8))
        let quarter = m.length / 4   // by symmetry each cubic has the same length
        // Start on branch A near (4, 4), the foot of the first target.
        // Targets slide past the crossing, always nearer to branch B than to A for x > 0.
        let targets = stride(from: 16.0, through: -16.0, by: -0.25).map { Point($0, -0.5 * $0) }
        var s = m.drag(from: m.nearest(to: Point(4, 4)).distance, toward: targets[0]).distance
        #expect(s > quarter && s < 2 * quarter)
        var sawOtherBranchNearer = false
        var previous = s
        for q in targets {
            let loc = m.drag(from: s, toward: q)
            // Stays on branch A: the second and third cubics, near the crossing.
            #expect(loc.distance > quarter + 1 && loc.distance < 3 * quarter - 1, "\(q): \(loc.distance)")
            // The handle sits at a foot of the target on branch A: the offset is perpendicular to the
            // tangent, and near the crossing A is close to the line y = x.
            let off = q - loc.point
            #expect(abs(off.dot(loc.tangent)) < 1e-6 * max(1, off.length), "\(q): \(loc.point)")
            #expect(abs(loc.point.x - loc.point.y) < 0.5 && close(loc.point.x, q.x / 4, 0.5), "\(q): \(loc.point)")
            // Continuous: the handle moves about as far as the foot (0.25·0.25·√2 ≈ 0.09), never jumps.
            #expect(abs(loc.distance - previous) < 0.2, "\(q): \(previous) → \(loc.distance) \(loc.point)")
            let global = m.nearest(to: q)
            if global.offset < loc.offset - 1, abs(global.distance - loc.distance) > 10 { sawOtherBranchNearer = true }
            previous = loc.distance; s = loc.distance
        }
        #expect(sawOtherBranchNearer)   // the test exercised the case where nearest() would jump
        #expect(previous > 2 * quarter)  // and the handle went through onto the third cubic
    }

    @Test func dragThroughSequenceMatchesSingleSteps() throws {
        let m = try PathMeasure(try BezPath(svgPathData: Self.figure8))
        let targets = (0..<20).map { Point(Double($0), Double(-$0)) }
        let locs = m.drag(from: m.length - 1, through: targets)
        var s = m.length - 1
        for (q, l) in zip(targets, locs) {
            let one = m.drag(from: s, toward: q)
            #expect(one == l)
            s = one.distance
        }
        // Branch B runs from the origin towards (1, −1): the targets are on it.
        #expect(close(locs.last!.point, Point(19, -19), 2))
    }

    @Test func closedPathWrapsThroughStart() throws {
        let m = try PathMeasure(.circle(center: .zero, radius: 100))
        var s = m.length - 20
        var travelled = 0.0
        // The pointer moves clockwise past the start point (angle 0), 1° at a time.
        for k in -11...12 {
            let ang = Double(k) * .pi / 180
            let loc = m.drag(from: s, toward: Point(120 * cos(ang), 120 * sin(ang)))
            let step = m.signedDistance(from: s, to: loc.distance)
            #expect(step >= 0 && step < 2.5, "k=\(k): \(step)")
            #expect(close(loc.point, Point(100 * cos(ang), 100 * sin(ang)), 1e-4))
            #expect(loc.distance >= 0 && loc.distance < m.length)
            travelled += step; s = loc.distance
        }
        #expect(close(travelled, 20 + 12 * .pi * 100 / 180, 1e-3))
    }

    @Test func openPathStopsAtEnds() throws {
        let m = try PathMeasure(.polyline([Point(0, 0), Point(50, 0)]))
        #expect(close(m.drag(from: 10, toward: Point(80, 3)).distance, 50, 1e-9))
        #expect(close(m.drag(from: 10, toward: Point(-80, 3)).distance, 0, 1e-9))
        #expect(close(m.drag(from: 10, toward: Point(20, 3)).distance, 20, 1e-6))
    }

    @Test func signedDistanceWraps() throws {
        let m = try PathMeasure(.circle(center: .zero, radius: 10))
        let l = m.length
        #expect(close(m.signedDistance(from: l - 1, to: 1), 2, 1e-12))
        #expect(close(m.signedDistance(from: 1, to: l - 1), -2, 1e-12))
    }
}
