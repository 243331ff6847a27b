import Testing
import Geometry

/// Dash patterns and dashed paths (SVG `stroke-dasharray`, `stroke-dashoffset`).
@Suite struct BezPathDashTests {
    static func line(_ length: Double) -> BezPath {
        var p = BezPath(); p.move(to: Point(0, 0)); p.line(to: Point(length, 0)); return p
    }

    @Test func dashesAlternateWithGapsFromTheOffset() throws {
        let p = try #require(DashPattern([10, 5]))
        #expect(p.dashes(along: 40) == [0...10, 15...25, 30...40])
        let shifted = try #require(DashPattern([10, 5], offset: 12))   // 12 into the pattern: inside the first gap
        #expect(shifted.dashes(along: 40) == [3...13, 18...28, 33...40])
        let back = try #require(DashPattern([10, 5], offset: -3))     // −3 ≡ 12
        #expect(back.dashes(along: 40) == shifted.dashes(along: 40))
    }

    @Test func anOddListRepeatsAndAZeroSumIsSolid() throws {
        let odd = try #require(DashPattern([4, 2, 1]))
        #expect(odd.lengths == [4, 2, 1, 4, 2, 1] && odd.period == 14)
        #expect(odd.dashes(along: 14) == [0...4, 6...7, 11...13])   // dash 4, gap 2, dash 1, gap 4, dash 2, gap 1
        #expect(DashPattern([0, 0]) == nil && DashPattern([]) == nil)
        #expect(try #require(DashPattern([0, 5])).dashes(along: 20) == [])
    }

    @Test func aDashedPathFollowsTheCurveExactly() throws {
        // A circle of radius 10 (length 20π) in dashes of π: ten dashes, each an arc of length π.
        var c = BezPath()
        c.move(to: Point(10, 0))
        c.arc(EllipticalArc(center: Point(0, 0), radii: Vector(10, 10), startAngle: 0, sweepAngle: 2 * .pi))
        let dashed = c.dashed(by: try #require(DashPattern([.pi, .pi])))
        #expect(dashed.subpaths.count == 10 && dashed.subpaths.allSatisfy { !$0.isClosed })
        for sp in dashed.subpaths {
            let m = try PathMeasure(BezPath(subpaths: [sp]))
            #expect(abs(m.length - .pi) < 1e-9)
            #expect(abs((sp.start - Point(0, 0)).length - 10) < 1e-9)
        }
        // Every subpath restarts the pattern.
        var two = Self.line(12)
        two.move(to: Point(0, 5)); two.line(to: Point(12, 5))
        let d = two.dashed(by: try #require(DashPattern([5, 5])))
        #expect(d.subpaths.map(\.start) == [Point(0, 0), Point(10, 0), Point(0, 5), Point(10, 5)])
    }

    @Test func aPatternFinerThanTheLimitLeavesThePathSolid() throws {
        let fine = try #require(DashPattern([1e-3, 1e-3]))
        #expect(fine.dashes(along: 1e6) == nil)
        let path = Self.line(1e6)
        #expect(path.dashed(by: fine) == path)
        #expect(try #require(DashPattern([1, 1])).dashes(along: 1e5)?.count == 50_000)
    }
}
