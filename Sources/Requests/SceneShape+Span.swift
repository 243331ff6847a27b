import Geometry
import Layout

extension SceneShape {
    /// The distance along the shape's path (circle or arc, from its start in its direction) of the point
    /// at canvas angle `degrees` (0° right, clockwise): r · the angle turned from ``startAngle`` the way
    /// the path runs, in `[0, 2π r)`. `nil` for other shapes, or without a centre and radius.
    public func distance(atDegrees degrees: Double) -> Double? {
        guard type == .circle || type == .arc, let r = radius, r.isFinite, r > 0 else { return nil }
        let start = startAngle ?? 0
        let turned = (clockwise ?? true) ? degrees - start : start - degrees
        return Angle.wrapped(turned * .pi / 180, period: Angle.fullTurn) * r
    }

    /// `span` with its degree bounds turned into pixels along this shape's path.
    /// - Throws: ``SceneError`` at `at` when the span uses degrees and the shape is not a circle or arc.
    func resolving(_ span: PathSpan, at: String) throws(SceneError) -> PathSpan {
        func px(_ b: PathSpan.Bound) throws(SceneError) -> PathSpan.Bound {
            guard case .degrees(let d) = b else { return b }
            guard let s = distance(atDegrees: d) else {
                throw SceneError(at, "a span in degrees needs a circle or arc shape (this label follows a \(type.rawValue))")
            }
            return .pixels(s)
        }
        var out = PathSpan(from: try px(span.from), to: try px(span.to))
        // On an arc, a bound at the arc's end angle is its end, not its start again.
        if type == .arc, case .degrees = span.to, case .pixels(let b) = out.to, b == 0, let r = radius {
            let sweep = BezPath.sweep(from: .degrees(startAngle ?? 0), to: .degrees(endAngle ?? 0), clockwise: clockwise ?? true)
            out.to = .pixels(abs(sweep.radians) * r)
        }
        return out
    }
}

extension PathSpan {
    /// Whether either bound is in degrees.
    public var usesDegrees: Bool {
        if case .degrees = from { return true }
        if case .degrees = to { return true }
        return false
    }
}
