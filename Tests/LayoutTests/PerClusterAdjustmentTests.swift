import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

/// SVG's per-character `dx`, `dy` and `rotate` lists, per cluster, against the placement rule worked out by hand:
/// with D_k = Σ_{1≤i≤k} dx_i and E_k = Σ_{1≤i≤k} dy_i, unit k's midpoint lies at
/// s_k = s0 + dx_0 + p_k + D_k + a_k/2 on the path measured at dy_0, its origin is
/// P(s_k) − T·a_k/2 + N·E_k, and its angle is atan2(T) + rotate_min(k, n−1) (clockwise on screen).
@Suite struct PerClusterAdjustmentTests {
    static let dx = [5.0, 3, 0, 7, -2]
    static let dy = [6.0, 4, -1, 2]
    static let rotate = [10.0, 20, -15]

    func options(shift: ShiftMode = .parallel, method: PlacementMethod = .align) -> LabelOptions {
        LabelOptions(dx: Self.dx, dy: Self.dy[0], clusterDy: Array(Self.dy.dropFirst()), shift: shift, rotate: Self.rotate,
                     upright: .off, method: method)
    }

    /// Cumulative sums Σ_{1≤i≤k} v_i (0 past the list's end adds nothing).
    func cumulative(_ v: [Double], _ k: Int) -> Double { k < 1 ? 0 : (1...k).reduce(0) { $0 + ($1 < v.count ? v[$1] : 0) } }
    func rotation(_ k: Int) -> Double { Self.rotate[min(k, Self.rotate.count - 1)] * .pi / 180 }

    @Test(arguments: [PlacementMethod.align, .chord])
    func onALineEachClusterMovesByItsCumulativeShifts(method: PlacementMethod) throws {
        let line = shaped("HAVOC", size: 40)
        let label = try LabelLayout.place(line, along: horizontal(10, 100, length: 1000), options: options(method: method))[0]
        #expect(label.glyphs.count == 5)
        var pen = 0.0
        for (k, g) in label.glyphs.enumerated() {
            let x = 10 + Self.dx[0] + pen + cumulative(Self.dx, k)
            let y = 100 - Self.dy[0] - cumulative([0] + Self.dy.dropFirst(), k)
            #expect(abs(g.origin.x - x) < 1e-6, "unit \(k): x \(g.origin.x) vs \(x)")
            #expect(abs(g.origin.y - y) < 1e-6, "unit \(k): y \(g.origin.y) vs \(y)")
            #expect(abs(angleDiff(g.angle.radians, rotation(k))) < 1e-12)
            pen += line.glyphs[k].advance
        }
        // The later dx values lengthen the label; the first moves it.
        #expect(abs(label.advance - (line.advance + Self.dx.dropFirst().reduce(0, +))) < 1e-9)
    }

    /// On a circle of radius r (start at angle π, clockwise on screen) the parallel shift dy_0 puts the
    /// baseline on the circle of radius R = r + dy_0; unit k's midpoint turns to θ_k = π + s_k/R.
    @Test(arguments: [ShiftMode.parallel, .normal])
    func onACircleEachClusterFollowsTheAnalyticArc(shift: ShiftMode) throws {
        let r = 150.0
        let path = BezPath.circle(center: .zero, radius: r, startAngle: .pi, clockwise: true)
        let line = shaped("HAVOC", size: 30)
        let label = try LabelLayout.place(line, along: path, options: options(shift: shift))[0]
        #expect(label.glyphs.count == 5)
        let R = shift == .parallel ? r + Self.dy[0] : r
        let up0 = shift == .parallel ? 0 : Self.dy[0]
        var pen = 0.0
        for (k, g) in label.glyphs.enumerated() {
            let a = line.glyphs[k].advance
            let s = Self.dx[0] + pen + cumulative(Self.dx, k) + a / 2
            let theta = Double.pi + s / R
            let P = Point(R * cos(theta), R * sin(theta)), T = Vector(-sin(theta), cos(theta)), N = Vector(cos(theta), sin(theta))
            let origin = P - T * (a / 2) + N * (up0 + cumulative([0] + Self.dy.dropFirst(), k))
            #expect(g.origin.distance(to: origin) < 1e-6, "unit \(k): \(g.origin) vs \(origin)")
            #expect(abs(angleDiff(g.angle.radians, atan2(T.y, T.x) + rotation(k))) < 1e-9)
            pen += a
        }
    }

    /// A glyph away from its cluster's origin (a mark) turns with the cluster about the cluster's origin.
    @Test func aMarkTurnsAboutItsClustersOrigin() throws {
        let line = shaped("x\u{301}", size: 40)
        try #require(line.glyphs.count == 2)
        let plain = try LabelLayout.place(line, along: horizontal(0, 100, length: 500), options: LabelOptions(upright: .off))[0]
        let turned = try LabelLayout.place(line, along: horizontal(0, 100, length: 500),
                                           options: LabelOptions(rotate: [90], upright: .off))[0]
        let pivot = Point(0, 100)
        for (p, t) in zip(plain.glyphs, turned.glyphs) {
            let v = p.origin - pivot
            let expected = pivot + Vector(-v.y, v.x)   // 90° clockwise on screen (y down)
            #expect(t.origin.distance(to: expected) < 1e-9)
            #expect(abs(angleDiff(t.angle.radians, .pi / 2)) < 1e-12)
        }
    }

    /// A single dy value is today's whole-label shift, and the label's anchor moves with dx_0 whatever the alignment.
    @Test func singleValuesKeepTheirMeaning() throws {
        let line = shaped("Mid", size: 30)
        let path = horizontal(0, 100, length: 600)
        for align in TextAnchor.allCases {
            let base = try LabelLayout.place(line, along: path, options: LabelOptions(align: align))[0]
            let moved = try LabelLayout.place(line, along: path, options: LabelOptions(align: align, dx: [12], dy: 8))[0]
            for (b, m) in zip(base.glyphs, moved.glyphs) {
                #expect(abs(m.origin.x - b.origin.x - 12) < 1e-9)
                #expect(abs(m.origin.y - b.origin.y + 8) < 1e-9)
            }
        }
    }

    @Test func nonFiniteValuesAreRefused() {
        #expect(throws: LayoutError.self) {
            try LabelLayout.place(shaped("x"), along: horizontal(0, 0, length: 100), options: LabelOptions(rotate: [.nan]))
        }
    }
}
