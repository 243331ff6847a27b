/// The one rule PathText writes JSON string literals by (placements JSON, request/scene JSON, the
/// `hb-shape`-style glyph JSON): `"` and `\` escaped, `\n`, `\r` and `\t` by their short forms, the other
/// C0 controls and DEL as `\u00XX`; everything else, non-ASCII included, as its UTF-8 bytes.
///
/// It lives in Shaping, the lowest module that writes JSON, so Layout and Render call it instead of
/// keeping copies of their own.
package enum JSONStringLiteral {
    /// Appends `s` as a JSON string literal (quotes included) to `out`. O(bytes of `s`).
    package static func append(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                out.append(contentsOf: "\\u00".utf8)
                let high = b >> 4, low = b & 0xF
                out.append(UInt8(ascii: "0") + high)
                out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `s` as a JSON string literal, quotes included.
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
