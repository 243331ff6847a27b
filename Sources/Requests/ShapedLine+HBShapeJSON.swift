import JSON
import Geometry
import Shaping
import Layout
extension ShapedLine {
    /// The glyphs as `hb-shape --output-format=json --no-glyph-names` prints them, in pixels, plus the
    /// font of each glyph:
    /// `[{"g":36,"cl":0,"ax":22.4625,"ay":0,"dx":0,"dy":0,"font":"NotoSans-Regular.ttf"},…]`.
    ///
    /// Glyphs are in visual order. `cl` is the UTF-8 byte offset of the cluster (as
    /// `hb-shape --utf8-clusters` prints it); `ax`, `dx` and `dy` are the advance and offsets in pixels
    /// (`dy` up positive, as HarfBuzz reports it) and `ay` is always 0 for horizontal text. Numbers
    /// follow the one rule of every JSON PathText writes (``JSONNumber``: the shortest text that reads back
    /// as the same value); keys always come in this order, and the output is one line.
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

    /// `x` by the one number rule (``JSONNumber``): the shortest text that reads back as the same value.
    static func jsonNumber(_ x: Double) -> String { JSONNumber.text(x) }

    /// `s` as a JSON string literal (``JSONStringLiteral``).
    static func jsonString(_ s: String) -> String { JSONStringLiteral.quoted(s) }
}
