import Render
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
///   font loaded from memory; an embedded font has `embedded` instead), the face index in a collection, the file name, and the variation
///   coordinates of a variable font's instance (`{"wght":700}`; empty for the default instance).
/// - x, y: canvas pixels (y down) of the glyph origin on its shifted baseline, HarfBuzz offsets applied;
///   `angle` in degrees; `font` is the file name and `fontIndex` its row in `fonts`; `size` is pixels per em.
/// - `transform` maps the glyph's outline in pixels (y down, origin at the glyph origin: FreeType's outline
///   at `size` px with y negated) to the canvas: `X = a·x + c·y + e`, `Y = b·x + d·y + f`. It includes the
///   rotation and the `stretch` fit's horizontal scale (``PlacedGlyph/transform``). With `warp: "bend"` the
///   outlines are bent along the path instead; the transform is then the glyph's rigid placement.
/// - Labels also carry `advance`, `start`, `dropped` (cluster offsets), `rejected` (the turn in degrees,
///   or null), `warp`, `writingMode`, `lines` when set on several lines (each glyph then has its `line`), `halo` (`{"width":3,"color":"#ffffff"}`) when drawn, `decorations`
///   (each band's `kind`, `color` and outline as SVG path data `d`, filled non-zero), and `diagnostics`
///   (``DiagnosticRecord``: `code`, `message`, `clusters`, `codePoints`, numbers) when there are any;
///   glyphs carry `color`, `scaleX` when stretched, `orientation` (`upright` or `sideways`) in vertical
///   writing and, when asked for, `ink` (the four corners of the rotated ink box).
/// - A glyph whose face lacks its run's weight or slant (``SyntheticStyle``, option `fontSynthesis`) carries
///   `synthesizedBold`, the emboldening strength in pixels (grow the outline as FreeType's
///   `FT_Outline_EmboldenXY(s, s)` does; the advance already includes it), and `synthesizedSlant`, the shear
///   (x per unit of height), which `transform` already includes.
/// - Embedded fonts have `"embedded": NAME` instead of a `path`: the stable name of the font compiled
///   into the library, whose bytes `pathtext fonts --export DIR` writes.
public enum PlacementsJSON {
    /// Encodes `labels`; `inkBoxes` adds each glyph's ink box (it reads the glyph outlines).
    /// - Parameter singleLine: no line breaks at all (one reply per line, as `pathtext layout --batch` writes).
    public static func encode(_ labels: [PlacedLabel], inkBoxes: Bool = false, singleLine: Bool = false) -> String {
        // The fonts table: each font once, in order of first use.
        var fonts: [Typeface] = []
        var fontIndex: [ObjectIdentifier: Int] = [:]
        for label in labels {
            for g in label.glyphs where fontIndex[ObjectIdentifier(g.font)] == nil {
                fontIndex[ObjectIdentifier(g.font)] = fonts.count
                fonts.append(g.font)
            }
        }
        // Bytes appended in place: no temporary strings per number (this runs once per label in --batch).
        var w = JSONBytes(capacity: 512 + labels.reduce(0) { $0 + 320 * $1.glyphs.count })
        let nl: StaticString = singleLine ? "" : "\n"
        w.raw("{\"fonts\":[")
        for (i, font) in fonts.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw(nl)
            if font.isEmbedded {
                // Embedded fonts have no file: a stable name, whose bytes `pathtext fonts --export DIR`,
                // `pt_embedded_font()` and `pathtext.embedded_font()` give.
                w.raw("{\"embedded\":"); w.string(font.name)
            } else {
                w.raw("{\"path\":")
                if let path = absolutePath(font) { w.string(path) } else { w.raw("null") }
            }
            w.raw(",\"faceIndex\":"); w.integer(font.faceIndex)
            w.raw(",\"name\":"); w.string(font.name)
            w.raw(",\"family\":"); w.string(font.familyName)
            w.raw(",\"style\":"); w.string(font.styleName)
            w.raw(",\"unitsPerEm\":"); w.integer(font.unitsPerEm)
            w.raw(",\"variations\":{")
            for (k, v) in font.variations.enumerated() {
                if k > 0 { w.raw(",") }
                w.string(v.tag); w.raw(":"); w.number(v.value)
            }
            w.raw("}}")
        }
        w.raw("],\"labels\":[")
        var lastColor = RGBAColor.black, colorText = RGBAColor.black.description
        for (i, label) in labels.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw(nl); w.raw("{\"pathLength\":"); w.number(label.pathLength)
            w.raw(",\"flipped\":"); w.raw(label.flipped ? "true" : "false")
            w.raw(",\"overflow\":"); w.raw(label.overflow ? "true" : "false")
            w.raw(",\"size\":"); w.number(label.size)
            w.raw(",\"advance\":"); w.number(label.advance)
            w.raw(",\"start\":"); w.number(label.start)
            w.raw(",\"dropped\":[")
            for (k, c) in label.droppedClusters.enumerated() {
                if k > 0 { w.raw(",") }
                w.integer(c)
            }
            w.raw("],\"rejected\":")
            if let angle = label.rejectedAngle { w.number(angle) } else { w.raw("null") }
            w.raw(",\"warp\":"); w.string(label.warp.rawValue)
            w.raw(",\"writingMode\":"); w.string(label.writingMode.rawValue)
            if label.lines > 1 { w.raw(",\"lines\":"); w.integer(label.lines) }
            if let halo = label.halo {
                w.raw(",\"halo\":{\"width\":"); w.number(halo.width)
                w.raw(",\"color\":"); w.string(halo.color.description); w.raw("}")
            }
            if !label.decorations.isEmpty {
                w.raw(",\"decorations\":[")
                for (k, band) in label.decorations.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.raw("{\"kind\":"); w.string(band.kind.rawValue)
                    w.raw(",\"color\":"); w.string(band.color.description)
                    w.raw(",\"d\":"); w.string(band.outline.svgPathData)
                    w.raw("}")
                }
                w.raw("]")
            }
            if !label.diagnostics.isEmpty {
                w.raw(",\"diagnostics\":[")
                for (k, d) in label.diagnosticRecords.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.diagnostic(d)
                }
                w.raw("]")
            }
            w.raw(",\"glyphs\":[")
            for (k, g) in label.glyphs.enumerated() {
                if k > 0 { w.raw(",") }
                w.raw(singleLine ? "{" : "\n {")
                w.raw("\"glyph\":"); w.integer(Int(g.glyph))
                w.raw(",\"cluster\":"); w.integer(g.cluster)
                w.raw(",\"font\":"); w.string(g.font.name)
                w.raw(",\"fontIndex\":"); w.integer(fontIndex[ObjectIdentifier(g.font)] ?? 0)
                w.raw(",\"size\":"); w.number(g.size)
                w.raw(",\"x\":"); w.number(g.origin.x)
                w.raw(",\"y\":"); w.number(g.origin.y)
                w.raw(",\"angle\":"); w.number(g.angle.degrees)
                w.raw(",\"advance\":"); w.number(g.advance)
                if g.color != lastColor { lastColor = g.color; colorText = g.color.description }
                w.raw(",\"color\":"); w.string(colorText)
                if g.scaleX != 1 { w.raw(",\"scaleX\":"); w.number(g.scaleX) }
                if g.synthesis.bold { w.raw(",\"synthesizedBold\":"); w.number(g.synthesis.emboldening(size: g.size)) }
                if g.synthesis.oblique { w.raw(",\"synthesizedSlant\":"); w.number(g.synthesis.skew) }
                if label.lines > 1 { w.raw(",\"line\":"); w.integer(g.line) }
                if label.writingMode == .vertical { w.raw(g.upright ? ",\"orientation\":\"upright\"" : ",\"orientation\":\"sideways\"") }
                let m = g.transform
                w.raw(",\"transform\":["); w.number(m.a); w.raw(","); w.number(m.b); w.raw(","); w.number(m.c)
                w.raw(","); w.number(m.d); w.raw(","); w.number(m.e); w.raw(","); w.number(m.f); w.raw("]")
                if inkBoxes {
                    w.raw(",\"ink\":[")
                    for (c, p) in g.inkBox(padding: label.halo?.width ?? 0).enumerated() {
                        if c > 0 { w.raw(",") }
                        w.raw("["); w.number(p.x); w.raw(","); w.number(p.y); w.raw("]")
                    }
                    w.raw("]")
                }
                w.raw("}")
            }
            w.raw("]}")
        }
        w.raw("]}\n")
        return w.text
    }

    /// The font's file as an absolute path (relative paths are taken from the current folder), or `nil`
    /// for a font loaded from memory.
    public static func absolutePath(_ font: Typeface) -> String? {
        guard let path = font.path else { return nil }
        if path.hasPrefix("/") { return path }
        // Resolved when the font was loaded (from the folder it was loaded in), bytes that are not UTF-8
        // shown as \xNN rather than U+FFFD.
        return font.absolutePath ?? path
    }

    /// A JSON number by the one rule (``JSONNumber``).
    public static func number(_ v: Double) -> String {
        var w = JSONBytes(capacity: 32)
        w.number(v)
        return w.text
    }

    /// A JSON string literal.
    public static func string(_ s: String) -> String {
        var w = JSONBytes(capacity: s.utf8.count + 2)
        w.string(s)
        return w.text
    }
}

/// JSON text built as UTF-8 bytes in one growing buffer.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// The text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Literal text, as is.
    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A whole number.
    mutating func integer(_ v: Int) {
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(v.magnitude, minimumCount: 1)
    }

    /// The decimal digits of `v`, zero-padded to `minimumCount` (at most 19 digits in all).
    private mutating func digits(_ v: UInt, minimumCount: Int) {
        var count = 1, divisor: UInt = 1
        while count < 19, v / divisor >= 10 { divisor &*= 10; count += 1 }
        while count < minimumCount { divisor &*= 10; count += 1 }
        var rest = v
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A number by the one rule (``JSONNumber``): the shortest text that reads back as the same value.
    mutating func number(_ v: Double) { JSONNumber.append(v, to: &bytes) }

    /// A string literal, escaped by the project's one rule (``JSONStringLiteral``).
    mutating func string(_ s: String) { JSONStringLiteral.append(s, to: &bytes) }

    /// A diagnostic object: `{"code":"missing-glyph","message":"…","clusters":[0],"codePoints":[26481],…}`.
    mutating func diagnostic(_ d: DiagnosticRecord) {
        raw("{\"code\":"); string(d.code.rawValue)
        raw(",\"message\":"); string(d.message)
        raw(",\"clusters\":["); list(d.clusters); raw("]")
        if !d.codePoints.isEmpty { raw(",\"codePoints\":["); list(d.codePoints.map { Int($0) }); raw("]") }
        for n in d.numbers { raw(","); string(n.name); raw(":"); number(n.value) }
        if let font = d.font { raw(",\"font\":"); string(font) }
        if let fits = d.fits { raw(fits ? ",\"fits\":true" : ",\"fits\":false") }
        raw("}")
    }

    /// Whole numbers separated by commas.
    private mutating func list(_ values: [Int]) {
        for (k, v) in values.enumerated() {
            if k > 0 { raw(",") }
            integer(v)
        }
    }
}
