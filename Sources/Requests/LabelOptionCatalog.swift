import Support
import JSON
import Geometry
import Layout
import Shaping

/// Every label option, declared once: the JSON key, the flag, the values, the default and the help.
///
/// Scene files, the CLI's flags and `--help`, error messages and README's option table are made from
/// these lists. Adding an option is one entry here (plus its field in ``LabelOptions`` or ``RunStyle``)
/// and its test.
public enum LabelOptionCatalog {
    /// The attributes of a run (label-level values are the defaults of the label's runs).
    public static let style: [OptionEntry<RunStyle>] = {
        [
            .list("font", \.fonts, .string("FILE", nonEmpty: true),
                  help: "font files, primary first (a bare name is looked up in the fonts folder); the embedded Noto stack follows unless embeddedFonts is false").sample(.array([.string("NotoSerif-Regular.ttf")])),
            .list("fontFamily", \.fontFamilies,
                  .text("NAME[:STYLE]", expected: "a font family such as \"Noto Sans\" or \"Noto Sans:Bold\"",
                        parse: FontFamilyName.init(parsing:), write: \.description),
                  help: "fonts found through Fontconfig, in front of the font files").sample(.array([.string("DejaVu Sans")])),
            .optional("fontWeight", \.fontWeight, .fontWeight, default: "400",
                      help: "CSS font-weight, 1 to 1000 (or normal, bold): each fontFamily's face is chosen by CSS font matching, a variable face set to it").sample(.number(700)),
            .optional("fontStretch", \.fontStretch, .fontStretch, default: "100%",
                      help: "CSS font-stretch, 50% to 200% (or condensed, expanded, …): each fontFamily's face is chosen by CSS font matching, a variable face set to it").sample(.string("75%")),
            .optional("fontStyle", \.fontStyle, .fontStyle, default: "normal",
                      help: "CSS font-style: normal, italic, or oblique [ANGLE] (degrees, default 14): each fontFamily's face is chosen by CSS font matching").sample(.string("italic")),
            .optional("fontVariationSettings", \.fontVariationSettings, .fontVariations,
                      help: "CSS font-variation-settings, TAG=VALUE comma separated (wght=650,wdth=80,opsz=12,GRAD=-50): axis coordinates for every variable font of the run, over those the weight, stretch, style and size set; an axis a font lacks is ignored, values are clamped to its range").sample(.string("wght=650,wdth=80")),
            .optional("fontOpticalSizing", \.fontOpticalSizing, .bool, default: "true",
                      help: "CSS font-optical-sizing: a variable font's opsz axis follows the size in pixels (false: the font's default)").sample(.bool(false)),
            .optional("fontKerning", \.fontKerning, .cases(), default: FontKerning.auto.rawValue,
                      help: "CSS font-kerning: none turns the font's kerning off (features still win)").sample(.string("none")),
            .optional("fontVariant", \.fontVariant,
                      .text("KEYWORDS", expected: "CSS font-variant keywords, space separated: " + FontVariant.allKeywords.joined(separator: ", "),
                            parse: FontVariant.init(parsing:), write: \.description), default: "normal",
                      help: "CSS font-variant: small-caps, all-small-caps, petite-caps, oldstyle-nums, tabular-nums, diagonal-fractions, ordinal, slashed-zero, no-common-ligatures, discretionary-ligatures, sub, super, … as the font's features (features still win); small-caps is synthesized from scaled capitals where the font has no smcp").sample(.string("small-caps oldstyle-nums")),
            .optional("size", \.size, .number("PX", 0...ResourceLimits.default.fontSize, above: true), default: MessageText.number(RunStyle.defaultSize),
                      help: "font size in pixels per em (a server or engine may set a lower limit)").sample(.number(24)),
            .optional("color", \.color, .color, default: RunStyle.defaultColor.description, help: "text colour").sample(.string("#1d4ed8")),
            .optional("features", \.features, .features,
                      help: "OpenType features, comma separated: kern=0,liga=0,ss01,+smcp,smcp[0:3] (ranges count code points from the run's start)").sample(.string("+smcp")),
            .optional("lang", \.language, .string("LANG", nonEmpty: true), help: "BCP 47 language (ar, hi, sr-Latn)").sample(.string("tr")),
            .optional("letterSpacing", \.letterSpacing, .number("PX", -OptionLimits.distance...OptionLimits.distance),
                      default: "0", help: "extra space after every cluster").sample(.number(2)),
            .optional("embeddedFonts", \.embeddedFonts, .bool, default: "true",
                      help: "follow the given fonts with the embedded Noto stack").sample(.bool(false)),
            .optional("systemFonts", \.systemFonts, .bool, default: "true",
                      help: "fall back to the system's fonts (Fontconfig) for characters the stack does not cover; false for output that does not depend on the machine").sample(.bool(false)),
            .optional("wordSpacing", \.wordSpacing, .number("PX", -OptionLimits.distance...OptionLimits.distance),
                      default: "0", help: "extra space after every space character (CSS word-spacing)").sample(.number(6)),
            .optional("baselineShift", \.baselineShift, .number("PX", -OptionLimits.distance...OptionLimits.distance),
                      default: "0", help: "moves the run's baseline up (SVG baseline-shift)").sample(.number(4)),
            .optional("fontSynthesis", \.fontSynthesis, .cases(), default: FontSynthesis.both.rawValue,
                      help: "when fallback lands on a face lighter or more upright than the run's first font and none of the right style exists: embolden it (weight: 1/24 em, advance widened as much) or slant it (style: 14°), as browsers do (CSS font-synthesis), reported as synthesized-weight or synthesized-style; none: draw the face as it is").sample(.string("none")),
            .optional("fillGradient", \.fillGradient, .gradient, default: "none",
                      help: "fill the glyphs with a gradient over the label's box (SVG objectBoundingBox: 0 0 top left, 1 1 bottom right) or in canvas pixels (userSpaceOnUse); color stays the colour of renderers that draw one").sample(.string("linear-gradient(0 0 1 0, #e11d48, #2563eb)")),
            .optional("fillOpacity", \.fillOpacity, .number("0-1", 0...1), default: "1", help: "the fill's opacity (SVG fill-opacity)").sample(.number(0.5)),
            .optional("stroke", \.stroke, .color, default: "none", help: "stroke the glyphs' outlines with this colour (drawn over the fill unless paintOrder is stroke)").sample(.string("#7c2d12")),
            .optional("strokeGradient", \.strokeGradient, .gradient, default: "none", help: "stroke the outlines with a gradient (as fillGradient)").sample(.string("linear-gradient(0 0 0 1, #facc15, #16a34a)")),
            .optional("strokeWidth", \.strokeWidth, .number("PX", 0...1000), default: "1", help: "the stroke's full width, centred on the outline").sample(.number(3)),
            .optional("strokeOpacity", \.strokeOpacity, .number("0-1", 0...1), default: "1", help: "the stroke's opacity (SVG stroke-opacity)").sample(.number(0.5)),
            .optional("strokeLinejoin", \.strokeLinejoin, .cases(), default: LineJoin.miter.rawValue, help: "the stroke's corners (SVG stroke-linejoin)").sample(.string("round")),
            .optional("strokeMiterlimit", \.strokeMiterlimit, .number("RATIO", 1...1000), default: "4", help: "the longest miter, in stroke widths, before a corner is bevelled").sample(.number(1)),
            .optional("strokeDasharray", \.strokeDasharray, .numberList("PX", 0...OptionLimits.distance), default: "none",
                      help: "dash the stroke: dash and gap lengths in turn (an odd list is repeated; SVG stroke-dasharray)").sample(.array([.number(6), .number(3)])),
            .optional("strokeDashoffset", \.strokeDashoffset, .number("PX", -OptionLimits.distance...OptionLimits.distance), default: "0",
                      help: "how far into the dash pattern the stroke starts (SVG stroke-dashoffset)").sample(.number(2)),
            .optional("opacity", \.opacity, .number("0-1", 0...1), default: "1", help: "the opacity of fill and stroke (SVG opacity)").sample(.number(0.5)),
            .optional("paintOrder", \.paintOrder, .words([("fill", PaintOrder.fillFirst), ("stroke", .strokeFirst)], synonyms: [("normal", .fillFirst)], wordOf: \.rawValue),
                      default: PaintOrder.fillFirst.rawValue, help: "stroke: the stroke under the fill, so only its outer half shows (SVG paint-order)").sample(.string("stroke")),
        ]
    }()

    /// The placement options of ``LabelOptions``.
    public static let placement: [OptionEntry<LabelOptions>] = {
        let d = LabelOptions()
        let distance = -OptionLimits.distance...OptionLimits.distance
        return [
            .value("align", \.align, .words(TextAnchor.allCases.map { ($0.rawValue, $0) },
                                            synonyms: [("left", .start), ("right", .end), ("middle", .center), ("centre", .center)],
                                            wordOf: \.rawValue),
                   default: d.align, help: "the anchor (left, right and middle are accepted)").sample(.string("center")),
            .value("offset", \.offset, .offset, default: d.offset,
                   help: "moves the anchor along the path from where align puts it (start 0, center the middle, end the end): with center, 10% puts the middle 10% past the path's; negative and beyond 100% allowed").sample(.string("10%")),
            .value("side", \.side, .cases(), default: d.side, help: "SVG 2 side: right lays the text on the reversed path").sample(.string("right")),
            .value("baseline", \.baseline, .cases(), default: d.baseline, help: "which line of the text sits on the path").sample(.string("middle")),
            .value("dx", \.dx, .numberList("PX", distance), default: d.dx,
                   help: "SVG dx: shifts along the path, one per cluster, each moving its cluster and all after it").sample(.array([.number(0), .number(2), .number(4)])),
            OptionEntry(key: "dy", syntax: .numberList("PX", distance), defaultText: "0",
                        help: "perpendicular shift, up positive; a list (SVG dy) adds each value to its cluster and all after it",
                        get: { o in o.dy == 0 && o.clusterDy.isEmpty ? nil : [o.dy] + o.clusterDy },
                        set: { o, list in o.dy = list.first ?? 0; o.clusterDy = Array(list.dropFirst()) }).sample(.array([.number(3), .number(1)])),
            .value("shift", \.shift, .cases(), default: d.shift,
                   help: "measure along the parallel curve at dy, or move each cluster along its normal (SVG)").sample(.string("normal")),
            .value("rotate", \.rotate, .numberList("DEG", -1e6...1e6), default: d.rotate,
                   help: "SVG rotate: degrees added to each cluster's angle, clockwise; the last value repeats").sample(.array([.number(5), .number(-5)])),
            .value("rotateAbout", \.rotateAbout, .cases(), default: d.rotateAbout,
                   help: "rotate turns each cluster about its midpoint on the path (Chromium's textPath) or its origin (SVG plain text)").sample(.string("origin")),
            .value("upright", \.upright, .cases(), default: d.upright, help: "flip labels that would read upside down").sample(.string("off")),
            .value("method", \.method, .cases(), default: d.method, help: "SVG's per-cluster tangent, or corner-safe chords").sample(.string("chord")),
            .value("overflow", \.overflow, .overflow(minimumSize: defaultMinimumSize), default: d.overflow,
                   help: "what to do when the text is longer than an open path or its span; a list is tried in order, each step adding to those before it: [shrink, wrap, ellipsis] shrinks down to minSize, then wraps onto up to maxLines lines, then cuts the last line with …").sample(.string("shrink")),
            OptionEntry(key: "minSize", syntax: .number("PX", 0...OptionLimits.distance, above: true),
                        defaultText: MessageText.number(defaultMinimumSize),
                        help: "the smallest size overflow shrink may use, in pixels per em",
                        get: { o in if let m = o.overflow.shrinkMinimum, m != defaultMinimumSize { m } else { nil } },
                        set: { o, m in o.overflow = o.overflow.withShrinkMinimum(m) }).sample(.number(10)),
            .value("maxLines", \.maxLines, .whole("N", 1...LabelLayout.maximumLineCount), default: d.maxLines,
                   help: "the most lines overflow wrap may set the text on, 1 to \(LabelLayout.maximumLineCount); lines are broken at Unicode line-break opportunities (ICU, in the label's language) and balanced").sample(.number(3)),
            .optional("lineHeight", \.lineHeight, .number("PX", 0...OptionLimits.distance, above: true),
                      default: "the font's ascender − descender + line gap",
                      help: "the distance between the baselines of wrapped lines, which lie on parallel curves; baseline picks the line on the path (alphabetic: the last, hanging: the first, middle: the block's centre)").sample(.number(60)),
            .value("fit", \.fit, .words([("none", FitMode.none), ("spacing", .spacing(length: nil)), ("stretch", .stretch(length: nil))],
                                        wordOf: \.word),
                   default: d.fit, help: "fit the text to length (SVG textLength / lengthAdjust)").sample(.string("stretch")),
            OptionEntry(key: "length", syntax: .number("PX", 0...OptionLimits.distance, above: true),
                        defaultText: "the path's length",
                        help: "the length to fit to (implies fit spacing when fit is not given)",
                        get: { o in o.fit.length },
                        set: { o, l in
                            switch o.fit {
                            case .none, .spacing: o.fit = .spacing(length: l)
                            case .stretch: o.fit = .stretch(length: l)
                            }
                        }).sample(.number(300)),
            .value("warp", \.warp, .cases(), default: d.warp, help: "rotate glyphs rigidly, or bend their outlines along the path").sample(.string("bend")),
            .optional("maxAngle", \.maxAngle, .number("DEG", 0...180), default: "no limit",
                      help: "reject a placement that turns more than this between neighbouring clusters").sample(.number(5)),
            .optional("repeat", \.`repeat`, .number("PX", 0...OptionLimits.distance), default: "no repeat",
                      help: "repeat the label along the path with this gap").sample(.number(40)),
            .value("writingMode", \.writingMode, .cases(), default: d.writingMode,
                   help: "vertical: the path runs down the text's column, CJK glyphs upright (shaped top to bottom), others sideways").sample(.string("vertical")),
            .value("textOrientation", \.textOrientation, .cases(), default: d.textOrientation,
                   help: "in vertical writing: mixed lays horizontal scripts sideways, upright stands every glyph up").sample(.string("upright")),
            .value("decoration", \.decoration, .decorations, default: d.decoration,
                   help: "lines along the path: underline, overline, line-through, comma separated").sample(.array([.string("underline"), .string("line-through")])),
            .value("decorationSkipInk", \.decorationSkipInk, .bool, default: d.decorationSkipInk,
                   help: "leave gaps in underlines and overlines where glyphs cross them").sample(.bool(true)),
            .value("haloColor", \.haloColor, .color, default: d.haloColor, help: "the halo's colour").sample(.string("#fde68a")),
            .value("haloWidth", \.haloWidth, .number("PX", 0...1000), default: d.haloWidth,
                   help: "a halo reaching PX beyond every glyph's edge (a round-joined stroke of width 2·PX), under all the label's fills").sample(.number(3)),
            .optional("span", \.span, .span, default: "the whole path",
                      help: "confine the label to part of the path, FROM,TO: pixels, percent, or degrees (200deg) on a circle or arc shape; overflow applies at its ends, on closed paths too (TO before FROM runs on past a closed path's start)").sample(.array([.string("10%"), .string("90%")])),
            .value("cursiveTracking", \.cursiveTracking, .cases(), default: d.cursiveTracking,
                   help: "suppress: no letter spacing between letters of joining scripts (Arabic, Syriac, N'Ko, Mongolian, …), as browsers do, reported as suppressed-spacing; apply: space them anyway; elongate: give the spacing back as tatweel (kashida) at each word's best kashida position, so words keep their spaced width, joined, reported as elongated-spacing (a font without U+0640 leaves its words unspaced, reported as elongation-unavailable)").sample(.string("apply")),
            .value("closedPath", \.closedPath, .cases(), default: d.closedPath,
                   help: "on a closed path, wrap around the start (SVG 2) or clip at the end (as Chromium and resvg draw textPath)").sample(.string("clip")),
            .value("missingGlyphs", \.missingGlyphs, .cases(), default: d.missingGlyphs,
                   help: "draw characters no font covers as .notdef (with a warning), or make them an error").sample(.string("error")),
        ]
    }()

    /// The smallest size `overflow: shrink` may use unless `minSize` says otherwise, pixels per em.
    public static let defaultMinimumSize = 6.0
}

extension OptionEntry {
    /// An option that lives inside another field of the model (such as `minSize` inside `overflow`):
    /// `get` gives its value when set, `set` applies a value read.
    package convenience init<V>(key: String, syntax: @autoclosure @escaping () -> OptionSyntax<V>, defaultText: String?, help: String,
                               flag: Bool = true, get: @escaping (Model) -> V?, set: @escaping (inout Model, V) -> Void) {
        self.init(key: key, flag: flag ? Self.kebab(key) : nil, help: help, parts: Lazy {
            let syntax = syntax()
            return Parts(placeholder: syntax.placeholder, expected: syntax.expected, defaultText: defaultText, schema: syntax.schema,
                         readJSON: { j, m throws(OptionValueError) in set(&m, try syntax.fromJSON(j)) },
                         readText: { t, m throws(OptionValueError) in if let last = t.last { set(&m, try syntax.fromText(last)) } },
                         write: { m in get(m).map(syntax.toJSON) })
        })
    }
}

extension OptionSyntax where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the type's cases, by raw value.
    package static func cases() -> OptionSyntax {
        words(Value.allCases.map { ($0.rawValue, $0) }, wordOf: { $0.rawValue })   // not a key path (made at every call here)
    }
}

extension OverflowPolicy {
    /// The policy's word: `visible`, `ellipsis`, `shrink`, `error` or `wrap` (a chain's words joined by commas).
    public var word: String {
        switch self {
        case .visible: "visible"
        case .ellipsis: "ellipsis"
        case .shrink: "shrink"
        case .error: "error"
        case .wrap: "wrap"
        case .chain(let steps): steps.map(\.word).joined(separator: ",")
        }
    }
}

extension FitMode {
    /// The mode's word: `none`, `spacing` or `stretch`.
    public var word: String {
        switch self {
        case .none: "none"
        case .spacing: "spacing"
        case .stretch: "stretch"
        }
    }

    /// The length to fit to, when given.
    public var length: Double? {
        switch self {
        case .none: nil
        case .spacing(let l), .stretch(let l): l
        }
    }
}

extension OptionSyntax where Value == Double {
    /// A CSS number within `range` (JSON's number syntax, the catalog's one; `suffix` such as `%` allowed
    /// after it in text), or one of `keywords`; a number in JSON as well, written back by `write`.
    package static func cssNumber(_ placeholder: String, _ range: ClosedRange<Double>, suffix: String = "",
                                  keywords: [(String, Double)], expected: String, write: @escaping (Double) -> JSONValue) -> OptionSyntax {
        func read(_ t: String) throws(OptionValueError) -> Double {
            let w = t.lowercased()
            if let k = keywords.first(where: { $0.0 == w }) { return k.1 }
            let digits = !suffix.isEmpty && w.hasSuffix(suffix) ? String(w.dropLast(suffix.count)) : w
            guard let v = JSONNumber.parse(digits), range.contains(v) else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            return v
        }
        return OptionSyntax(placeholder: placeholder, expected: expected, fromJSON: { j throws(OptionValueError) in
            switch j {
            case .number(let v):
                guard v.isFinite, range.contains(v) else { throw OptionValueError(expected: expected, got: MessageText.number(v)) }
                return v
            case .string(let s): return try read(s)
            default: throw OptionValueError(expected: expected, got: j.shownInMessage)
            }
        }, fromText: read, toJSON: write)
        .with(schema: JSONSchemaText.object(["anyOf": .array([JSONSchemaText.number(range, above: false),
                                                               JSONSchemaText.object(["type": .string("string")])])]))
    }

    /// CSS `font-weight`: a number from 1 to 1000, or `normal` (400) or `bold` (700).
    package static var fontWeight: OptionSyntax {
        cssNumber("1-1000", 1...1000, keywords: [("normal", 400), ("bold", 700)], expected: "a number from 1 to 1000, normal or bold",
                  write: { .number($0) })
    }

    /// CSS `font-stretch`: a percentage from 50% to 200% (`75%`, or a number: `75`), or a keyword
    /// (`ultra-condensed` 50 … `normal` 100 … `ultra-expanded` 200).
    package static var fontStretch: OptionSyntax {
        let keywords: [(String, Double)] = [("ultra-condensed", 50), ("extra-condensed", 62.5), ("condensed", 75), ("semi-condensed", 87.5),
                                            ("normal", 100), ("semi-expanded", 112.5), ("expanded", 125), ("extra-expanded", 150),
                                            ("ultra-expanded", 200)]
        return cssNumber("PERCENT", 50...200, suffix: "%", keywords: keywords,
                         expected: "a percentage from 50% to 200%, or " + keywords.map(\.0).joined(separator: "|"),
                         write: { .string(MessageText.number($0) + "%") })
    }
}

extension OptionSyntax where Value == CSSFontStyle {
    /// CSS `font-style`: `normal`, `italic`, `oblique` or `oblique ANGLE` (degrees from -90 to 90, `deg` optional).
    package static var fontStyle: OptionSyntax {
        let expected = "normal, italic, or oblique [ANGLE] (degrees from -90 to 90)"
        return .text("normal|italic|oblique [ANGLE]", expected: expected, parse: { t in
            let words = t.lowercased().split(separator: " ").map(String.init)
            switch words.first {
            case "normal" where words.count == 1: return .normal
            case "italic" where words.count == 1: return .italic
            case "oblique":
                guard words.count <= 2 else { return nil }
                guard words.count == 2 else { return .oblique(angle: 14) }
                let digits = words[1].hasSuffix("deg") ? String(words[1].dropLast(3)) : words[1]
                guard let a = JSONNumber.parse(digits), a.isFinite, abs(a) <= 90, OptionNumbers.isZeroOrNormal(a) else { return nil }
                return .oblique(angle: a)
            default: return nil
            }
        }, write: { s in
            switch s {
            case .normal: "normal"
            case .italic: "italic"
            case .oblique(let a): a == 14 ? "oblique" : "oblique \(MessageText.number(a))deg"
            }
        })
    }
}

extension OptionSyntax where Value == [FontVariation] {
    /// CSS `font-variation-settings` as a list: `wght=650,wdth=80`, or CSS's own spelling `"wght" 650, "wdth" 80`
    /// (`normal`: none). A tag is four printable ASCII characters, a value a number in JSON's grammar within
    /// ±32768 (an axis coordinate is a 16.16 fixed-point number); at most 64 settings.
    package static var fontVariations: OptionSyntax {
        let expected = "axis settings TAG=VALUE, comma separated (wght=650,wdth=80), or normal"
        return .text("TAG=VALUE,…", expected: expected, parse: { FontVariationList.parse($0) },
                     write: { $0.map { "\($0.tag)=\(MessageText.number($0.value))" }.joined(separator: ",") })
    }
}

/// Reads `font-variation-settings` text (both spellings of ``OptionSyntax/fontVariations``).
package enum FontVariationList {
    /// The most settings in one list.
    package static let maximumCount = 64

    /// The settings, or `nil` when the text is not a list of them.
    package static func parse(_ text: String) -> [FontVariation]? {
        let trimmed = text.trimmingCharacters(in: " ")
        if trimmed.lowercased() == "normal" { return [] }
        var out: [FontVariation] = []
        for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let t = String(item).trimmingCharacters(in: " ")
            let tag: String, number: String
            if t.hasPrefix("\"") || t.hasPrefix("'") {
                // CSS: a quoted tag, spaces, a number.
                let quote = t.first!
                let rest = t.dropFirst()
                guard let end = rest.firstIndex(of: quote) else { return nil }
                tag = String(rest[..<end])
                number = String(rest[rest.index(after: end)...]).trimmingCharacters(in: " ")
            } else {
                let parts = t.split(separator: "=", omittingEmptySubsequences: false)
                guard parts.count == 2 else { return nil }
                tag = String(parts[0]).trimmingCharacters(in: " ")
                number = String(parts[1]).trimmingCharacters(in: " ")
            }
            guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }),
                  OptionNumbers.isPlain(number, units: []), let v = JSONNumber.parse(number), abs(v) <= 32768 else { return nil }
            out.append(FontVariation(tag: tag, value: v == 0 ? 0 : v))
            guard out.count <= maximumCount else { return nil }
        }
        return out
    }
}
