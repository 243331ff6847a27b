import Support
internal import CHarfBuzz

/// The HarfBuzz buffer each thread shapes with, kept cleared between its shaping calls so that a call
/// neither allocates nor grows a buffer of its own, and takes no lock (a shared pool cost two locked
/// sections a call, which two threads shaping at once contended for).
///
/// One per thread (``ThreadLocal``), made on the thread's first shaping call and destroyed when the
/// thread exits. A call that finds its thread's buffer in use (shaping re-entered on the same thread,
/// from a call's `body`) shapes with a buffer of its own, created and destroyed around it. A buffer that
/// grew past ``largestKept`` glyphs, or whose allocation failed, is destroyed after its call instead of
/// kept (the thread's next call creates a new one).
final class ThreadBuffer {
    /// The thread's buffer, cleared; `nil` before its first use and after one was not kept.
    private var buffer: OpaquePointer?
    /// Whether a shaping call on this thread is using ``buffer``.
    private var inUse = false
    /// Whether the thread has a buffer kept for its next call.
    var keepsBuffer: Bool { buffer != nil }

    /// The most glyphs a kept buffer has held: a buffer that held more is destroyed after its call.
    static let largestKept = 16_384

    deinit { if let buffer { hb_buffer_destroy(buffer) } }

    /// This thread's object, made on first use; freed (with its buffer) when the thread exits.
    static var current: ThreadBuffer { threads.value }
    private static let threads = ThreadLocal { ThreadBuffer() }

    /// Runs `body` with an empty buffer (default properties, flags and cluster level): the thread's, or
    /// one of the call's own when the thread's is in use. The buffer is valid only during `body`.
    static func withBuffer<R>(_ body: (OpaquePointer) -> R) -> R {
        let thread = current
        guard !thread.inUse else {
            let own = hb_buffer_create()!
            defer { hb_buffer_destroy(own) }
            return body(own)
        }
        let buffer = thread.buffer ?? hb_buffer_create()!
        thread.buffer = buffer
        thread.inUse = true
        defer {
            if hb_buffer_get_length(buffer) > UInt32(largestKept) || hb_buffer_allocation_successful(buffer) == 0 {
                hb_buffer_destroy(buffer)
                thread.buffer = nil
            } else {
                hb_buffer_clear_contents(buffer)  // no text, default properties, flags and cluster level
            }
            thread.inUse = false
        }
        return body(buffer)
    }
}

/// Owns one HarfBuzz blob, face and font (the HarfBuzz boundary: raw HarfBuzz pointers never leave this file).
///
/// The font uses HarfBuzz's own OpenType functions at a scale of one unit per font unit, so positions
/// are exact and unhinted, the same as `hb-shape`'s defaults. It is made immutable after creation;
/// HarfBuzz documents shaping with a shared immutable font from several threads as safe, and every
/// shaping call uses a buffer no other thread touches (its thread's ``ThreadBuffer``).
final class HarfBuzzFont: @unchecked Sendable {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let data: FontData

    /// Opens face `index` of `data`, with optional variation settings such as `wght=700`.
    init(data: FontData, index: Int, variations: [(tag: String, value: Double)]) {
        self.data = data
        blob = hb_blob_create(data.base.assumingMemoryBound(to: CChar.self), UInt32(data.count),
                              HB_MEMORY_MODE_READONLY, nil, nil)
        face = hb_face_create(blob, UInt32(index))
        font = hb_font_create(face)
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        if !variations.isEmpty {
            var vars = variations.map { hb_variation_t(tag: hb_tag_from_string($0.tag, 4), value: Float($0.value)) }
            hb_font_set_variations(font, &vars, UInt32(vars.count))
        }
        hb_font_make_immutable(font)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The number of glyphs HarfBuzz sees in the face.
    var glyphCount: Int { Int(hb_face_get_glyph_count(face)) }

    /// How many characters the font's `cmap` maps to a glyph (0 for a `cmap` HarfBuzz cannot read).
    func mappedCharacterCount() -> Int {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        return Int(hb_set_get_population(set))
    }

    /// The face's style value for `tag` as HarfBuzz reads it (`hb_style_get_value`): `wght` (OS/2 weight
    /// class, or the `wght` coordinate), `wdth` (percent), `ital` (1 when italic), `slnt` (degrees, the
    /// slant angle).
    func styleValue(_ tag: String) -> Double {
        Double(hb_style_get_value(font, hb_style_tag_t(rawValue: hb_tag_from_string(tag, 4))))
    }

    /// Whether the font's `GSUB` table has a feature tagged `tag` (in any script and language).
    func hasSubstitutionFeature(_ tag: String) -> Bool {
        let gsub = hb_tag_from_string("GSUB", 4), wanted = hb_tag_from_string(tag, Int32(tag.utf8.count))
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, gsub, start, &count, &tags)
            if tags.prefix(Int(count)).contains(wanted) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }

    /// The nominal glyph for a code point, or `nil` when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &g) != 0 ? g : nil
    }

    /// A metric in font units, or `nil` when the font does not define it.
    func metric(_ tag: hb_ot_metrics_tag_t) -> Double? {
        var v: hb_position_t = 0
        return hb_ot_metrics_get_position(font, tag, &v) != 0 ? Double(v) : nil
    }

    /// Ascender, descender, line gap, x-height and cap height in font units.
    func metrics() -> (ascender: Double, descender: Double, lineGap: Double, xHeight: Double, capHeight: Double) {
        (metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? 0,
         metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? 0,
         metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP) ?? 0,
         metric(HB_OT_METRICS_TAG_X_HEIGHT) ?? 0,
         metric(HB_OT_METRICS_TAG_CAP_HEIGHT) ?? 0)
    }

    /// Underline and strikeout positions (OpenType's: the top edge of each stroke) and thicknesses in font
    /// units, from `post` and `OS/2` (HarfBuzz synthesizes them when the font has none).
    func decorationMetrics() -> (underlinePosition: Double, underlineThickness: Double, strikeoutPosition: Double, strikeoutThickness: Double) {
        (metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? 0,
         metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0,
         metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? 0,
         metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE) ?? 0)
    }

    /// One shaped glyph in font units, as HarfBuzz reports it.
    struct RawGlyph {
        var glyph: UInt32, cluster: UInt32, xAdvance: Int32, yAdvance: Int32, xOffset: Int32, yOffset: Int32
    }

    /// Shapes `utf8[range]` with the whole text as context.
    ///
    /// - Parameters:
    ///   - utf8: the whole paragraph, so that joining and contextual rules see the neighbours.
    ///   - range: the byte range of the item to shape.
    ///   - rtl: the item's direction (set explicitly, never guessed).
    ///   - script: the item's script as an ISO 15924 tag value (set explicitly).
    ///   - language: a BCP 47 tag, or `nil` for HarfBuzz's default language.
    ///   - features: settings whose ``FeatureSetting/start`` and ``FeatureSetting/end`` are already
    ///     absolute UTF-8 offsets (cluster values) in `utf8`.
    ///   - body: called once with the glyph count and a function giving glyph `i` in HarfBuzz's output
    ///     order (visual order for the item), clusters as UTF-8 offsets.
    func shape(utf8: UnsafeBufferPointer<UInt8>, range: Range<Int>, rtl: Bool, script: UInt32, language: String?,
               features: [FeatureSetting], vertical: Bool = false, body: (Int, (Int) -> RawGlyph) -> Void) {
        guard !range.isEmpty else { return }
        ThreadBuffer.withBuffer { buffer in
            shape(buffer, utf8: utf8, range: range, rtl: rtl, script: script, language: language,
                  features: features, vertical: vertical, body: body)
        }
    }

    /// ``shape(utf8:range:rtl:script:language:features:vertical:body:)`` with an empty `buffer`.
    private func shape(_ buffer: OpaquePointer, utf8: UnsafeBufferPointer<UInt8>, range: Range<Int>, rtl: Bool,
                       script: UInt32, language: String?, features: [FeatureSetting], vertical: Bool,
                       body: (Int, (Int) -> RawGlyph) -> Void) {
        utf8.withMemoryRebound(to: CChar.self) { c in
            hb_buffer_add_utf8(buffer, c.baseAddress, Int32(c.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_set_direction(buffer, vertical ? HB_DIRECTION_TTB : rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_guess_segment_properties(buffer)
        if features.isEmpty {
            hb_shape(font, buffer, nil, 0)
        } else {
            var feats: [hb_feature_t] = features.map { f in
                hb_feature_t(tag: hb_tag_from_string(f.tag, -1), value: f.value,
                             start: UInt32(clamping: f.start), end: f.end.map { UInt32(clamping: $0) } ?? UInt32.max)
            }
            hb_shape(font, buffer, &feats, UInt32(feats.count))
        }
        var n: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &n),
              let positions = hb_buffer_get_glyph_positions(buffer, &n) else { return }
        body(Int(n)) { i in
            RawGlyph(glyph: infos[i].codepoint, cluster: infos[i].cluster,
                     xAdvance: positions[i].x_advance, yAdvance: positions[i].y_advance,
                     xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }

    /// The Unicode Script property of `scalar` from HarfBuzz's default Unicode functions, as an
    /// ISO 15924 tag value (`Latn`, `Zyyy` for Common, `Zinh` for Inherited, `Zzzz` for Unknown).
    static func script(of scalar: Unicode.Scalar) -> UInt32 {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
    }

    /// Parses one feature in `hb_feature_from_string` syntax (`kern=0`, `+smcp`, `smcp[0:3]`).
    /// - Returns: the tag, value and range (`end` is `nil` for "to the end"), or `nil` when HarfBuzz rejects it.
    static func parseFeature(_ text: String) -> (tag: String, value: UInt32, start: Int, end: Int?)? {
        var f = hb_feature_t()
        guard !text.isEmpty, hb_feature_from_string(text, Int32(text.utf8.count), &f) != 0 else { return nil }
        var chars = [CChar](repeating: 0, count: 5)
        hb_tag_to_string(f.tag, &chars)
        let tag = String(decoding: chars.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (tag, f.value, Int(f.start), f.end == UInt32.max ? nil : Int(f.end))
    }
}
