import Foundation
import Geometry
import Layout

/// Placements as JSON, for renderers that draw the glyphs themselves.
///
/// The schema (fields may be added; these keep their meaning):
/// `{"labels":[{"pathLength":L,"flipped":false,"overflow":false,"size":48,"glyphs":[{"glyph":36,"cluster":0,
/// "font":"NotoSans-Regular.ttf","size":48,"x":100.0,"y":200.0,"angle":-12.5,"advance":29.3}]}]}` —
/// x, y: canvas pixels (y down) of the glyph origin on its shifted baseline, HarfBuzz offsets applied;
/// angle in degrees; font is the file name. Labels also carry `advance`, `start`, `dropped` (cluster
/// offsets), `rejected` (the turn in degrees, or null) and `warp`; glyphs carry `color` and, when asked
/// for, `ink` (the four corners of the rotated ink box).
public enum PlacementsJSON {
    /// Encodes `labels`; `inkBoxes` adds each glyph's ink box (it reads the glyph outlines).
    public static func encode(_ labels: [PlacedLabel], inkBoxes: Bool = false) -> String {
        var out = "{\"labels\":["
        for (i, label) in labels.enumerated() {
            if i > 0 { out += "," }
            out += "\n{\"pathLength\":\(number(label.pathLength)),\"flipped\":\(label.flipped),"
            out += "\"overflow\":\(label.overflow),\"size\":\(number(label.size)),"
            out += "\"advance\":\(number(label.advance)),\"start\":\(number(label.start)),"
            out += "\"dropped\":[\(label.droppedClusters.map(String.init).joined(separator: ","))],"
            out += "\"rejected\":\(label.rejectedAngle.map(number) ?? "null"),\"warp\":\"\(label.warp.rawValue)\","
            out += "\"glyphs\":["
            for (k, g) in label.glyphs.enumerated() {
                if k > 0 { out += "," }
                out += "\n {\"glyph\":\(g.glyph),\"cluster\":\(g.cluster),\"font\":\(string(g.font.name)),"
                out += "\"size\":\(number(g.size)),\"x\":\(number(g.origin.x)),\"y\":\(number(g.origin.y)),"
                out += "\"angle\":\(number(g.angle * 180 / .pi)),\"advance\":\(number(g.advance)),"
                out += "\"color\":\"\(g.color)\""
                if g.scaleX != 1 { out += ",\"scaleX\":\(number(g.scaleX))" }
                if inkBoxes {
                    out += ",\"ink\":[" + g.inkBox().map { "[\(number($0.x)),\(number($0.y))]" }.joined(separator: ",") + "]"
                }
                out += "}"
            }
            out += "]}"
        }
        return out + "]}\n"
    }

    /// A JSON number with up to six decimals, trailing zeros removed (`-0` written as `0`).
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// A JSON string literal, with quotes, backslashes and control characters escaped.
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
