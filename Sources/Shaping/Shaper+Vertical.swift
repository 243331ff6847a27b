/// How glyphs stand in vertical writing (CSS `text-orientation`).
public enum VerticalOrientation: String, Sendable, Hashable, CaseIterable {
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
        if let merged = text.mergedForShaping { return shapeVertical(merged, orientation: orientation).painted(as: text) }
        let (whole, _, diagnostics) = Itemizer.itemize(text, direction: .ltr)
        // Orientation is per character (UTR #50), not per script item: a space takes its neighbours'
        // script but is sideways (vo=R), with its horizontal advance.
        let items = orientation == .upright ? whole : splitEmoji(splitSideways(whole, text.string), text.string)
        let (glyphs, fonts) = shapeItems(text, items) { item in
            orientation == .upright || (item.script.standsUpright && !isSideways(item, text.string)) || isEmoji(item, text.string)
        }
        var line = ShapedLine(text: text.string, glyphs: glyphs, fonts: fonts, runs: text.runs.map(\.attributes),
                              metrics: lineMetrics(text, items: items), diagnostics: diagnostics, isRightToLeft: false)
        line.noteColorGlyphFallbacks()
        return line
    }
}

extension Shaper {
    /// Whether a byte is an ASCII character set sideways even inside an upright script's item: the space
    /// and the tab (Vertical_Orientation R; so is U+00A0, handled as two bytes). The ideographic space
    /// U+3000 stays upright (vo=U).
    static func isSidewaysScalar(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether `item` holds only sideways characters (one of the pieces ``splitSideways(_:_:)`` makes).
    static func isSideways(_ item: TextItem, _ string: String) -> Bool {
        let text = item.substring(of: string)
        return !text.isEmpty && text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }
    }

    /// `items` with every run of spaces inside an upright script's item made an item of its own.
    static func splitSideways(_ items: [TextItem], _ string: String) -> [TextItem] {
        let utf8 = Array(string.utf8)
        var out: [TextItem] = []
        for item in items {
            guard item.script.standsUpright else { out.append(item); continue }
            var start = item.range.lowerBound, i = start
            func space(_ at: Int) -> (Bool, Int) {
                if isSidewaysScalar(utf8[at]) { return (true, 1) }
                if utf8[at] == 0xC2, at + 1 < item.range.upperBound, utf8[at + 1] == 0xA0 { return (true, 2) }
                return (false, 1)
            }
            while i < item.range.upperBound {
                let (isSpace, width) = space(i)
                if isSpace {
                    var end = i
                    while end < item.range.upperBound, space(end).0 { end += space(end).1 }
                    if i > start { var a = item; a.range = start..<i; out.append(a) }
                    var b = item; b.range = i..<end; out.append(b)
                    start = end; i = end
                } else {
                    i += width
                }
            }
            if start < item.range.upperBound { var a = item; a.range = start..<item.range.upperBound; out.append(a) }
        }
        return out
    }
}

extension Shaper {
    /// Whether `item` holds only clusters presented as emoji (``EmojiPresentation``): these stand upright
    /// in vertical text whatever their script (UTR #50 gives emoji Vertical_Orientation U; Chromium
    /// draws 😁 upright in a `writing-mode: vertical-rl` column).
    static func isEmoji(_ item: TextItem, _ string: String) -> Bool {
        let clusters = Array(item.substring(of: string))
        return !clusters.isEmpty && clusters.allSatisfy { EmojiPresentation.of($0.unicodeScalars) == .emoji }
    }

    /// `items` with every run of emoji clusters inside a sideways item made an item of its own, so that
    /// it can stand upright (``isEmoji(_:_:)``).
    static func splitEmoji(_ items: [TextItem], _ string: String) -> [TextItem] {
        var out: [TextItem] = []
        for item in items {
            let text = item.substring(of: string)
            guard !item.script.standsUpright, text.unicodeScalars.contains(where: EmojiPresentation.mayAsk) else {
                out.append(item); continue
            }
            var start = item.range.lowerBound, offset = start, runIsEmoji: Bool? = nil
            for cluster in text {
                let emoji = EmojiPresentation.of(cluster.unicodeScalars) == .emoji
                if let r = runIsEmoji, r != emoji {
                    var piece = item; piece.range = start..<offset; out.append(piece)
                    start = offset
                }
                runIsEmoji = emoji
                offset += cluster.utf8.count
            }
            var last = item; last.range = start..<item.range.upperBound; out.append(last)
        }
        return out
    }
}

extension TextItem {
    /// The item's text: `string`'s UTF-8 bytes in ``range``.
    func substring(of string: String) -> Substring {
        let utf8 = string.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
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
