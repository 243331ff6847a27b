import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// SVG's per-character `dx`, `dy` and `rotate` lists, per cluster, against the placement rule worked out by hand:
/// with D_k = Σ_{1≤i≤k} dx_i and E_k = Σ_{1≤i≤k} dy_i, unit k's midpoint lies at
/// s_k = s0 + dx_0 + p_k + D_k + a_k/2 on the path measured at dy_0, its origin is
/// P(s_k) − T·a_k/2 + N·E_k turned by rotate_min(k, n−1) about the pivot, and its angle is atan2(T) +
/// rotate_min(k, n−1) (clockwise on screen). The pivot is the unit's midpoint on its shifted baseline,
/// P(s_k) + N·E_k (Chromium's rule on a path), or with `rotateAbout: .origin` the unit's origin (plain text).
@Suite struct PerClusterAdjustmentTests {
    static let dx = [5.0, 3, 0, 7, -2]
    static let dy = [6.0, 4, -1, 2]
    static let rotate = [10.0, 20, -15]

    func options(shift: ShiftMode = .parallel, method: PlacementMethod = .align, about: RotationCentre = .midpoint) -> LabelOptions {
        var o = LabelOptions(dx: Self.dx, dy: Self.dy[0], clusterDy: Array(Self.dy.dropFirst()), shift: shift, rotate: Self.rotate,
                             upright: .off, method: method)
        o.rotateAbout = about
        return o
    }

    /// `p` turned by `theta` about `pivot`, clockwise on screen (y down).
    func turned(_ p: Point, about pivot: Point, by theta: Double) -> Point {
        let v = p - pivot
        return pivot + Vector(v.x * cos(theta) - v.y * sin(theta), v.x * sin(theta) + v.y * cos(theta))
    }

    /// Cumulative sums Σ_{1≤i≤k} v_i (0 past the list's end adds nothing).
    func cumulative(_ v: [Double], _ k: Int) -> Double { k < 1 ? 0 : (1...k).reduce(0) { $0 + ($1 < v.count ? v[$1] : 0) } }
    func rotation(_ k: Int) -> Double { Self.rotate[min(k, Self.rotate.count - 1)] * .pi / 180 }

    @Test(arguments: [PlacementMethod.align, .chord], [RotationCentre.midpoint, .origin])
    func onALineEachClusterMovesByItsCumulativeShifts(method: PlacementMethod, about: RotationCentre) throws {
        let line = shaped("HAVOC", size: 40)
        let label = try LabelLayout.place(line, along: horizontal(10, 100, length: 1000), options: options(method: method, about: about))[0]
        #expect(label.glyphs.count == 5)
        var pen = 0.0
        for (k, g) in label.glyphs.enumerated() {
            let a = line.glyphs[k].advance
            let x = 10 + Self.dx[0] + pen + cumulative(Self.dx, k)
            let y = 100 - Self.dy[0] - cumulative([0] + Self.dy.dropFirst(), k)
            let origin = about == .origin ? Point(x, y) : turned(Point(x, y), about: Point(x + a / 2, y), by: rotation(k))
            #expect(abs(g.origin.x - origin.x) < 1e-6, "unit \(k): x \(g.origin.x) vs \(origin.x)")
            #expect(abs(g.origin.y - origin.y) < 1e-6, "unit \(k): y \(g.origin.y) vs \(origin.y)")
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
            let pivot = P + N * (up0 + cumulative([0] + Self.dy.dropFirst(), k))
            let origin = turned(pivot - T * (a / 2), about: pivot, by: rotation(k))
            #expect(g.origin.distance(to: origin) < 1e-6, "unit \(k): \(g.origin) vs \(origin)")
            #expect(abs(angleDiff(g.angle.radians, atan2(T.y, T.x) + rotation(k))) < 1e-9)
            pen += a
        }
    }

    /// A glyph away from its cluster's origin (a mark) turns with the cluster: about the cluster's midpoint
    /// on the path, or with `rotateAbout: .origin` about the cluster's origin.
    @Test(arguments: [RotationCentre.midpoint, .origin])
    func aMarkTurnsWithItsCluster(about: RotationCentre) throws {
        let line = shaped("x\u{301}", size: 40)
        try #require(line.glyphs.count == 2)
        let plain = try LabelLayout.place(line, along: horizontal(0, 100, length: 500), options: LabelOptions(upright: .off))[0]
        var options = LabelOptions(rotate: [90], upright: .off)
        options.rotateAbout = about
        let turned = try LabelLayout.place(line, along: horizontal(0, 100, length: 500), options: options)[0]
        let a = line.glyphs.reduce(0) { $0 + $1.advance }
        let pivot = about == .origin ? Point(0, 100) : Point(a / 2, 100)
        for (p, t) in zip(plain.glyphs, turned.glyphs) {
            let v = p.origin - pivot
            let expected = pivot + Vector(-v.y, v.x)   // 90° clockwise on screen (y down)
            #expect(t.origin.distance(to: expected) < 1e-9)
            #expect(abs(angleDiff(t.angle.radians, .pi / 2)) < 1e-12)
        }
    }

    /// Issue #25's example: `rotate="90"` on a path turns H about its midpoint on the path, as Chromium does,
    /// so its origin moves from (70, 150) to (70 + a/2, 150 − a/2); plain text keeps it at (70, 150).
    @Test func rotateOnAPathTurnsAboutTheMidpoint() throws {
        let line = shaped("H", size: 60)
        let a = line.glyphs[0].advance
        let path = horizontal(70, 150, length: 300)
        let onPath = try LabelLayout.place(line, along: path, options: LabelOptions(rotate: [90], upright: .off))[0].glyphs[0]
        #expect(onPath.origin.distance(to: Point(70 + a / 2, 150 - a / 2)) < 1e-9, "\(onPath.origin)")
        var plain = LabelOptions(rotate: [90], upright: .off)
        plain.rotateAbout = .origin
        let atOrigin = try LabelLayout.place(line, along: path, options: plain)[0].glyphs[0]
        #expect(atOrigin.origin.distance(to: Point(70, 150)) < 1e-9)
        #expect(abs(angleDiff(onPath.angle.radians, .pi / 2)) < 1e-12 && abs(angleDiff(atOrigin.angle.radians, .pi / 2)) < 1e-12)
    }

    /// resvg's baseline-shift/with-rotate: in plain text a glyph raised by its run's baseline shift turns
    /// about its raised origin (both references do), so `rotate="90"` keeps the raised B's origin at
    /// (a_A, 90). On a path (textPath/with-baseline-shift-and-rotate) Chromium turns it about its midpoint
    /// on the path, unraised: (a_A + a_B/2, 100), which puts its origin at (a_A + a_B/2 + 10, 100 − a_B/2).
    @Test(arguments: [RotationCentre.midpoint, .origin])
    func aRaisedGlyphTurnsAboutItsRaisedOriginInPlainText(about: RotationCentre) throws {
        let plain = TextAttributes(fonts: stack, size: 40, systemFallback: false)
        var raised = plain
        raised.baselineShift = 10
        let line = Shaper.shape(AttributedText(pieces: [("A", plain), ("B", raised)]))
        try #require(line.glyphs.count == 2)
        let (aA, aB) = (line.glyphs[0].advance, line.glyphs[1].advance)
        var options = LabelOptions(rotate: [90], upright: .off)
        options.rotateAbout = about
        let glyphs = try LabelLayout.place(line, along: horizontal(0, 100, length: 500), options: options)[0].glyphs
        try #require(glyphs.count == 2)
        let (a, b) = about == .origin ? (Point(0, 100), Point(aA, 90)) : (Point(aA / 2, 100 - aA / 2), Point(aA + aB / 2 + 10, 100 - aB / 2))
        #expect(glyphs[0].origin.distance(to: a) < 1e-9, "\(glyphs[0].origin) vs \(a)")
        #expect(glyphs[1].origin.distance(to: b) < 1e-9, "\(glyphs[1].origin) vs \(b)")
        #expect(abs(angleDiff(glyphs[1].angle.radians, .pi / 2)) < 1e-12)
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
