import Support
import Geometry

/// Angles of points about a centre, measured from a chosen zero direction in a chosen sense: the
/// geometry of a dial or clock face. All results are wrap-safe across 0°/360°.
///
/// RasterCanvas angles are radians from +x towards +y (so on a y-down canvas they increase clockwise and
/// `-π/2` points up); dial angles are in `[0, 2π)` from ``zeroDirection`` in the dial's sense.
public struct Dial: Hashable, Sendable {
    /// The centre of the dial.
    public var center: Point
    /// The canvas angle at which the dial reads zero (`-π/2`: straight up).
    public var zeroDirection: Double
    /// Whether dial angles increase clockwise on a y-down canvas.
    public var clockwise: Bool

    /// Creates a dial; the default is a clock's: zero at the top, increasing clockwise.
    public init(center: Point, zeroDirection: Double = -.pi / 2, clockwise: Bool = true) {
        self.center = center; self.zeroDirection = zeroDirection; self.clockwise = clockwise
    }

    /// The dial angle of `p` about ``center``, in `[0, 2π)` (0 when `p` is the centre).
    public func angle(of p: Point) -> Double {
        let v = p - center
        guard v != .zero, v.isFinite else { return 0 }
        let canvas = v.angle
        return Angle.normalized(clockwise ? canvas - zeroDirection : zeroDirection - canvas)
    }

    /// The point at dial angle `angle` and distance `radius` from ``center``.
    public func point(at angle: Double, radius: Double) -> Point {
        center + Vector.polar(canvasAngle(for: angle), length: radius)
    }

    /// The canvas angle (from +x towards +y) of a dial angle.
    public func canvasAngle(for angle: Double) -> Double {
        clockwise ? zeroDirection + angle : zeroDirection - angle
    }
}

/// A linear scale round a dial: a periodic quantity (minutes of a clock, a percentage, a compass
/// bearing) with ``valuePerTurn`` units per full turn, mapped to dial angles (see ``Dial``) and back.
public struct DialScale: Hashable, Sendable {
    /// How many units one full turn shows.
    public var valuePerTurn: Double

    /// Creates a scale of `valuePerTurn` units per turn (positive).
    public init(valuePerTurn: Double) { self.valuePerTurn = valuePerTurn }

    /// The dial angle, in `[0, 2π)`, at which the scale shows `value` (any value; taken modulo a turn).
    public func angle(for value: Double) -> Double {
        Angle.normalized(value / valuePerTurn * Angle.fullTurn)
    }

    /// The value shown at dial `angle`, in `[0, valuePerTurn)`.
    public func value(at angle: Double) -> Double {
        let v = Angle.normalized(angle) / Angle.fullTurn * valuePerTurn
        return v >= valuePerTurn ? 0 : v
    }

    /// The change of value when the hand turns through the signed dial angle `delta` (positive in the
    /// dial's sense): `delta / 2π · valuePerTurn`, not wrapped.
    public func change(turnedBy delta: Double) -> Double {
        delta / Angle.fullTurn * valuePerTurn
    }
}
