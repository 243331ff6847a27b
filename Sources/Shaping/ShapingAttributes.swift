/// What a run's shaping depends on: its fonts, size, features, language and fallback rules. Two runs with
/// equal shaping attributes (and letter spacing) side by side are shaped as one, so that kerning, ligatures
/// and contextual forms cross a change of colour, as browsers shape them (``AttributedText/mergedForShaping``);
/// these are also ``ShapeCache``'s key.
public struct ShapingAttributes: Hashable, Sendable {
    /// The font stack: the first font is primary, the rest are fallbacks tried per grapheme cluster
    /// (then the system's fonts, unless ``systemFallback`` is off).
    public var fonts: [Typeface]
    /// The size in pixels per em.
    public var size: Double
    /// OpenType feature settings (`kern=0`, `liga=0`, `ss01`, `+smcp`, `smcp[2:5]` as text; read user
    /// text with ``FeatureSetting/init(parsing:)`` or ``FeatureList``).
    ///
    /// A range counts Unicode scalars from the start of this run, end exclusive.
    public var features: [FeatureSetting]
    /// The language as a BCP 47 tag (`ar`, `hi`, `sr-Latn`), or `nil` to let HarfBuzz use the default.
    public var language: String?
    /// Whether clusters that no font of ``fonts`` covers fall back to the system's fonts through
    /// Fontconfig (the best installed font for their characters, ``language`` and presentation, as
    /// Pango chooses it). Turn it off for output that does not depend on the installed fonts.
    public var systemFallback: Bool
    /// Whether a missing weight or slant is synthesized when fallback lands on a face lighter or more
    /// upright than the run's first font (CSS `font-synthesis`; see ``SyntheticStyle``).
    public var fontSynthesis: FontSynthesis

    /// Creates shaping attributes; every parameter has a default.
    public init(fonts: [Typeface] = [], size: Double = TextAttributes.defaultSize, features: [FeatureSetting] = [],
                language: String? = nil, systemFallback: Bool = true, fontSynthesis: FontSynthesis = .both) {
        self.fonts = fonts; self.size = size; self.features = features; self.language = language
        self.systemFallback = systemFallback; self.fontSynthesis = fontSynthesis
    }
}
