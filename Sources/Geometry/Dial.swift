#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// A clock face mapping dial angles (0 at the top, clockwise; see ``Dial``) to times of day in minutes
/// since midnight, and back, for 24-hour and 12-hour faces. Times are in `[0, 1440)`.
public struct ClockDial: Hashable, Sendable {
    /// How many hours one turn of the face shows.
    public enum Face: Hashable, Sendable {
        /// One turn is 12 hours (an ordinary clock); each angle names two times of day.
        case twelveHour
        /// One turn is a whole day.
        case twentyFourHour
    }

    /// Minutes in a day.
    public static let minutesPerDay = 1440.0

    /// The face.
    public var face: Face

    /// Creates a clock face.
    public init(face: Face) { self.face = face }

    /// Minutes per full turn: 720 or 1440.
    public var minutesPerTurn: Double { face == .twelveHour ? 720 : 1440 }

    /// The dial angle, in `[0, 2π)`, at which the face shows `minutes` (any value; taken modulo a turn).
    public func angle(forMinutes minutes: Double) -> Double {
        Angle.normalized(minutes / minutesPerTurn * Angle.fullTurn)
    }

    /// The time shown at dial `angle`, in `[0, minutesPerTurn)`: on a 12-hour face, the morning reading.
    public func minutesOnFace(at angle: Double) -> Double {
        let m = Angle.normalized(angle) / Angle.fullTurn * minutesPerTurn
        return m >= minutesPerTurn ? 0 : m
    }

    /// The time of day shown at dial `angle` that is nearest (round the clock) to `reference`: on a
    /// 12-hour face this chooses between the a.m. and p.m. readings, so dragging a hand past 12 moves
    /// into the next half of the day.
    public func minutes(at angle: Double, near reference: Double) -> Double {
        let base = minutesOnFace(at: angle)
        guard face == .twelveHour else { return base }
        let other = base + 720
        let ref = Self.normalizedMinutes(reference)
        func gap(_ m: Double) -> Double { abs(Self.signedMinutes(from: ref, to: m)) }
        return gap(other) < gap(base) ? other : base
    }

    /// The time reached by turning the hand from `minutes` through the signed dial angle `delta`
    /// (positive clockwise), wrapping past midnight: `minutes + delta/2π · minutesPerTurn` modulo a day.
    public func minutes(_ minutes: Double, turnedBy delta: Double) -> Double {
        Self.normalizedMinutes(minutes + delta / Angle.fullTurn * minutesPerTurn)
    }

    /// `minutes` reduced to `[0, 1440)`; NaN and infinities give 0.
    public static func normalizedMinutes(_ minutes: Double) -> Double {
        Angle.wrapped(minutes, period: minutesPerDay)
    }

    /// The duration from `start` to `end` going forward in time, crossing midnight if needed, in
    /// `[0, 1440)`: from 23:00 to 07:00 is 480 minutes.
    public static func duration(from start: Double, to end: Double) -> Double {
        normalizedMinutes(end - start)
    }

    /// The signed smallest difference `to − from` in minutes, in `(−720, 720]`.
    public static func signedMinutes(from: Double, to: Double) -> Double {
        Angle.signedDifference(to, from, period: minutesPerDay)
    }
}
