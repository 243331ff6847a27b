#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Layout
import Shaping

/// Placements as JSON, for renderers that draw the glyphs themselves.
///
/// The schema is `schema/placements.schema.json` (fields may be added; these keep their meaning):
///
///     {"fonts":[{"path":"/usr/share/pathtext/fonts/NotoSans-Regular.ttf","faceIndex":0,
///                "name":"NotoSans-Regular.ttf","family":"Noto Sans","style":"Regular","unitsPerEm":1000,
///                "variations":{}}],
///      "labels":[{"pathLength":L,"flipped":false,"overflow":false,"size":48,"advance":98.3,"start":0,
///                 "dropped":[],"rejected":null,"warp":"rigid",
///                 "glyphs":[{"glyph":36,"cluster":0,"font":"NotoSans-Regular.ttf","fontIndex":0,"size":48,
///                            "x":100.0,"y":200.0,"angle":-12.5,"advance":29.3,"color":"#000000",
///                            "transform":[a,b,c,d,e,f]}]}]}
///
/// - `fonts`: every font the glyphs use, once, in order of first use: the absolute file path (`null` for a
///   font loaded from memory), the face index in a collection, the file name, and the variation
///   coordinates of a variable font's instance (`{"wght":700}`; empty for the default instance).
/// - x, y: canvas pixels (y down) of the glyph origin on its shifted baseline, HarfBuzz offsets applied;
///   `angle` in degrees; `font` is the file name and `fontIndex` its row in `fonts`; `size` is pixels per em.
/// - `transform` maps the glyph's outline in pixels (y down, origin at the glyph origin: FreeType's outline
///   at `size` px with y negated) to the canvas: `X = a·x + c·y + e`, `Y = b·x + d·y + f`. It includes the
///   rotation and the `stretch` fit's horizontal scale (``PlacedGlyph/transform``). With `warp: "bend"` the
///   outlines are bent along the path instead; the transform is then the glyph's rigid placement.
/// - Labels also carry `advance`, `start`, `dropped` (cluster offsets), `rejected` (the turn in degrees,
///   or null), `warp`, and `warnings` when shaping reported something; glyphs carry `color`, `scaleX` when
///   stretched and, when asked for, `ink` (the four corners of the rotated ink box).
public enum PlacementsJSON {
    /// Encodes `labels`; `inkBoxes` adds each glyph's ink box (it reads the glyph outlines).
    /// - Parameter singleLine: no line breaks at all (one reply per line, as `pathtext layout --batch` writes).
    public static func encode(_ labels: [PlacedLabel], inkBoxes: Bool = false, singleLine: Bool = false) -> String {
        let nl = singleLine ? "" : "\n"
        // The fonts table: each font once, in order of first use.
        var fonts: [Typeface] = []
        var fontIndex: [ObjectIdentifier: Int] = [:]
        for label in labels {
            for g in label.glyphs where fontIndex[ObjectIdentifier(g.font)] == nil {
                fontIndex[ObjectIdentifier(g.font)] = fonts.count
                fonts.append(g.font)
            }
        }
        var out = "{\"fonts\":["
        out.reserveCapacity(256 + labels.reduce(0) { $0 + 240 * $1.glyphs.count })
        for (i, font) in fonts.enumerated() {
            if i > 0 { out += "," }
            out += nl + "{\"path\":" + (absolutePath(font).map(string) ?? "null")
            out += ",\"faceIndex\":\(font.faceIndex),\"name\":" + string(font.name)
            out += ",\"family\":" + string(font.familyName) + ",\"style\":" + string(font.styleName)
            out += ",\"unitsPerEm\":\(font.unitsPerEm),\"variations\":{"
            out += font.variations.map { string($0.tag) + ":" + number($0.value) }.joined(separator: ",")
            out += "}}"
        }
        out += "],\"labels\":["
        for (i, label) in labels.enumerated() {
            if i > 0 { out += "," }
            out += nl + "{\"pathLength\":" + number(label.pathLength) + ",\"flipped\":\(label.flipped),"
            out += "\"overflow\":\(label.overflow),\"size\":" + number(label.size) + ","
            out += "\"advance\":" + number(label.advance) + ",\"start\":" + number(label.start) + ","
            out += "\"dropped\":[\(label.droppedClusters.map(String.init).joined(separator: ","))],"
            out += "\"rejected\":" + (label.rejectedAngle.map(number) ?? "null") + ",\"warp\":\"\(label.warp.rawValue)\","
            if !label.diagnostics.isEmpty {
                out += "\"warnings\":[" + label.diagnostics.map { string($0.description) }.joined(separator: ",") + "],"
            }
            out += "\"glyphs\":["
            for (k, g) in label.glyphs.enumerated() {
                if k > 0 { out += "," }
                out += singleLine ? "{" : "\n {"
                out += "\"glyph\":\(g.glyph),\"cluster\":\(g.cluster),\"font\":" + string(g.font.name)
                out += ",\"fontIndex\":\(fontIndex[ObjectIdentifier(g.font)] ?? 0),"
                out += "\"size\":" + number(g.size) + ",\"x\":" + number(g.origin.x) + ",\"y\":" + number(g.origin.y) + ","
                out += "\"angle\":" + number(g.angle * 180 / .pi) + ",\"advance\":" + number(g.advance) + ","
                out += "\"color\":\"\(g.color)\""
                if g.scaleX != 1 { out += ",\"scaleX\":" + number(g.scaleX) }
                let m = g.transform
                out += ",\"transform\":[" + number(m.a) + "," + number(m.b) + "," + number(m.c) + ","
                out += number(m.d) + "," + number(m.e) + "," + number(m.f) + "]"
                if inkBoxes {
                    out += ",\"ink\":[" + g.inkBox().map { "[" + number($0.x) + "," + number($0.y) + "]" }.joined(separator: ",") + "]"
                }
                out += "}"
            }
            out += "]}"
        }
        return out + "]}\n"
    }

    /// The font's file as an absolute path (relative paths are taken from the current folder), or `nil`
    /// for a font loaded from memory.
    public static func absolutePath(_ font: Typeface) -> String? {
        guard let path = font.path else { return nil }
        if path.hasPrefix("/") { return path }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    /// A JSON number with up to six decimals, trailing zeros removed (`-0` written as `0`).
    ///
    /// The common case is formatted without `String(format:)` (which is slow); values whose seventh
    /// decimal is too close to a rounding tie to be sure of, and very large values, take the slow road,
    /// so the result is always `%.6f`'s.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let scaled = v * 1e6
        let rounded = scaled.rounded()
        if abs(scaled) < 1e12, abs(abs(scaled - rounded) - 0.5) > 1e-3 {
            var n = Int64(rounded)
            if n == 0 { return "0" }
            let negative = n < 0
            if negative { n = -n }
            var whole = String(n / 1_000_000)
            var fraction = n % 1_000_000
            if negative { whole = "-" + whole }
            guard fraction != 0 else { return whole }
            var digits = 6
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let text = String(fraction)
            return whole + "." + String(repeating: "0", count: digits - text.count) + text
        }
        var buffer = [CChar](repeating: 0, count: 400)  // %.6f of the largest double fits
        _ = withVaList([v]) { vsnprintf(&buffer, buffer.count, "%.6f", $0) }
        var s = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// A JSON string literal.
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
