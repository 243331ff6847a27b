import Support

/// Shape builders. Angles are in radians from +x towards +y, so on a y-down canvas they increase
/// clockwise and `-π/2` is the top; `clockwise: true` means the angle increases along the path.
extension BezPath {
    /// A single straight line from `p0` to `p1`, as an open path.
    public static func line(from p0: Point, to p1: Point) -> BezPath {
        var p = BezPath()
        p.move(to: p0)
        p.line(to: p1)
        return p
    }

    /// Straight lines through `points` in order; closed (back to the first point) when `closed`.
    /// Fewer than two points give a path with no segments.
    public static func polyline(_ points: [Point], closed: Bool = false) -> BezPath {
        guard let first = points.first else { return BezPath() }
        var p = BezPath()
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        if closed && points.count > 1 { p.close() }
        return p
    }

    /// A circle as one closed subpath of two exact half arcs.
    ///
    /// - Parameters:
    ///   - center: the centre.
    ///   - radius: the radius (positive).
    ///   - startAngle: where the path starts, from +x towards +y (so `.degrees(-90)` is the top).
    ///   - clockwise: the direction on a y-down canvas (the angle increases when `true`).
    public static func circle(center: Point, radius: Double, startAngle: Angle = .zero, clockwise: Bool = true) -> BezPath {
        ellipse(center: center, radii: Vector(radius, radius), startAngle: startAngle, clockwise: clockwise)
    }

    /// An ellipse as one closed subpath of two exact half arcs.
    ///
    /// - Parameters:
    ///   - center: the centre.
    ///   - radii: the semi-axes before rotation.
    ///   - rotation: the rotation of the ellipse's x axis.
    ///   - startAngle: the eccentric angle where the path starts.
    ///   - clockwise: the direction on a y-down canvas (the angle increases when `true`).
    public static func ellipse(center: Point, radii: Vector, rotation: Angle = .zero, startAngle: Angle = .zero,
                               clockwise: Bool = true) -> BezPath {
        let rotation = rotation.radians, startAngle = startAngle.radians
        let sweep = clockwise ? Double.pi : -Double.pi
        var p = BezPath()
        let first = EllipticalArc(center: center, radii: radii, xRotation: rotation, startAngle: startAngle, sweepAngle: sweep)
        p.move(to: first.start)
        p.append(.arc(first))
        p.append(.arc(EllipticalArc(center: center, radii: radii, xRotation: rotation,
                                    startAngle: startAngle + sweep, sweepAngle: sweep)))
        p.subpaths[0].isClosed = true
        return p
    }

    /// The signed sweep from `start` to `end` in the given direction: in `[0, 2π)` when clockwise and in
    /// `(−2π, 0]` when not, except that two angles a non-zero whole number of turns apart give a full turn.
    public static func sweep(from start: Angle, to end: Angle, clockwise: Bool) -> Angle {
        .radians(sweepRadians(from: start.radians, to: end.radians, clockwise: clockwise))
    }

    /// ``sweep(from:to:clockwise:)`` in radians.
    static func sweepRadians(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let twoPi = Angle.fullTurn
        let raw = end - start
        var s = Angle.wrapped(raw, period: twoPi)   // [0, 2π)
        if clockwise {
            if s == 0 && raw != 0 { s = twoPi }
            return s
        } else {
            var n = s == 0 ? 0 : s - twoPi
            if n == 0 && raw != 0 { n = -twoPi }
            return n
        }
    }

    /// An open circular arc from `startAngle` to `endAngle` going the given way round.
    ///
    /// The sweep is ``sweep(from:to:clockwise:)``: e.g. from 350° to 10° clockwise is 20°, counter-clockwise
    /// 340°; from 0 to 2π is a full circle.
    public static func arc(center: Point, radius: Double, startAngle: Angle, endAngle: Angle,
                           clockwise: Bool = true) -> BezPath {
        let a = EllipticalArc(center: center, radii: Vector(radius, radius), startAngle: startAngle.radians,
                              sweepAngle: sweepRadians(from: startAngle.radians, to: endAngle.radians, clockwise: clockwise))
        var p = BezPath()
        p.move(to: a.start)
        if a.sweepAngle != 0 { p.append(.arc(a)) }
        return p
    }

    /// The region between two radii from `startAngle` to `endAngle` (an annulus sector), as one closed
    /// subpath: the outer arc from start to end, a line in to the inner radius, the inner arc back, and
    /// the closing line out.
    ///
    /// Angles may take any values, including sectors that cross 0°/360°; the sweep is
    /// ``sweep(from:to:clockwise:)``. An inner radius of zero gives a pie wedge.
    public static func ringSector(center: Point, innerRadius: Double, outerRadius: Double,
                                  startAngle: Angle, endAngle: Angle, clockwise: Bool = true) -> BezPath {
        let startAngle = startAngle.radians
        let sweep = sweepRadians(from: startAngle, to: endAngle.radians, clockwise: clockwise)
        let outer = EllipticalArc(center: center, radii: Vector(outerRadius, outerRadius),
                                  startAngle: startAngle, sweepAngle: sweep)
        var p = BezPath()
        p.move(to: outer.start)
        if sweep != 0 { p.append(.arc(outer)) }
        let innerEnd = center + Vector.polar(startAngle + sweep, length: innerRadius)
        p.line(to: innerEnd)
        if innerRadius > 0 && sweep != 0 {
            p.append(.arc(EllipticalArc(center: center, radii: Vector(innerRadius, innerRadius),
                                        startAngle: startAngle + sweep, sweepAngle: -sweep)))
        }
        p.close()
        return p
    }

    /// A rectangle with circular corners, as one closed subpath running clockwise on a y-down canvas,
    /// starting at the end of the top-left corner.
    ///
    /// - Parameters:
    ///   - origin: the top-left corner of the bounding box (smallest x and y).
    ///   - width: the width (positive).
    ///   - height: the height (positive).
    ///   - cornerRadius: the corner radius, clamped to `[0, min(width, height)/2]`; zero gives sharp corners.
    public static func roundedRectangle(origin: Point, width: Double, height: Double, cornerRadius: Double) -> BezPath {
        let r = max(0, min(cornerRadius, min(width, height) / 2))
        let x0 = origin.x, y0 = origin.y, x1 = origin.x + width, y1 = origin.y + height
        var p = BezPath()
        p.move(to: Point(x0 + r, y0))
        func corner(_ c: Point, _ start: Double) {
            guard r > 0 else { return }
            p.append(.arc(EllipticalArc(center: c, radii: Vector(r, r), startAngle: start, sweepAngle: .pi / 2)))
        }
        if x1 - r > x0 + r { p.line(to: Point(x1 - r, y0)) }
        corner(Point(x1 - r, y0 + r), -.pi / 2)
        if y1 - r > y0 + r { p.line(to: Point(x1, y1 - r)) }
        corner(Point(x1 - r, y1 - r), 0)
        if x0 + r < x1 - r { p.line(to: Point(x0 + r, y1)) }
        corner(Point(x0 + r, y1 - r), .pi / 2)
        if y0 + r < y1 - r { p.line(to: Point(x0, y0 + r)) }
        corner(Point(x0 + r, y0 + r), .pi)
        p.close()
        return p
    }
}
