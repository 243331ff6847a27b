import Support

extension EllipticalArc {
    /// The SVG endpoint parameterisation of this arc: what an `A` command needs to redraw it.
    public struct SVGParameters: Hashable, Sendable {
        /// The semi-axes (non-negative).
        public var radii: Vector
        /// The rotation of the ellipse's x axis, in degrees.
        public var xRotationDegrees: Double
        /// SVG's `large-arc-flag`: whether the arc spans more than 180°.
        public var largeArc: Bool
        /// SVG's `sweep-flag`: whether the angle increases along the arc (clockwise on a y-down canvas).
        public var sweep: Bool
        /// The end point.
        public var end: Point
    }

    /// The arc in SVG endpoint form, with the flags recomputed from the sweep angle.
    ///
    /// Negative radii are folded into the start angle so that the radii written are non-negative.
    /// An arc of a full turn or more cannot be written as one SVG arc; split it first (``splitForSVG()``).
    public var svgParameters: SVGParameters {
        let r = normalizedRadii
        return SVGParameters(radii: r.radii, xRotationDegrees: r.xRotation * 180 / .pi,
                             largeArc: abs(sweepAngle) > .pi, sweep: sweepAngle > 0, end: end)
    }

    /// The same arc with non-negative radii (a negative radius is half a turn of the eccentric angle,
    /// or of the rotation when both are negative).
    public var normalizedRadii: EllipticalArc {
        var a = self
        if a.radii.x < 0 && a.radii.y < 0 {
            a.radii = Vector(-a.radii.x, -a.radii.y); a.startAngle += .pi
        } else if a.radii.x < 0 {
            // (−rx cos θ, ry sin θ) = (rx cos(π−θ), ry sin(π−θ)): the eccentric angle is mirrored.
            a.radii.x = -a.radii.x; a.startAngle = .pi - a.startAngle; a.sweepAngle = -a.sweepAngle
        } else if a.radii.y < 0 {
            a.radii.y = -a.radii.y; a.startAngle = -a.startAngle; a.sweepAngle = -a.sweepAngle
        }
        return a
    }

    /// The arc cut into equal pieces of less than a full turn each (at most 180° when it was longer
    /// than 340°), so that every piece can be written as an SVG `A` command with unambiguous flags.
    public func splitForSVG() -> [EllipticalArc] {
        let limit = 1.9 * Double.pi
        guard abs(sweepAngle) > limit else { return [self] }
        let n = Int((abs(sweepAngle) / .pi).rounded(.up))
        return (0..<n).map { subsegment(Double($0) / Double(n), Double($0 + 1) / Double(n)) }
    }
}

extension Segment {
    /// An SVG arc whose end points, evaluated back from its centre, miss the given ones by more than this
    /// fraction of the chord (plus rounding of the coordinates, ``Tolerance/circular``) is drawn as a line.
    static let endpointTolerance = 1e-6

    /// The segment an SVG elliptical arc command draws from `p1` to `p2`, converted to centre
    /// parameterisation as in the SVG implementation notes (§ F.6.5), with out-of-range radii scaled
    /// up until the ellipse just reaches both end points (§ F.6.6).
    ///
    /// - Returns: `nil` when the end points are identical (the arc is omitted); a ``line(_:)`` when a
    ///   radius is zero; otherwise an ``arc(_:)`` whose sweep has the sign of `sweep` (positive is
    ///   clockwise on a y-down canvas) and spans more than 180° exactly when `largeArc` is set.
    public static func svgArc(from p1: Point, to p2: Point, radii: Vector, xRotationDegrees: Double,
                              largeArc: Bool, sweep: Bool) -> Segment? {
        if p1 == p2 { return nil }
        var rx = abs(radii.x), ry = abs(radii.y)
        if rx == 0 || ry == 0 { return .line(Line(p1, p2)) }
        let phi = Angle.radians(degrees: xRotationDegrees)
        let cp = cos(phi), sp = sin(phi)
        // Step 1: the midpoint-relative start point in the ellipse's frame.
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy
        // F.6.6: scale radii up when no ellipse of these radii reaches both points.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        // Step 2: the centre in the ellipse's frame.
        let rx2 = rx * rx, ry2 = ry * ry
        let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
        let den = rx2 * y1p * y1p + ry2 * x1p * x1p
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry, cyp = -coef * ry * x1p / rx
        // Step 3: the centre in user space.
        let center = Point(cp * cxp - sp * cyp + (p1.x + p2.x) / 2, sp * cxp + cp * cyp + (p1.y + p2.y) / 2)
        // Step 4: start angle and sweep.
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = Vector(ux, uy).angle
        var dtheta = Vector(ux * vx + uy * vy, ux * vy - uy * vx).angle
        if !sweep && dtheta > 0 { dtheta -= Angle.fullTurn }
        if sweep && dtheta < 0 { dtheta += Angle.fullTurn }
        // A half turn has no preferred direction in atan2; the sweep flag decides it.
        if abs(abs(dtheta) - .pi) < Tolerance.coincident { dtheta = sweep ? .pi : -.pi }
        guard center.isFinite, dtheta.isFinite, theta1.isFinite else { return .line(Line(p1, p2)) }
        let arc = EllipticalArc(center: center, radii: Vector(rx, ry), xRotation: phi, startAngle: theta1, sweepAngle: dtheta)
        // Radii many orders of magnitude beyond the chord put the centre so far away that the end points,
        // evaluated back from it, lose the chord to rounding (radii of 1e22 on a chord of 1e-7 come back
        // millions of units off). Such an arc is flatter than the coordinates can show: a line.
        let tolerance = Self.endpointTolerance * p1.distance(to: p2)
            + Tolerance.circular * max(abs(p1.x), abs(p1.y), abs(p2.x), abs(p2.y))
        guard arc.start.distance(to: p1) <= tolerance, arc.end.distance(to: p2) <= tolerance else {
            return .line(Line(p1, p2))
        }
        return .arc(arc)
    }
}
