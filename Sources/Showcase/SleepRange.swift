import Requests
import Geometry

/// A sleep range on a 24-hour dial: a bedtime and a wake time in minutes since midnight, which may
/// cross midnight (23:00 → 07:00), with the dragging a sleep-tracking UI needs.
///
/// Angles are dial angles (``Dial``: 0 at the top, clockwise), so midnight is at the top and noon at the bottom.
public struct SleepRange: Hashable, Sendable {
    /// Bedtime, minutes since midnight in `[0, 1440)`.
    public private(set) var bedtime: Double
    /// Wake time, minutes since midnight in `[0, 1440)`.
    public private(set) var wake: Double

    /// The 24-hour face the range is drawn on.
    public static let face = ClockDial(face: .twentyFourHour)

    /// Creates a range; both times are reduced to `[0, 1440)`.
    public init(bedtime: Double, wake: Double) {
        self.bedtime = ClockDial.normalizedMinutes(bedtime)
        self.wake = ClockDial.normalizedMinutes(wake)
    }

    /// Creates a range from hours and minutes: `SleepRange(bed: (23, 0), wake: (7, 0))`.
    public init(bed: (Int, Int), wake: (Int, Int)) {
        self.init(bedtime: Double(bed.0 * 60 + bed.1), wake: Double(wake.0 * 60 + wake.1))
    }

    /// Minutes asleep, forward from bedtime to wake, crossing midnight: 23:00 → 07:00 is 480.
    public var duration: Double { ClockDial.duration(from: bedtime, to: wake) }

    /// The dial angle of the bedtime handle.
    public var bedtimeAngle: Double { Self.face.angle(forMinutes: bedtime) }
    /// The dial angle of the wake handle.
    public var wakeAngle: Double { Self.face.angle(forMinutes: wake) }

    /// Moves the bedtime handle to the dial angle `angle` (a drag of that handle).
    public mutating func dragBedtime(to angle: Double) { bedtime = Self.face.minutesOnFace(at: angle) }
    /// Moves the wake handle to the dial angle `angle`.
    public mutating func dragWake(to angle: Double) { wake = Self.face.minutesOnFace(at: angle) }

    /// Turns the whole arc from the pointer's previous angle to its new one: the signed smallest angle
    /// between them, so a drag across midnight moves by minutes, not by most of a day.
    public mutating func dragWhole(from previous: Double, to current: Double) {
        let delta = Angle.difference(current, previous)
        bedtime = Self.face.minutes(bedtime, turnedBy: delta)
        wake = Self.face.minutes(wake, turnedBy: delta)
    }

    /// `8 h` or `7 h 30 min`.
    public var durationText: String {
        let m = Int(duration.rounded())
        return m % 60 == 0 ? "\(m / 60) h" : "\(m / 60) h \(m % 60) min"
    }

    /// `23:00`.
    public static func clockText(_ minutes: Double) -> String {
        let m = Int(ClockDial.normalizedMinutes(minutes).rounded()) % 1440
        let h = m / 60, mm = m % 60
        return (h < 10 ? "0" : "") + "\(h):" + (mm < 10 ? "0" : "") + "\(mm)"
    }
}
