/// How glyphs stand in vertical writing (CSS `text-orientation`).
public enum VerticalOrientation: String, Sendable, Hashable, CaseIterable, Codable {
    /// CJK and other vertical scripts stand upright; Latin and other horizontal scripts lie sideways.
    case mixed
    /// Every glyph stands upright.
    case upright
}

extension Shaper {
    /// Shapes `text` for vertical writing: items that stand upright are shaped top to bottom
    /// (`HB_DIRECTION_TTB`, so the font's `vert`/`vrt2` forms and its vertical advances and origins apply);
    /// the others are shaped left to right, to be laid sideways.
    public static func shapeVertical(_ text: AttributedText, orientation: VerticalOrientation = .mixed) -> ShapedLine {
        let (items, _, diagnostics) = Itemizer.itemize(text, direction: .ltr)
        let (glyphs, fonts) = shapeItems(text, items) { orientation == .upright || $0.script.standsUpright }
        return ShapedLine(text: text.string, glyphs: glyphs, fonts: fonts, runs: text.runs.map(\.attributes),
                          metrics: lineMetrics(text, items: items), diagnostics: diagnostics, isRightToLeft: false)
    }
}

extension Script {
    /// Whether the script's characters stand upright in vertical text with `text-orientation: mixed`
    /// (Han, Hiragana, Katakana, Hangul, Bopomofo, Yi; and Common characters between them, such as "ー").
    var standsUpright: Bool {
        let upright: Set<UInt32> = ["Hani", "Hira", "Kana", "Hang", "Bopo", "Yiii", "Hrkt", "Jpan", "Kore"].map(Script.tagValue).reduce(into: []) { $0.insert($1) }
        return upright.contains(tag)
    }

    /// The tag value of a four-letter script code.
    static func tagValue(_ code: String) -> UInt32 {
        code.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
