import XML
import Support
import Geometry
import Shaping
import Layout
import Render
import Requests

/// A paint (`fill`, `stroke`) as specified.
enum SVGPaint: Hashable, Sendable {
    case none
    case color(RGBAColor)
    case currentColor
    /// `url(#id)` to a paint server the reader does not draw, with the fallback colour if one was given.
    case server(id: String, fallback: RGBAColor?)
}

/// An element that declares a decoration line, with its computed style: a line that comes from outside a
/// `<text>` (a `<g>`'s) is drawn in this element's paint when nothing inside the text declares a line, as
/// Chromium draws it (a `<g fill="green" text-decoration="underline">` around a black text: a green line).
final class SVGDecoratingBox: Sendable {
    let style: SVGStyle
    let element: XMLElement

    init(style: SVGStyle, element: XMLElement) { self.style = style; self.element = element }
}

/// A baseline as SVG names it, before it is mapped onto the label (see ``SVGTextReader``).
enum SVGBaseline: Hashable, Sendable {
    /// `auto`, `alphabetic`: no shift.
    case alphabetic
    /// `middle`: half the x-height above the alphabetic baseline (``Baseline/middle``).
    case middle
    /// `central`: the middle of the em box, (ascender + descender) / 2.
    case central
    /// `hanging`: Chromium's synthesized hanging baseline, 80 % of the ascender (fonts without a BASE table).
    case hanging
    /// `text-before-edge`, `text-top`: the ascender (``Baseline/hanging``).
    case textTop
    /// `ideographic`, `text-after-edge`, `text-bottom`: the descender (``Baseline/ideographic``).
    case ideographic
    /// `mathematical`: half the ascender above the alphabetic baseline, as Chromium synthesizes it.
    case mathematical
}

/// A `baseline-shift` as specified: a length (up positive, percentages of the font size resolved), or
/// `super`/`sub`, which need the element's font (``SVGBaselines``).
enum SVGBaselineShift: Hashable, Sendable {
    case length(Double)
    /// Up by half the font's height (ascender + descent), as Chromium draws it.
    case superscript
    /// Down by half the font's height.
    case `subscript`
}

/// The computed style of an element: the properties PathText draws, after the cascade (presentation
/// attributes, then `<style>` rules by specificity, then the `style` attribute) and inheritance.
struct SVGStyle: Sendable {
    // Inherited properties.
    var fill: SVGPaint = .color(.black)
    var fillOpacity = 1.0
    var fillRule: FillRule = .nonZero
    var stroke: SVGPaint = .none
    var strokeOpacity = 1.0
    var strokeWidth = 1.0
    var strokeLinecap: LineCap = .butt
    var strokeLinejoin: LineJoin = .miter
    /// Whether `stroke-linejoin` was given (shapes draw round joins, and say so only then).
    var strokeLinejoinGiven = false
    var strokeMiterlimit = 4.0
    /// `stroke-dasharray` in user units (empty: solid) and `stroke-dashoffset`.
    var strokeDasharray: [Double] = []
    var strokeDashoffset = 0.0
    /// `paint-order` puts the stroke before the fill.
    var strokeFirst = false
    var color: RGBAColor = .black
    var fontFamilies: [String] = []
    var fontSize = 16.0
    /// The size the keyword `medium` names: the reader's initial font size (``SVGReadOptions/fontSize``).
    var medium = 16.0
    /// CSS `font-weight`, 1–1000.
    var fontWeight = 400.0
    /// CSS `font-style`.
    var fontStyle = CSSFontStyle.normal
    /// CSS `font-stretch`, percent.
    var fontStretch = 100.0
    /// `font-kerning` (not `none`): the font's kerning applies.
    var kerning = true
    /// `font-variant` (or `font-variant-caps`): the font's features, small capitals synthesized where it has none.
    var fontVariant: FontVariant?
    /// `font-variation-settings` (inherited).
    var fontVariationSettings: [FontVariation] = []
    /// `font-feature-settings` (inherited), after kerning and small caps.
    var fontFeatureSettings: [FeatureSetting] = []
    /// `font-optical-sizing` (not `none`): a font's `opsz` axis follows the size.
    var opticalSizing = true
    var letterSpacing = 0.0
    var wordSpacing = 0.0
    var textAnchor: TextAnchor = .start
    var writingMode: WritingMode = .horizontal
    var textOrientation: VerticalOrientation = .mixed
    var rtl = false
    var dominantBaseline: SVGBaseline = .alphabetic
    var preserveSpaces = false
    var visible = true
    var language: String?
    /// The product of the ancestors' and this element's `opacity` (group opacity, applied per paint).
    var opacity = 1.0
    /// Decoration lines, propagated to descendants (as CSS propagates them).
    var decoration: [TextDecoration] = []
    /// The innermost element, this one or an ancestor, that declares a decoration line, with its style
    /// (``SVGDecoratingBox``); nil when none does.
    var decoratingBox: SVGDecoratingBox?

    // Not inherited.
    var display = true
    var baselineShift: SVGBaselineShift = .length(0)
    /// The decoration lines this element declares itself (it is their decorating box), a subset of
    /// `decoration` unless an ancestor declares the same line too.
    var declaredDecoration: [TextDecoration] = []
    /// `unicode-bidi: bidi-override`: the element's characters in its `direction`, not reordered by the
    /// bidi algorithm.
    var bidiOverride = false
    var alignmentBaseline: SVGBaseline?
    /// `filter: url(#id)`: the id of the element's `<filter>` (``SVGFilters``).
    var filter: String?

    /// The properties a presentation attribute may set (SVG 2's list, the ones that matter here).
    static let properties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap",
        "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "color", "font-family",
        "font-size", "font-weight", "font-style", "font-variant", "font-stretch", "letter-spacing", "word-spacing",
        "text-anchor", "writing-mode", "text-orientation", "direction", "unicode-bidi", "dominant-baseline",
        "alignment-baseline", "baseline-shift", "white-space", "display", "visibility", "opacity", "text-decoration",
        "filter", "mask", "clip-path", "clip-rule", "marker", "marker-start", "marker-mid", "marker-end", "paint-order",
        "mix-blend-mode", "isolation", "font-feature-settings", "font-size-adjust",
        "glyph-orientation-vertical", "glyph-orientation-horizontal", "text-rendering", "shape-rendering",
        "image-rendering", "color-rendering", "color-interpolation", "color-interpolation-filters", "overflow",
        "pointer-events", "cursor", "stop-color", "stop-opacity", "flood-color", "flood-opacity", "lighting-color",
        "text-decoration-line", "text-decoration-color", "text-decoration-style", "vector-effect", "line-height",
        "enable-background", "transform-origin", "inline-size", "shape-inside", "shape-padding", "text-align",
    ]

    /// Properties that have no effect on what PathText draws (rendering hints, interaction, properties of
    /// other elements): accepted without a warning.
    static let ignored: Set<String> = [
        "text-rendering", "shape-rendering", "image-rendering", "color-rendering", "color-interpolation",
        "color-interpolation-filters", "pointer-events", "cursor", "stop-color", "stop-opacity", "flood-color",
        "flood-opacity", "lighting-color", "clip-rule", "overflow", "line-height",
        "enable-background", "text-align", "vector-effect", "stroke-dashoffset", "font-size-adjust",
        "glyph-orientation-horizontal", "text-decoration-color", "text-decoration-style", "transform-origin",
        "inline-size", "shape-padding", "-inkscape-font-specification", "solid-color",
        "solid-opacity", "text-indent", "block-progression", "marker", "shape-margin", "letter-spacing-adjust",
    ]

    /// Values that mean "nothing special": an unsupported property with one of them draws as PathText does.
    static let neutral: Set<String> = ["normal", "none", "auto", "initial", "unset", "inherit", "0", "0px", "baseline", "start", "visible", "butt"]

    /// The style of an element whose parent has `parent`, from its declarations in cascade order.
    /// - Parameter warn: reports a property it cannot draw (property, message).
    static func computed(parent: SVGStyle, declarations: [(name: String, value: String)], context: SVGLength.Context,
                         warn: (String, String) -> Void) -> SVGStyle {
        var s = parent
        s.display = true; s.baselineShift = .length(0); s.alignmentBaseline = nil; s.bidiOverride = false
        s.declaredDecoration = []
        s.filter = nil
        var d: [String: String] = [:]
        for (name, value) in declarations {
            guard name == "font" else { d[name] = value; continue }
            // The shorthand sets every font property it covers (what it does not name to its initial value).
            guard let longhands = fontShorthand(value) else {
                warn(name, "cannot read \"\(value)\": ignored")
                continue
            }
            for (n, v) in longhands { d[n] = v }
        }
        let parentOpacity = parent.opacity
        // font-size first: em units of the other properties refer to it.
        if let v = d["font-size"], !isInherit(v) {
            var c = context; c.fontSize = parent.fontSize; c.percentBase = parent.fontSize
            if let px = fontSizeKeyword(v, parent: parent.fontSize, medium: parent.medium) ?? SVGLength(v).map({ $0.resolved(c) }), px >= 0 { s.fontSize = px } else { warn("font-size", "cannot read \"\(v)\": the inherited size is used") }
        }
        var c = context
        c.fontSize = s.fontSize
        // Stroke lengths' percentages are of the viewport's normalized diagonal (SVG 2).
        var strokeLengths = c
        strokeLengths.percentBase = (c.viewport.width * c.viewport.width + c.viewport.height * c.viewport.height).squareRoot() / 2.0.squareRoot()
        for (name, value) in d where name != "font-size" {
            let v = value.trimmingCharacters(in: " \t\r\n")
            if isInherit(v) {
                // The properties that are not inherited take the parent's value only when asked.
                if name == "baseline-shift" { s.baselineShift = parent.baselineShift }
                if name == "alignment-baseline" { s.alignmentBaseline = parent.alignmentBaseline }
                continue
            }
            let lower = v.lowercased()
            switch name {
            case "fill", "stroke":
                guard let paint = paint(v) else { warn(name, "cannot read \"\(v)\""); continue }
                if name == "fill" { s.fill = paint } else { s.stroke = paint }
            case "fill-opacity": if let o = opacity(v) { s.fillOpacity = o }
            case "stroke-opacity": if let o = opacity(v) { s.strokeOpacity = o }
            case "opacity": if let o = opacity(v) { s.opacity = parentOpacity * o }
            case "fill-rule": s.fillRule = lower == "evenodd" ? .evenOdd : .nonZero
            case "stroke-width":
                let cc = strokeLengths
                if let l = SVGLength(v) { s.strokeWidth = max(0, l.resolved(cc)) }
            case "stroke-linecap": s.strokeLinecap = LineCap(rawValue: lower) ?? .butt
            case "stroke-linejoin":
                // miter-clip and arcs (SVG 2) as Chromium draws them: miter.
                s.strokeLinejoinGiven = true
                if let j = LineJoin(rawValue: lower) { s.strokeLinejoin = j } else if ["miter-clip", "arcs"].contains(lower) { s.strokeLinejoin = .miter }
                else { warn(name, "cannot read \"\(v)\"") }
            case "stroke-miterlimit":
                if let m = Double(v), m >= 1 { s.strokeMiterlimit = m } else { warn(name, "cannot read \"\(v)\" (a number of at least 1)") }
            case "paint-order":
                // The listed keywords first, the rest in the normal order (fill, stroke, markers).
                var order = lower.split(separator: " ").map(String.init).filter { ["fill", "stroke", "markers"].contains($0) }
                if lower == "normal" { order = [] }
                for k in ["fill", "stroke", "markers"] where !order.contains(k) { order.append(k) }
                s.strokeFirst = order.firstIndex(of: "stroke")! < order.firstIndex(of: "fill")!
            case "stroke-dasharray":
                // SVG 2: lengths and percentages (of the viewport's normalized diagonal), commas or spaces
                // between; a negative length makes the list invalid, drawn as none (solid).
                let cc = strokeLengths
                let items = lower == "none" ? [] : lower.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
                let lengths = items.map { SVGLength(String($0)).map { $0.resolved(cc) } }
                if lengths.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) {
                    s.strokeDasharray = lengths.map { $0! }
                } else {
                    s.strokeDasharray = []
                    warn(name, "cannot read \"\(v)\" (lengths of at least 0): the stroke is drawn solid")
                }
            case "stroke-dashoffset":
                let cc = strokeLengths
                if let l = SVGLength(v), l.resolved(cc).isFinite { s.strokeDashoffset = l.resolved(cc) } else { warn(name, "cannot read \"\(v)\"") }
            case "color": if let col = SVGColor.parse(v) { s.color = col }
            case "font-family": s.fontFamilies = fontFamilies(v)
            case "font-weight":
                // CSS Fonts 4: bolder and lighter by the table of §2.2; a number outside 1–1000 is invalid and
                // ignored (the inherited weight stays).
                let w = parent.fontWeight
                switch lower {
                case "bolder": s.fontWeight = w < 350 ? 400 : w < 550 ? 700 : w < 900 ? 900 : w
                case "lighter": s.fontWeight = w < 100 ? w : w < 550 ? 100 : w < 750 ? 400 : 700
                default:
                    var weight = RunStyle()
                    do throws(OptionValueError) { try Self.weightEntry.read(arguments: [lower], into: &weight) } catch {
                        warn(name, "\(error.message): ignored"); continue
                    }
                    if let v = weight.fontWeight { s.fontWeight = v }
                }
            case "font-style":
                var style = RunStyle()
                do throws(OptionValueError) { try Self.styleEntry.read(arguments: [lower], into: &style) } catch {
                    warn(name, "\(error.message): ignored"); continue
                }
                if let v = style.fontStyle { s.fontStyle = v }
            case "font-stretch":
                var stretch = RunStyle()
                do throws(OptionValueError) { try Self.stretchEntry.read(arguments: [lower], into: &stretch) } catch {
                    warn(name, "\(error.message): ignored"); continue
                }
                if let v = stretch.fontStretch { s.fontStretch = v }
            case "font-kerning": s.kerning = lower != "none"
            case "font-optical-sizing": s.opticalSizing = lower != "none"
            case "font-variation-settings":
                guard let settings = FontVariationList.parse(v) else { warn(name, "cannot read \"\(v)\": ignored"); continue }
                s.fontVariationSettings = settings
            case "font-feature-settings":
                guard let settings = CSSFeatureSettings.parse(v) else { warn(name, "cannot read \"\(v)\": ignored"); continue }
                s.fontFeatureSettings = settings
            case "letter-spacing":
                if lower == "normal" { s.letterSpacing = 0 } else if let l = SVGLength(v) { s.letterSpacing = l.resolved(c) }
            case "word-spacing":
                if lower == "normal" { s.wordSpacing = 0 } else if let l = SVGLength(v) { s.wordSpacing = l.resolved(c) }
            case "text-anchor": s.textAnchor = lower == "middle" ? .center : lower == "end" ? .end : .start
            case "writing-mode":
                s.writingMode = ["vertical-rl", "vertical-lr", "tb", "tb-rl", "sideways-rl", "sideways-lr"].contains(lower) ? .vertical : .horizontal
                if lower == "vertical-lr" || lower.hasPrefix("sideways") { warn(name, "\(lower) is drawn as vertical-rl") }
            case "text-orientation":
                s.textOrientation = lower == "upright" ? .upright : .mixed
                if lower == "sideways" { warn(name, "sideways is drawn as mixed") }
            case "direction": s.rtl = lower == "rtl"
            case "unicode-bidi":
                if lower == "bidi-override" { s.bidiOverride = true; continue }
                if !["normal", "embed", "isolate"].contains(lower) { warn(name, "\(lower) is not supported: the text is laid out with the Unicode bidi algorithm") }
            case "dominant-baseline":
                // no-change and reset-size (SVG 1.1) keep the parent's baseline.
                if lower == "no-change" || lower == "reset-size" { continue }
                if let b = baseline(lower, warn: { warn(name, $0) }) { s.dominantBaseline = b }
            case "alignment-baseline":
                // auto and baseline: the element's dominant baseline (as both Chromium and resvg draw it).
                if lower == "baseline" || lower == "auto" { continue }
                s.alignmentBaseline = baseline(lower, warn: { warn(name, $0) })
            case "baseline-shift":
                switch lower {
                case "baseline": s.baselineShift = .length(0)
                case "super": s.baselineShift = .superscript
                case "sub": s.baselineShift = .subscript
                default:
                    var cc = c; cc.percentBase = s.fontSize
                    if let l = SVGLength(v) { s.baselineShift = .length(l.resolved(cc)) } else { warn(name, "cannot read \"\(v)\": no shift") }
                }
            case "white-space": s.preserveSpaces = ["pre", "pre-wrap", "break-spaces"].contains(lower)
            case "display": s.display = lower != "none"
            case "visibility": s.visible = lower == "visible"
            case "text-decoration", "text-decoration-line":
                var lines: [TextDecoration] = []
                for word in lower.split(separator: " ") {
                    if let t = TextDecoration(rawValue: String(word)) { if !lines.contains(t) { lines.append(t) } }
                    else if word != "none", SVGColor.parse(String(word)) == nil, !["solid", "double", "dotted", "dashed", "wavy", "blink"].contains(word) {
                        warn(name, "cannot read \"\(word)\"")
                    }
                }
                // Decorations propagate: a child cannot remove its parent's lines, and a line it declares
                // again is drawn again, in its own paint (CSS Text Decoration 3: each decorating box draws
                // its own lines).
                s.decoration = parent.decoration + lines.filter { !parent.decoration.contains($0) }
                s.declaredDecoration = lines
            case "font-variant", "font-variant-caps":
                guard let variant = FontVariant(parsing: lower) else { warn(name, "cannot read \"\(lower)\": drawn as normal"); continue }
                s.fontVariant = variant.keywords == ["normal"] ? nil : variant
            case "filter":
                if let id = SVGFilters.reference(v) { s.filter = id } else if lower != "none" {
                    warn(name, "cannot read \"\(v)\" (only url(#id) to a <filter>): drawn without it")
                }
            case "mask", "clip-path", "marker-start", "marker-mid", "marker-end", "mix-blend-mode",
                 "isolation", "glyph-orientation-vertical",
                 "text-decoration-skip-ink", "shape-inside":
                if !neutral.contains(lower) && !(name == "isolation" && lower == "auto") {
                    warn(name, "not supported: drawn without it")
                }
            default:
                if ignored.contains(name) || name.hasPrefix("-") { continue }
                if !neutral.contains(lower) { warn(name, "CSS property not supported: ignored") }
            }
        }
        return s
    }

    /// The longhands of the CSS `font` shorthand, `[style] [variant] [weight] [stretch] size[/line-height]
    /// family`; nil when it has no size and family.
    /// The catalog's entries for the font-matching properties: SVG reads their values as requests do.
    static let weightEntry = LabelOptionCatalog.style.first { $0.key == "fontWeight" }!
    static let styleEntry = LabelOptionCatalog.style.first { $0.key == "fontStyle" }!
    static let stretchEntry = LabelOptionCatalog.style.first { $0.key == "fontStretch" }!

    static func fontShorthand(_ value: String) -> [(String, String)]? {
        // Words, quoted family names kept whole.
        var words: [String] = [], current = "", quote: Character? = nil
        for c in value {
            if let q = quote { current.append(c); if c == q { quote = nil }; continue }
            if c == "\"" || c == "'" { quote = c; current.append(c); continue }
            if c == " " || c == "\t" || c == "\n" { if !current.isEmpty { words.append(current); current = "" }; continue }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        var out: [(String, String)] = [("font-style", "normal"), ("font-variant", "normal"), ("font-weight", "normal"),
                                       ("font-stretch", "normal"), ("font-kerning", "auto")]
        var i = 0
        let styles: Set<String> = ["italic", "oblique"], variants: Set<String> = ["small-caps"]
        let weights: Set<String> = ["bold", "bolder", "lighter", "100", "200", "300", "400", "500", "600", "700", "800", "900"]
        let stretches: Set<String> = ["ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded",
                                      "expanded", "extra-expanded", "ultra-expanded"]
        while i < words.count {
            let w = words[i].lowercased()
            if w == "normal" {
            } else if styles.contains(w) { out.append(("font-style", w))
            } else if variants.contains(w) { out.append(("font-variant", w))
            } else if weights.contains(w) { out.append(("font-weight", w))
            } else if stretches.contains(w) { out.append(("font-stretch", w))
            } else { break }
            i += 1
        }
        guard i < words.count else { return nil }
        let size = String(words[i].split(separator: "/", maxSplits: 1).first ?? "")
        // CSS wants a unit; a bare number is refused (as browsers refuse it).
        guard fontSizeKeyword(size, parent: 16) != nil || (SVGLength(size) != nil && Double(size) == nil && size != "0") else { return nil }
        let family = words[(i + 1)...].joined(separator: " ")
        guard !family.isEmpty else { return nil }
        out += [("font-size", size), ("font-family", family)]
        return out
    }

    static func isInherit(_ v: String) -> Bool { v.trimmingCharacters(in: " ").lowercased() == "inherit" }

    static func paint(_ v: String) -> SVGPaint? {
        let lower = v.lowercased()
        if lower == "none" { return SVGPaint.none }
        if lower == "currentcolor" { return .currentColor }
        if lower.hasPrefix("url(") {
            guard let close = v.firstIndex(of: ")") else { return nil }
            var id = v[v.index(v.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: " \"'")
            if id.hasPrefix("#") { id.removeFirst() }
            let rest = v[v.index(after: close)...].trimmingCharacters(in: " ")
            let fallback: RGBAColor? = rest.isEmpty || rest.lowercased() == "none" ? nil : SVGColor.parse(rest)
            return .server(id: id, fallback: fallback)
        }
        return SVGColor.parse(v).map(SVGPaint.color)
    }

    static func opacity(_ v: String) -> Double? {
        let t = v.trimmingCharacters(in: " ")
        let value = t.hasSuffix("%") ? Double(t.dropLast()).map { $0 / 100 } : Double(t)
        return value.map { max(0, min(1, $0)) }
    }

    /// The absolute keywords: browsers' sizes for a `medium` of 16 px (9, 10, 13, 16, 18, 24, 32, 48), else
    /// `medium` scaled by CSS Fonts 4's factors.
    static func fontSizeKeyword(_ v: String, parent: Double, medium: Double = 16) -> Double? {
        let table: [String: Double] = ["xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
                                       "xx-large": 32, "xxx-large": 48]
        if medium == 16, let px = table[v.lowercased()] { return px }
        return switch v.lowercased() {
        case "xx-small": medium * 3 / 5
        case "x-small": medium * 3 / 4
        case "small": medium * 8 / 9
        case "medium": medium
        case "large": medium * 6 / 5
        case "x-large": medium * 3 / 2
        case "xx-large": medium * 2
        case "xxx-large": medium * 3
        case "larger": parent * 1.2
        case "smaller": parent / 1.2
        default: nil
        }
    }

    static func fontFamilies(_ v: String) -> [String] {
        v.split(separator: ",").map { $0.trimmingCharacters(in: " \t\r\n\"'") }.filter { !$0.isEmpty }
    }

    static func baseline(_ v: String, warn: (String) -> Void) -> SVGBaseline? {
        switch v {
        case "auto", "alphabetic", "baseline", "use-script", "no-change", "reset-size": return .alphabetic
        case "middle": return .middle
        case "central": return .central
        case "hanging": return .hanging
        case "text-before-edge", "text-top", "before-edge": return .textTop
        case "ideographic", "text-after-edge", "text-bottom", "after-edge": return .ideographic
        case "mathematical": return .mathematical
        default:
            warn("cannot read \"\(v)\"")
            return nil
        }
    }
}
