import Geometry
import Shaping

/// The attributes a request gives a run of text, each `nil` when not given (a run then takes its
/// label's value, and a label the default). Fonts are names here; ``TextAttributes`` holds them loaded.
public struct RunStyle: Hashable, Sendable {
    /// Font files (names in the fonts folder, or paths), primary first.
    public var fonts: [String]?
    /// Fonts found through Fontconfig, in front of ``fonts``.
    public var fontFamilies: [FontFamilyName]?
    /// Size in pixels per em.
    public var size: Double?
    /// Fill colour.
    public var color: RGBAColor?
    /// OpenType features.
    public var features: [FeatureSetting]?
    /// BCP 47 language.
    public var language: String?
    /// Extra space after each cluster, in pixels.
    public var letterSpacing: Double?
    /// Extra space after each space character (U+0020, U+00A0), in pixels (CSS `word-spacing`).
    public var wordSpacing: Double?
    /// Baseline shift in pixels, up positive (SVG `baseline-shift`).
    public var baselineShift: Double?
    /// Whether the embedded Noto stack follows the given fonts (default true). The stack's fonts rule is
    /// the same in every door: the fonts given first, then the embedded stack, then the system's fonts,
    /// each switchable.
    public var embeddedFonts: Bool?
    /// Whether characters the stack does not cover fall back to the system's fonts through Fontconfig
    /// (default true; off for output that does not depend on the machine).
    public var systemFonts: Bool?
    /// Which styles may be synthesized when fallback lands on a face lighter or more upright than the
    /// run's first font (CSS `font-synthesis`; default ``FontSynthesis/both``).
    public var fontSynthesis: FontSynthesis?
    /// CSS `font-weight`, 1–1000 (default 400): the face of each `fontFamily` is chosen by CSS font
    /// matching (``CSSFontMatch``), and a variable face is set to it.
    public var fontWeight: Double?
    /// CSS `font-stretch`, percent of normal width, 50–200 (default 100).
    public var fontStretch: Double?
    /// CSS `font-style` (default normal).
    public var fontStyle: CSSFontStyle?
    /// CSS `font-variation-settings`: axis coordinates for every variable font of the run, over what the
    /// weight, stretch, style and size set (``Typeface/varied(by:)``).
    public var fontVariationSettings: [FontVariation]?
    /// CSS `font-optical-sizing` (default true, `auto`): a font's `opsz` axis follows the size in pixels.
    public var fontOpticalSizing: Bool?
    /// CSS `font-kerning` (default auto: kerning on).
    public var fontKerning: FontKerning?
    /// CSS `font-variant` (default normal): capitals, numerals, ligatures as the font's features.
    public var fontVariant: FontVariant?
    /// A gradient fill painted instead of ``color`` (``color`` stays the colour of renderers that draw one).
    public var fillGradient: Gradient?
    /// The fill's opacity, 0…1 (SVG `fill-opacity`; default 1).
    public var fillOpacity: Double?
    /// The stroke's colour: given (or with ``strokeGradient``), the outlines are stroked.
    public var stroke: RGBAColor?
    /// A gradient that paints the stroke.
    public var strokeGradient: Gradient?
    /// The stroke's full width in pixels (default 1).
    public var strokeWidth: Double?
    /// The stroke's opacity, 0…1 (default 1).
    public var strokeOpacity: Double?
    /// The stroke's corners (default miter).
    public var strokeLinejoin: LineJoin?
    /// The stroke's miter limit (default 4).
    public var strokeMiterlimit: Double?
    /// The stroke's dash and gap lengths in pixels (SVG `stroke-dasharray`; default none: solid).
    public var strokeDasharray: [Double]?
    /// How far into the dash pattern the stroke starts, in pixels (SVG `stroke-dashoffset`; default 0).
    public var strokeDashoffset: Double?
    /// The opacity of fill and stroke, 0…1 (SVG `opacity`; default 1).
    public var opacity: Double?
    /// Fill then stroke, or stroke then fill (default fill first).
    public var paintOrder: PaintOrder?

    /// No attribute given.
    public init(fonts: [String]? = nil, fontFamilies: [FontFamilyName]? = nil, size: Double? = nil, color: RGBAColor? = nil,
                features: [FeatureSetting]? = nil, language: String? = nil, letterSpacing: Double? = nil,
                embeddedFonts: Bool? = nil, systemFonts: Bool? = nil, wordSpacing: Double? = nil, baselineShift: Double? = nil,
                fontSynthesis: FontSynthesis? = nil, fontWeight: Double? = nil, fontStretch: Double? = nil, fontStyle: CSSFontStyle? = nil,
                fontVariationSettings: [FontVariation]? = nil, fontOpticalSizing: Bool? = nil, fontKerning: FontKerning? = nil,
                fontVariant: FontVariant? = nil) {
        self.fonts = fonts; self.fontFamilies = fontFamilies; self.size = size; self.color = color
        self.features = features; self.language = language; self.letterSpacing = letterSpacing
        self.embeddedFonts = embeddedFonts; self.systemFonts = systemFonts
        self.wordSpacing = wordSpacing; self.baselineShift = baselineShift; self.fontSynthesis = fontSynthesis
        self.fontWeight = fontWeight; self.fontStretch = fontStretch; self.fontStyle = fontStyle
        self.fontVariationSettings = fontVariationSettings; self.fontOpticalSizing = fontOpticalSizing
        self.fontKerning = fontKerning; self.fontVariant = fontVariant
    }

    /// The size when neither run nor label gives one, pixels per em.
    public static let defaultSize = TextAttributes.defaultSize
    /// The colour when neither run nor label gives one.
    public static let defaultColor = RGBAColor.black

    /// Each attribute of `self`, or of `fallback` where `self` has none.
    public func over(_ fallback: RunStyle) -> RunStyle {
        var r = RunStyle(fonts: fonts ?? fallback.fonts, fontFamilies: fontFamilies ?? fallback.fontFamilies, size: size ?? fallback.size,
                 color: color ?? fallback.color, features: features ?? fallback.features, language: language ?? fallback.language,
                 letterSpacing: letterSpacing ?? fallback.letterSpacing, embeddedFonts: embeddedFonts ?? fallback.embeddedFonts,
                 systemFonts: systemFonts ?? fallback.systemFonts, wordSpacing: wordSpacing ?? fallback.wordSpacing,
                 baselineShift: baselineShift ?? fallback.baselineShift, fontSynthesis: fontSynthesis ?? fallback.fontSynthesis,
                 fontWeight: fontWeight ?? fallback.fontWeight, fontStretch: fontStretch ?? fallback.fontStretch,
                 fontStyle: fontStyle ?? fallback.fontStyle, fontVariationSettings: fontVariationSettings ?? fallback.fontVariationSettings,
                 fontOpticalSizing: fontOpticalSizing ?? fallback.fontOpticalSizing, fontKerning: fontKerning ?? fallback.fontKerning,
                 fontVariant: fontVariant ?? fallback.fontVariant)
        r.fillGradient = fillGradient ?? fallback.fillGradient; r.fillOpacity = fillOpacity ?? fallback.fillOpacity
        r.stroke = stroke ?? fallback.stroke; r.strokeGradient = strokeGradient ?? fallback.strokeGradient
        r.strokeWidth = strokeWidth ?? fallback.strokeWidth; r.strokeOpacity = strokeOpacity ?? fallback.strokeOpacity
        r.strokeLinejoin = strokeLinejoin ?? fallback.strokeLinejoin; r.strokeMiterlimit = strokeMiterlimit ?? fallback.strokeMiterlimit
        r.strokeDasharray = strokeDasharray ?? fallback.strokeDasharray; r.strokeDashoffset = strokeDashoffset ?? fallback.strokeDashoffset
        r.opacity = opacity ?? fallback.opacity; r.paintOrder = paintOrder ?? fallback.paintOrder
        return r
    }

    /// The paint these attributes give a run (defaults where not given): a stroke when ``stroke`` or
    /// ``strokeGradient`` is set.
    public var paint: RunPaint {
        var p = RunPaint(color: color ?? Self.defaultColor, fillGradient: fillGradient, fillOpacity: fillOpacity ?? 1,
                         opacity: opacity ?? 1, paintOrder: paintOrder ?? .fillFirst)
        if stroke != nil || strokeGradient != nil {
            p.stroke = TextStroke(color: stroke ?? strokeGradient?.meanColor ?? .black, gradient: strokeGradient, width: strokeWidth ?? 1,
                                  opacity: strokeOpacity ?? 1, join: strokeLinejoin ?? .miter, miterLimit: strokeMiterlimit ?? 4,
                                  dash: DashPattern(strokeDasharray ?? [], offset: strokeDashoffset ?? 0))
        }
        return p
    }
}
