#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// A circle as one closed subpath of two exact half arcs.
    ///
    /// - Parameters:
    ///   - center: the centre.
    ///   - radius: the radius (positive).
    ///   - startAngle: where the path starts, in radians from +x towards +y (so `-π/2` is the top).
    ///   - clockwise: the direction on a y-down canvas (the angle increases when `true`).
    public static func circle(center: Point, radius: Double, startAngle: Double = 0, clockwise: Bool = true) -> Path {
        let sweep = clockwise ? Double.pi : -Double.pi
        var p = Path()
        p.move(to: center + Vector.polar(startAngle, length: radius))
        for k in 0..<2 {
            p.arc(EllipticalArc(center: center, radii: Vector(radius, radius),
                                startAngle: startAngle + Double(k) * sweep, sweepAngle: sweep))
        }
        p.close()
        return p
    }
}
