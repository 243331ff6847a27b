/// The one rule every JSON PathText writes follows for numbers (placements, scene and request JSON,
/// hb-shape-style glyph lists, the option catalog), and every message: the **shortest text that reads back
/// as the same `Double`**.
///
/// - Whole numbers below 2⁵³ in magnitude are written without a fraction or exponent (`400`, `-12`).
/// - `-0` is written `0`.
/// - Everything else is Swift's shortest round-trip form (`0.1`, `98.30000000000001`, `1e-07`, `1e+20`),
///   which is valid JSON, printed by ``ShortestDouble`` (the same text as `Double.description`).
/// - NaN and infinities are never written as numbers: validation refuses them before any work, and should
///   one reach a writer it writes `null` (a parse error would be worse than a visible hole).
public enum JSONNumber {
    /// `v` as JSON text.
    public static func text(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(.towardZero), abs(v) < 9_007_199_254_740_992 { return v == 0 ? "0" : String(Int64(v)) }
        return ShortestDouble.text(v)
    }

    /// Appends `v` as JSON text to `bytes`.
    public static func append(_ v: Double, to bytes: inout [UInt8]) {
        guard v.isFinite else { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]); return }  // null
        if v == v.rounded(.towardZero), abs(v) < 9_007_199_254_740_992 {
            if v == 0 { bytes.append(UInt8(ascii: "0")); return }
            appendInteger(Int64(v), to: &bytes)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDouble.bufferLength) { buffer in
            let n = ShortestDouble.write(v, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// Appends the decimal digits of `n`.
    static func appendInteger(_ n: Int64, to bytes: inout [UInt8]) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var m = n.magnitude, digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10)
                m /= 10
                count += 1
            } while m > 0
            for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(buf[k]) }
        }
    }
}
