import Geometry
import Shaping
import Layout
import Render
extension ShapedLine {
    /// The glyphs as `hb-shape --output-format=json --no-glyph-names` prints them, in pixels, plus the
    /// font of each glyph:
    /// `[{"g":36,"cl":0,"ax":22.4625,"ay":0,"dx":0,"dy":0,"font":"NotoSans-Regular.ttf"},…]`.
    ///
    /// Glyphs are in visual order. `cl` is the UTF-8 byte offset of the cluster (as
    /// `hb-shape --utf8-clusters` prints it); `ax`, `dx` and `dy` are the advance and offsets in pixels
    /// (`dy` up positive, as HarfBuzz reports it) and `ay` is always 0 for horizontal text. Numbers
    /// have at most four decimals, without trailing zeros; keys always come in this order, and the
    /// output is one line, so it can be compared as text.
    public func hbShapeJSON() -> String {
        var out = "["
        for (i, g) in glyphs.enumerated() {
            if i > 0 { out += "," }
            out += "{\"g\":\(g.glyph),\"cl\":\(g.cluster),\"ax\":\(Self.jsonNumber(g.advance)),\"ay\":0"
            out += ",\"dx\":\(Self.jsonNumber(g.xOffset)),\"dy\":\(Self.jsonNumber(g.yOffset))"
            out += ",\"font\":\(Self.jsonString(fonts[g.fontIndex].name))}"
        }
        return out + "]"
    }

    /// `x` rounded to four decimals, without trailing zeros or a negative zero (`22.4625`, `60`, `-1.5`).
    static func jsonNumber(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let scaled = (x * 10_000).rounded()
        guard abs(scaled) < 9e17 else { return String(Int64(x.rounded())) }
        let n = Int64(scaled)
        if n == 0 { return "0" }
        let whole = abs(n) / 10_000, fraction = abs(n) % 10_000
        var s = (n < 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            s += "." + digits
        }
        return s
    }

    /// `s` as a JSON string literal (``JSONStringLiteral``).
    static func jsonString(_ s: String) -> String { JSONStringLiteral.quoted(s) }
}
