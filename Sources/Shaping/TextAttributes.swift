/// How a run of text looks: its fonts, size, colour and typographic options.
public struct TextAttributes: Hashable, Sendable {
    /// The font stack: the first font is primary, the rest are fallbacks tried per grapheme cluster
    /// (then the system's fonts, unless ``systemFallback`` is off).
    public var fonts: [Typeface]
    /// The size in pixels per em.
    public var size: Double
    /// The fill colour.
    public var color: RGBAColor
    /// OpenType feature settings (`kern=0`, `liga=0`, `ss01`, `+smcp`, `smcp[2:5]` as text; read user
    /// text with ``FeatureSetting/init(parsing:)`` or ``FeatureList``).
    ///
    /// A range counts Unicode scalars from the start of this run, end exclusive.
    public var features: [FeatureSetting]
    /// The language as a BCP 47 tag (`ar`, `hi`, `sr-Latn`), or `nil` to let HarfBuzz use the default.
    public var language: String?
    /// Extra space added after each cluster, in pixels (may be negative).
    public var letterSpacing: Double
    /// Extra space added after each space character (U+0020, U+00A0), in pixels (CSS `word-spacing`).
    public var wordSpacing: Double = 0
    /// Perpendicular baseline shift in pixels, up positive.
    public var baselineShift: Double
    /// Whether clusters that no font of ``fonts`` covers fall back to the system's fonts through
    /// Fontconfig (the best installed font for their characters, ``language`` and presentation, as
    /// Pango chooses it). Turn it off for output that does not depend on the installed fonts.
    public var systemFallback: Bool
    /// Whether a missing weight or slant is synthesized when fallback lands on a face lighter or more
    /// upright than the run's first font (CSS `font-synthesis`; see ``SyntheticStyle``).
    public var fontSynthesis: FontSynthesis = .both

    /// Creates attributes; every parameter has a default. An empty font stack is filled with the embedded
    /// stack by `TextLabel`; ``Shaper`` itself reports a run without fonts and leaves it unshaped.
    public init(fonts: [Typeface] = [], size: Double = 16, color: RGBAColor = .black, features: [FeatureSetting] = [],
                language: String? = nil, letterSpacing: Double = 0, baselineShift: Double = 0,
                systemFallback: Bool = true) {
        self.fonts = fonts; self.size = size; self.color = color; self.features = features
        self.language = language; self.letterSpacing = letterSpacing; self.baselineShift = baselineShift
        self.systemFallback = systemFallback
    }
}

/// A string with attribute runs.
///
/// Runs are given as UTF-8 byte ranges of ``string``; they must cover it in order without gaps.
public struct AttributedText: Hashable, Sendable {
    /// One attribute run.
    public struct Run: Hashable, Sendable {
        /// The UTF-8 byte range of the run within ``AttributedText/string``.
        public var range: Range<Int>
        /// The run's attributes.
        public var attributes: TextAttributes
        /// Creates a run.
        public init(range: Range<Int>, attributes: TextAttributes) { self.range = range; self.attributes = attributes }
    }

    /// The text.
    public var string: String
    /// The attribute runs, in order.
    public var runs: [Run]

    /// Text with one set of attributes throughout.
    public init(_ string: String, attributes: TextAttributes) {
        self.string = string
        runs = [Run(range: 0..<string.utf8.count, attributes: attributes)]
    }

    /// Text made of pieces, each with its own attributes.
    public init(pieces: [(String, TextAttributes)]) {
        var s = "", runs: [Run] = []
        for (text, attrs) in pieces {
            let start = s.utf8.count
            s += text
            runs.append(Run(range: start..<s.utf8.count, attributes: attrs))
        }
        string = s; self.runs = runs
    }

    /// Appends a piece of text with its attributes.
    public mutating func append(_ text: String, attributes: TextAttributes) {
        let start = string.utf8.count
        string += text
        runs.append(Run(range: start..<string.utf8.count, attributes: attributes))
    }
}
