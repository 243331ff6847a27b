import Support

/// An angle: the one angle convention at PathText's Swift boundary. Placed glyphs, path samples, shape
/// builders and the label options that are angles (`maxAngle`, `rotate`) take and give `Angle` values, so
/// degrees and radians are never mixed silently; JSON, the CLI, C and Python write the same angles as
/// numbers in degrees. Canvas angles run from +x towards +y, so on a y-down canvas they grow clockwise.
///
///     let a = Angle.degrees(30)      // a.radians == .pi / 6
///     glyph.angle.degrees            // what the placements JSON writes
///
/// The static functions are the library's one rule for angles that wrap (in radians), and for other
/// periodic quantities: distances round a closed path, minutes round a clock.
public struct Angle: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// An angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees` (converted exactly as `degrees · π / 180`, without reduction).
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    /// An angle of `radians`.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// No turn.
    public static let zero = Angle(radians: 0)

    /// `30°`: degrees, as the JSON writes them.
    public var description: String { "\(degrees)°" }
    /// Angles compare by their radians.
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    /// The sum of two angles.
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    /// The difference of two angles (not wrapped: see ``difference(_:_:)``).
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    /// The opposite angle.
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    /// The angle scaled by `k`.
    public static func * (a: Angle, k: Double) -> Angle { Angle(radians: a.radians * k) }

    /// A whole turn, 2π.
    public static let fullTurn = 2 * Double.pi

    /// `a` reduced to `[0, 2π)`; NaN and infinities give 0.
    public static func normalized(_ a: Double) -> Double { wrapped(a, period: fullTurn) }

    /// The signed smallest difference `a − b`, in `(−π, π]`: how far to turn from `b` to reach `a`.
    /// From 350° to 10° is +20°, from 10° to 350° is −20°. Non-finite input gives 0.
    public static func difference(_ a: Double, _ b: Double) -> Double {
        signedDifference(a, b, period: fullTurn)
    }

    /// `degrees` in radians, reduced modulo 360° first so that large angles keep their precision.
    public static func radians(degrees: Double) -> Double {
        degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    }

    /// `x` reduced to `[0, period)`; NaN, infinities and a period that is not positive and finite give 0.
    public static func wrapped(_ x: Double, period: Double) -> Double {
        guard x.isFinite, period > 0, period.isFinite else { return 0 }
        let r = x - period * (x / period).rounded(.down)
        return r >= period || r < 0 ? 0 : r
    }

    /// The signed smallest difference `a − b` modulo `period`, in `(−period/2, period/2]`; non-finite
    /// input and a period that is not positive and finite give 0.
    public static func signedDifference(_ a: Double, _ b: Double, period: Double) -> Double {
        guard a.isFinite, b.isFinite, period > 0, period.isFinite else { return 0 }
        let d = a - b
        var r = d - period * (d / period).rounded()
        if r <= -period / 2 { r += period }
        if r > period / 2 { r -= period }
        return r
    }
}
