import Requests
import Geometry

/// A clock face mapping dial angles (0 at the top, clockwise; see `Dial`) to times of day in minutes
/// since midnight, and back, for 24-hour and 12-hour faces. Times are in `[0, 1440)`.
///
/// The picture's side of a dial (the showcase's sleep clock): the generic mapping of values to angles
/// is Geometry's `DialScale`; this adds the day, its two halves on a 12-hour face, and durations.
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

    /// The face's scale: minutes per turn.
    public var scale: DialScale { DialScale(valuePerTurn: minutesPerTurn) }

    /// The dial angle, in `[0, 2π)`, at which the face shows `minutes` (any value; taken modulo a turn).
    public func angle(forMinutes minutes: Double) -> Double {
        scale.angle(for: minutes)
    }

    /// The time shown at dial `angle`, in `[0, minutesPerTurn)`: on a 12-hour face, the morning reading.
    public func minutesOnFace(at angle: Double) -> Double {
        scale.value(at: angle)
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
        Self.normalizedMinutes(minutes + scale.change(turnedBy: delta))
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
