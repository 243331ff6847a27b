import Support

extension Segment {
    /// The second derivative with respect to `t`.
    public func deriv2(_ t: Double) -> Vector {
        switch self {
        case .line:
            return .zero
        case .quad(let q):
            return ((q.p2 - q.p1) - (q.p1 - q.p0)) * 2
        case .cubic(let c):
            let a = (c.p2 - c.p1) - (c.p1 - c.p0), b = (c.p3 - c.p2) - (c.p2 - c.p1)
            return a * (6 * (1 - t)) + b * (6 * t)
        case .arc(let a):
            let th = a.startAngle + t * a.sweepAngle, w2 = a.sweepAngle * a.sweepAngle
            let ex = -a.radii.x * cos(th) * w2, ey = -a.radii.y * sin(th) * w2
            let cr = cos(a.xRotation), sr = sin(a.xRotation)
            return Vector(cr * ex - sr * ey, sr * ex + cr * ey)
        }
    }
}
