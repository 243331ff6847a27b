import JSON
import Support
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
/// - A label painted with more than flat colours (a gradient, a stroke, an opacity: ``PlacedLabel/paints``)
///   has `paints`, one object per run, and each glyph a `paint` index into it: `fill` (a colour, or a
///   gradient object whose coordinates are canvas pixels, already mapped onto the label's box),
///   `fillOpacity`, `opacity`, `paintOrder` (`fill` or `stroke` first) and, when stroked, `stroke`
///   (`color`, `gradient`, `width`, `opacity`, `linejoin`, `miterlimit`). A gradient object has `type`
///   (`linear` with `x1 y1 x2 y2`, `radial` with `fx fy fr cx cy r`), `stops` (`offset`, `color`), `spread`
///   and `transform` (gradient space to canvas, `[a,b,c,d,e,f]`); the glyph's `color` stays its flat colour.
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
        write(labels, inkBoxes: inkBoxes, singleLine: singleLine).text
    }

    /// ``encode(_:inkBoxes:singleLine:)`` as UTF-8 bytes (no `String` made: `--batch` writes the bytes).
    package static func encodeUTF8(_ labels: [PlacedLabel], inkBoxes: Bool = false, singleLine: Bool = false) -> [UInt8] {
        write(labels, inkBoxes: inkBoxes, singleLine: singleLine).bytes
    }

    /// The colour most glyphs have, as its string literal.
    private static let blackText = JSONBytes.literal(RGBAColor.black.description)

    private static func write(_ labels: [PlacedLabel], inkBoxes: Bool, singleLine: Bool) -> JSONBytes {
        // The fonts table: each font once, in order of first use by a glyph; `tableIndex[i][f]` is where
        // font f of label i's own table (PlacedLabel.fonts) is in it, -1 for a font no glyph uses. Fonts are
        // held unretained (the labels keep them) and read at +0: every thread's replies name the same fonts,
        // and each retain of one, or of one of its names, would move a cache line between cores.
        var fonts: [Unmanaged<Typeface>] = []
        var tableIndex: [[Int]] = []
        tableIndex.reserveCapacity(labels.count)
        labels.withUnsafeBufferPointer { labelBuffer in
            for i in labelBuffer.indices {
                let label = labelBuffer.baseAddress! + i
                var index = [Int](repeating: -1, count: label.pointee.fonts.count)
                label.pointee.fonts.withUnsafeBufferPointer { own in
                    label.pointee.glyphs.withUnsafeBufferPointer { glyphs in
                        var last = -1
                        for g in glyphs where g.fontIndex != last {
                            last = g.fontIndex
                            guard index[last] < 0 else { continue }
                            let font = Unmanaged.passUnretained(own[last])
                            if let k = fonts.firstIndex(where: { $0.toOpaque() == font.toOpaque() }) { index[last] = k } else {
                                index[last] = fonts.count; fonts.append(font)
                            }
                        }
                    }
                }
                tableIndex.append(index)
            }
        }
        // Bytes appended in place: no temporary strings per number (this runs once per label in --batch).
        var w = JSONBytes(capacity: 512 + labels.reduce(0) { $0 + 320 * $1.glyphs.count })
        let nl: StaticString = singleLine ? "" : "\n"
        w.raw("{\"fonts\":[")
        for (i, font) in fonts.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw(nl)
            font._withUnsafeGuaranteedRef { font in w.fontRow(font) }
        }
        w.raw("],\"labels\":[")
        // The colour most glyphs have, as its string literal: a copy of the static's bytes in a buffer of
        // this call's, since the glyph loop retains and releases it per glyph and the static's buffer is
        // every thread's (formatting the colour per call instead cost 2 k instructions).
        var lastColor = RGBAColor.black, colorText = Self.blackText.withUnsafeBufferPointer { [UInt8]($0) }
        // A glyph's size, angle and advance are often the last glyph's (one size a label, a straight
        // stretch of path, a repeated letter): a value with the same bits as the last one printed in its
        // field is copied from that text instead of printed again (the printer is a function of the bits).
        var size = RepeatedNumber(), angle = RepeatedNumber(), advance = RepeatedNumber()
        // Each glyph names its font: the escaped name and the row looked up when the font changes.
        let names = fonts.map { $0._withUnsafeGuaranteedRef { JSONBytes.literal($0.name) } }
        var lastFontIndex = 0, nameText = names.first ?? JSONBytes.literal("")
        // Each label read in place: a copy retains its measure, which the path cache shares between threads.
        labels.withUnsafeBufferPointer { labelBuffer in
            for i in labelBuffer.indices {
                let label = labelBuffer.baseAddress! + i
                if i > 0 { w.raw(",") }
                w.raw(nl); w.raw("{\"pathLength\":"); w.number(label.pointee.pathLength)
                w.raw(",\"flipped\":"); w.raw(label.pointee.flipped ? "true" : "false")
                w.raw(",\"overflow\":"); w.raw(label.pointee.overflow ? "true" : "false")
                w.raw(",\"size\":"); w.number(label.pointee.size)
                w.raw(",\"advance\":"); w.number(label.pointee.advance)
                w.raw(",\"start\":"); w.number(label.pointee.start)
                w.raw(",\"dropped\":[")
                for (k, c) in label.pointee.droppedClusters.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.integer(c)
                }
                w.raw("],\"rejected\":")
                if let angle = label.pointee.rejectedAngle { w.number(angle) } else { w.raw("null") }
                w.raw(",\"warp\":"); w.string(label.pointee.warp.rawValue)
                w.raw(",\"writingMode\":"); w.string(label.pointee.writingMode.rawValue)
                if label.pointee.lines > 1 { w.raw(",\"lines\":"); w.integer(label.pointee.lines) }
                if let halo = label.pointee.halo {
                    w.raw(",\"halo\":{\"width\":"); w.number(halo.width)
                    w.raw(",\"color\":"); w.string(halo.color.description); w.raw("}")
                }
                if !label.pointee.decorations.isEmpty {
                    w.raw(",\"decorations\":[")
                    for (k, band) in label.pointee.decorations.enumerated() {
                        if k > 0 { w.raw(",") }
                        w.raw("{\"kind\":"); w.string(band.kind.rawValue)
                        w.raw(",\"color\":"); w.string(band.color.description)
                        w.raw(",\"d\":"); w.string(band.outline.svgPathData)
                        w.raw("}")
                    }
                    w.raw("]")
                }
                if !label.pointee.paints.isEmpty {
                    w.raw(",\"paints\":"); w.put(Array(JSONValue.array(label.pointee.resolvedPaints.map(Self.paintJSON)).serialized().utf8))
                }
                if !label.pointee.diagnostics.isEmpty {
                    w.raw(",\"diagnostics\":[")
                    for (k, d) in label.pointee.diagnosticRecords.enumerated() {
                        if k > 0 { w.raw(",") }
                        w.diagnostic(d)
                    }
                    w.raw("]")
                }
                w.raw(",\"glyphs\":[")
                let index = tableIndex[i], labelFonts = label.pointee.fonts
                var lastOwnFont = -1
                // Each glyph read in place.
                label.pointee.glyphs.withUnsafeBufferPointer { glyphs in
                    for k in glyphs.indices {
                        let g = glyphs.baseAddress! + k
                        if k > 0 { w.raw(",") }
                        w.raw(singleLine ? "{" : "\n {")
                        w.raw("\"glyph\":"); w.integer(Int(g.pointee.glyph))
                        w.raw(",\"cluster\":"); w.integer(g.pointee.cluster)
                        if g.pointee.fontIndex != lastOwnFont {
                            lastOwnFont = g.pointee.fontIndex; lastFontIndex = index[lastOwnFont]
                            nameText = names[lastFontIndex]
                        }
                        w.raw(",\"font\":"); w.put(nameText)
                        w.raw(",\"fontIndex\":"); w.integer(lastFontIndex)
                        w.raw(",\"size\":"); size.write(g.pointee.size, to: &w)
                        w.raw(",\"x\":"); let x = w.count; w.number(g.pointee.origin.x); let xEnd = w.count
                        w.raw(",\"y\":"); let y = w.count; w.number(g.pointee.origin.y); let yEnd = w.count
                        w.raw(",\"angle\":"); angle.write(g.pointee.angle.degrees, to: &w)
                        w.raw(",\"advance\":"); advance.write(g.pointee.advance, to: &w)
                        if g.pointee.color != lastColor { lastColor = g.pointee.color; colorText = JSONBytes.literal(g.pointee.color.description) }
                        w.raw(",\"color\":"); w.put(colorText)
                        if !label.pointee.paints.isEmpty { w.raw(",\"paint\":"); w.integer(g.pointee.runIndex) }
                        if g.pointee.scaleX != 1 { w.raw(",\"scaleX\":"); w.number(g.pointee.scaleX) }
                        if g.pointee.synthesis.bold { w.raw(",\"synthesizedBold\":"); w.number(g.pointee.synthesis.emboldening(size: g.pointee.size)) }
                        if g.pointee.synthesis.oblique { w.raw(",\"synthesizedSlant\":"); w.number(g.pointee.synthesis.skew) }
                        if label.pointee.lines > 1 { w.raw(",\"line\":"); w.integer(g.pointee.line) }
                        if label.pointee.writingMode == .vertical { w.raw(g.pointee.upright ? ",\"orientation\":\"upright\"" : ",\"orientation\":\"sideways\"") }
                        let m = g.pointee.transform
                        // A rotation's matrix repeats its numbers (d = a, c = −b unless stretched; e, f the
                        // origin's x, y): those are copied from the text just written instead of printed again.
                        w.raw(",\"transform\":[")
                        let a = w.count; w.number(m.a); let aEnd = w.count
                        w.raw(","); let b = w.count; w.number(m.b); let bEnd = w.count
                        w.raw(",")
                        if m.c == -m.b { w.negated(b..<bEnd) } else { w.number(m.c) }
                        w.raw(",")
                        if m.d == m.a { w.repeated(a..<aEnd) } else { w.number(m.d) }
                        // The translation is the origin unless the glyph is shifted (its text is copied then too).
                        w.raw(",")
                        if m.e == g.pointee.origin.x { w.repeated(x..<xEnd) } else { w.number(m.e) }
                        w.raw(",")
                        if m.f == g.pointee.origin.y { w.repeated(y..<yEnd) } else { w.number(m.f) }
                        w.raw("]")
                        if inkBoxes {
                            w.raw(",\"ink\":[")
                            for (c, p) in g.pointee.inkBox(font: labelFonts[lastOwnFont], padding: label.pointee.halo?.width ?? 0).enumerated() {
                                if c > 0 { w.raw(",") }
                                w.raw("["); w.number(p.x); w.raw(","); w.number(p.y); w.raw("]")
                            }
                            w.raw("]")
                        }
                        w.raw("}")
                    }
                }
                w.raw("]}")
            }
        }
        w.raw("]}\n")
        return w
    }

    /// The text of the last value written in one field of the glyphs, to copy when the next value has
    /// the same bits.
    private struct RepeatedNumber {
        var bits: UInt64? = nil
        var text: Range<Int> = 0..<0

        mutating func write(_ v: Double, to w: inout JSONBytes) {
            if v.bitPattern == bits { w.repeated(text); return }
            let start = w.count
            w.number(v)
            bits = v.bitPattern; text = start..<w.count
        }
    }

    /// The font's file as an absolute path free of symbolic links (relative paths are taken from the
    /// current folder), or `nil` for a font loaded from memory. A file is loaded once whatever name it is
    /// reached by (``FontCache``), so its one resolved name is what every door reports, whichever name
    /// loaded it first.
    public static func absolutePath(_ font: Typeface) -> String? {
        guard let path = font.path else { return nil }
        // Resolved when the font was loaded (from the folder it was loaded in), bytes that are not UTF-8
        // shown as \xNN rather than U+FFFD.
        return font.absolutePath ?? path
    }

    /// A JSON number by the one rule (``JSONNumber``).
    public static func number(_ v: Double) -> String { JSONNumber.text(v) }

    /// A JSON string literal.
    public static func string(_ s: String) -> String {
        var w = JSONBytes(capacity: s.utf8.count + 2)
        w.string(s)
        return w.text
    }
}

/// JSON text built as UTF-8 bytes in one growing buffer.
///
/// The buffer is filled up to ``count`` and grown by doubling: each piece is one bounds check and one
/// copy (appending to an array piece by piece cost about 80 instructions a piece, which for `--batch`
/// was a third of the encoding). Numbers are written by the one rule (``JSONNumber/write(_:to:)``)
/// straight into the buffer, without a `String` per number.
struct JSONBytes {
    /// The buffer: a block of bytes this writer owns (a copy of a `JSONBytes` shares it, so a writer is
    /// used as one variable, as every caller does). Written through its pointer: an array's uniqueness
    /// check and count on every piece were a tenth of a short label's encoding.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int
        init(capacity: Int) { self.capacity = capacity; base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }
    private let storage: Storage
    /// The bytes written so far.
    private(set) var count = 0

    init(capacity: Int) {
        // Bytes beyond `count` are never read: no need to clear them first.
        storage = Storage(capacity: max(capacity, 64))
    }

    /// The bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: count)) }

    /// The text.
    var text: String { String(decoding: UnsafeBufferPointer(start: storage.base, count: count), as: UTF8.self) }

    @inline(__always) private mutating func reserve(_ n: Int) {
        if count &+ n > storage.capacity { grow(n) }
    }

    @inline(never) private mutating func grow(_ n: Int) {
        let capacity = storage.capacity + max(storage.capacity, n)
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        base.update(from: storage.base, count: count)
        storage.base.deallocate()
        storage.base = base; storage.capacity = capacity
    }

    /// Appends `p`'s bytes.
    @inline(__always) mutating func put(_ p: UnsafeBufferPointer<UInt8>) {
        guard let base = p.baseAddress, p.count > 0 else { return }
        reserve(p.count)
        (storage.base + count).update(from: base, count: p.count)
        count += p.count
    }

    /// Appends a copy of the bytes `range` written before.
    mutating func repeated(_ range: Range<Int>) {
        reserve(range.count)
        (storage.base + count).update(from: storage.base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Appends the number written at `range` with its sign turned. By the one rule (``JSONNumber``) the
    /// text of −v is that of v with a minus added or taken away, except `0` (either sign) and `null`.
    mutating func negated(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = storage.base[range.lowerBound]
        if first == UInt8(ascii: "-") { repeated(range.dropFirst()) }
        else if range.count == 1 && first == UInt8(ascii: "0") || first == UInt8(ascii: "n") { repeated(range) }  // 0, null
        else { byte(UInt8(ascii: "-")); repeated(range) }
    }

    /// Appends one byte.
    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        storage.base[count] = b
        count += 1
    }

    /// Appends bytes written before (an escaped name kept for many glyphs).
    mutating func put(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { put($0) } }

    /// Appends `string`'s UTF-8 as is.
    mutating func write(_ string: String) {
        var s = string
        s.withUTF8 { put($0) }
    }

    /// Literal text, as is.
    @inline(__always) mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { put($0) }
    }

    /// A whole number, as ``JSONNumber`` writes whole numbers.
    mutating func integer(_ v: Int) {
        reserve(20)
        count &+= JSONNumber.writeInteger(Int64(v), to: storage.base + count)
    }

    /// A number by the one rule (``JSONNumber/write(_:to:)``): the shortest text that reads back as the
    /// same value.
    mutating func number(_ v: Double) {
        reserve(JSONNumber.bufferLength)
        count &+= JSONNumber.write(v, to: storage.base + count)
    }

    /// A string literal, escaped by the project's one rule (``JSONStringLiteral``). A native string is
    /// read in place: a copy would retain its storage, which a font's names share with every thread.
    mutating func string(_ s: String) {
        let written = s.utf8.withContiguousStorageIfAvailable { u -> Bool in
            guard !u.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F }) else { return false }
            byte(UInt8(ascii: "\""))
            put(u)
            byte(UInt8(ascii: "\""))
            return true
        }
        guard written != true else { return }
        var out: [UInt8] = []
        JSONStringLiteral.append(s, to: &out)
        put(out)
    }

    /// A row of the fonts table: `{"embedded":…` or `{"path":…`, then `faceIndex`, `name`, `family`,
    /// `style`, `unitsPerEm` and `variations`.
    mutating func fontRow(_ font: Typeface) {
        if font.isEmbedded {
            // Embedded fonts have no file: a stable name, whose bytes `pathtext fonts --export DIR`,
            // `pt_embedded_font()` and `pathtext.embedded_font()` give.
            raw("{\"embedded\":"); string(font.name)
        } else {
            raw("{\"path\":")
            if let path = PlacementsJSON.absolutePath(font) { string(path) } else { raw("null") }
        }
        raw(",\"faceIndex\":"); integer(font.faceIndex)
        raw(",\"name\":"); string(font.name)
        raw(",\"family\":"); string(font.familyName)
        raw(",\"style\":"); string(font.styleName)
        raw(",\"unitsPerEm\":"); integer(font.unitsPerEm)
        raw(",\"variations\":{")
        for (k, v) in font.variations.enumerated() {
            if k > 0 { raw(",") }
            string(v.tag); raw(":"); number(v.value)
        }
        raw("}}")
    }

    /// `s` as a string literal's bytes, to be written many times with ``put(_:)-([UInt8])``.
    static func literal(_ s: String) -> [UInt8] {
        var w = JSONBytes(capacity: s.utf8.count + 2)
        w.string(s)
        return w.bytes
    }

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
