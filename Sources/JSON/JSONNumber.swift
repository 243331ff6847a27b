/// The one rule every JSON PathText writes follows for numbers (placements, scene and request JSON,
/// hb-shape-style glyph lists, the option catalog), and every message: the **shortest text that reads back
/// as the same `Double`**.
///
/// - Whole numbers below 2⁵³ in magnitude are written without a fraction or exponent (`400`, `-12`).
/// - `-0` is written `0`.
/// - Everything else is Swift's shortest round-trip form (`0.1`, `98.30000000000001`, `1e-07`, `1e+20`,
///   `9007199254740992.0`), which is valid JSON, printed by ``ShortestDouble`` (the same text as
///   `Double.description`).
/// - NaN and infinities are never written as numbers: validation refuses them before any work, and should
///   one reach a writer it writes `null` (a parse error would be worse than a visible hole).
///
/// The rule is written once, in `write(_:to:)`; ``text(_:)``, ``append(_:to:)`` and the placements
/// writer's buffer (`JSONBytes`) all call it. Every such text reads back as the same value through
/// `JSONValue.parse` (except `-0`, which reads back as `0`), and the text of `-v` is the
/// text of `v` with a `-` added or taken away, except for `0` and `null`.
public enum JSONNumber {
    /// `text` read as a number by JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), the
    /// one number syntax of every door: a flag's value, a query argument and a request's JSON read `0x10`,
    /// `1_000`, `inf`, `nan`, ` 5` and `.5` alike (refused). `nil` when it is not one; beyond the finite
    /// range it reads as an infinity (which callers refuse by range).
    public static func parse(_ text: String) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        func digits() -> Int { let s = i; while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }; return i - s }
        if i < b.count, b[i] == 0x2D { i += 1 }
        guard i < b.count else { return nil }
        if b[i] == 0x30 { i += 1 } else if digits() == 0 { return nil }
        if i < b.count, b[i] == 0x2E { i += 1; guard digits() > 0 else { return nil } }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == b.count else { return nil }
        return Double(text) ?? (b.first == 0x2D ? -.infinity : .infinity)
    }

    /// The room ``write(_:to:)`` needs at its destination (the text is at most
    /// ``ShortestDouble/maximumLength`` bytes; the rest is scratch space, left undefined).
    package static let bufferLength = ShortestDouble.bufferLength

    /// `v` as JSON text.
    public static func text(_ v: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferLength) { buffer in
            let n = write(v, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }

    /// Appends `v` as JSON text to `bytes`.
    public static func append(_ v: Double, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferLength) { buffer in
            let n = write(v, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// Writes `v` as JSON text at `out`, which has room for ``bufferLength`` bytes, and returns how many
    /// bytes of text it wrote: the rule itself.
    @inline(__always)
    package static func write(_ v: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard v.isFinite else {
            out[0] = UInt8(ascii: "n"); out[1] = UInt8(ascii: "u"); out[2] = UInt8(ascii: "l"); out[3] = UInt8(ascii: "l")
            return 4
        }
        // Whole and below 2⁵³: its digits (Int64(-0.0) is 0, so -0 is written 0).
        if v == v.rounded(.towardZero), abs(v) < 9_007_199_254_740_992 { return writeInteger(Int64(v), to: out) }
        return ShortestDouble.write(v, to: out)
    }

    /// Writes the decimal digits of `n` (a `-` first when negative; at most 20 bytes) at `out` and returns
    /// how many bytes it wrote.
    @inline(__always)
    package static func writeInteger(_ n: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var p = out
        if n < 0 { p[0] = UInt8(ascii: "-"); p += 1 }
        var m = n.magnitude
        // Most of a label's whole numbers (clusters, font rows, sizes, small glyph ids) are below 100.
        if m < 10 {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m)
            return out.distance(to: p) &+ 1
        }
        if m < 100 {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m / 10)
            p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10)
            return out.distance(to: p) &+ 2
        }
        var count = 3, rest = m / 1000
        while rest > 0 { count &+= 1; rest /= 10 }
        var k = count
        repeat {
            k &-= 1
            p[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10)
            m /= 10
        } while k > 0
        return out.distance(to: p) &+ count
    }
}
