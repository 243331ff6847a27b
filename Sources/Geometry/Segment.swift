/// One piece of a subpath: a line, a quadratic or cubic Bézier, or an elliptical arc.
public enum Segment: Hashable, Sendable {
    /// A straight line.
    case line(Line)
    /// A quadratic Bézier.
    case quad(QuadBez)
    /// A cubic Bézier.
    case cubic(CubicBez)
    /// An elliptical arc, kept exact (not approximated by Béziers) so that arc lengths of circles are exact.
    case arc(EllipticalArc)
}

extension Segment: ParamCurve {
    /// The point at `t = 0`.
    public var start: Point {
        switch self {
        case .line(let s): s.start
        case .quad(let s): s.start
        case .cubic(let s): s.start
        case .arc(let s): s.start
        }
    }

    /// The point at `t = 1`.
    public var end: Point {
        switch self {
        case .line(let s): s.end
        case .quad(let s): s.end
        case .cubic(let s): s.end
        case .arc(let s): s.end
        }
    }

    /// The point at parameter `t`.
    public func eval(_ t: Double) -> Point {
        switch self {
        case .line(let s): s.eval(t)
        case .quad(let s): s.eval(t)
        case .cubic(let s): s.eval(t)
        case .arc(let s): s.eval(t)
        }
    }

    /// The derivative at parameter `t`.
    public func deriv(_ t: Double) -> Vector {
        switch self {
        case .line(let s): s.deriv(t)
        case .quad(let s): s.deriv(t)
        case .cubic(let s): s.deriv(t)
        case .arc(let s): s.deriv(t)
        }
    }

    /// The part between `t0` and `t1`.
    public func subsegment(_ t0: Double, _ t1: Double) -> Segment {
        switch self {
        case .line(let s): .line(s.subsegment(t0, t1))
        case .quad(let s): .quad(s.subsegment(t0, t1))
        case .cubic(let s): .cubic(s.subsegment(t0, t1))
        case .arc(let s): .arc(s.subsegment(t0, t1))
        }
    }

    /// The segment traversed backwards.
    public func reversed() -> Segment {
        switch self {
        case .line(let s): .line(s.reversed())
        case .quad(let s): .quad(s.reversed())
        case .cubic(let s): .cubic(s.reversed())
        case .arc(let s): .arc(s.reversed())
        }
    }

    /// The segment transformed by `m`.
    public func transformed(by m: Affine) -> Segment {
        switch self {
        case .line(let s): .line(s.transformed(by: m))
        case .quad(let s): .quad(s.transformed(by: m))
        case .cubic(let s): .cubic(s.transformed(by: m))
        case .arc(let s): .arc(s.transformed(by: m))
        }
    }
}
