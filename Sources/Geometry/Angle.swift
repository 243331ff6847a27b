#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library's one rule for angles that wrap (radians), and for other periodic quantities: distances
/// round a closed path, minutes round a clock.
///
/// Canvas angles are radians from +x towards +y, so on a y-down canvas they increase clockwise.
public enum Angle {
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
