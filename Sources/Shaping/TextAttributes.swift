/// How a run of text looks: what shapes it (``shaping``: fonts, size, features, language), how it is
/// painted (``paint``: colour), and how its clusters are spaced and shifted.
///
/// The parts are kept apart so that a change of paint never changes shaping: neighbouring runs that
/// differ only in paint, word spacing or baseline shift are shaped as one (see
/// ``AttributedText/mergedForShaping``), and ``ShapeCache`` keys on ``shaping`` alone. The properties of
/// both parts can be read and set here directly (`attributes.size`, `attributes.color`).
public struct TextAttributes: Hashable, Sendable {
    /// The size a run gets when none is given, in pixels per em: every door's default (a scene's `size`,
    /// `TextLabel`'s `size:`).
    public static let defaultSize = 32.0

    /// What the run's shaping depends on.
    public var shaping: ShapingAttributes
    /// How the run is painted.
    public var paint: RunPaint
    /// Extra space added after each cluster, in pixels (may be negative).
    public var letterSpacing: Double
    /// Extra space added after each space character (U+0020, U+00A0), in pixels (CSS `word-spacing`).
    public var wordSpacing: Double = 0
    /// Perpendicular baseline shift in pixels, up positive.
    public var baselineShift: Double

    /// Creates attributes; every parameter has a default. An empty font stack is filled with the embedded
    /// stack by `TextLabel`; ``Shaper`` itself reports a run without fonts and leaves it unshaped.
    public init(fonts: [Typeface] = [], size: Double = TextAttributes.defaultSize, color: RGBAColor = .black,
                features: [FeatureSetting] = [], language: String? = nil, letterSpacing: Double = 0, baselineShift: Double = 0,
                systemFallback: Bool = true) {
        shaping = ShapingAttributes(fonts: fonts, size: size, features: features, language: language, systemFallback: systemFallback)
        paint = RunPaint(color: color)
        self.letterSpacing = letterSpacing; self.baselineShift = baselineShift
    }

    /// The font stack (``ShapingAttributes/fonts``).
    public var fonts: [Typeface] { get { shaping.fonts } set { shaping.fonts = newValue } }
    /// The size in pixels per em (``ShapingAttributes/size``).
    public var size: Double { get { shaping.size } set { shaping.size = newValue } }
    /// OpenType feature settings (``ShapingAttributes/features``).
    public var features: [FeatureSetting] { get { shaping.features } set { shaping.features = newValue } }
    /// The language (``ShapingAttributes/language``).
    public var language: String? { get { shaping.language } set { shaping.language = newValue } }
    /// Whether uncovered clusters fall back to the system's fonts (``ShapingAttributes/systemFallback``).
    public var systemFallback: Bool { get { shaping.systemFallback } set { shaping.systemFallback = newValue } }
    /// Whether a missing weight or slant is synthesized (``ShapingAttributes/fontSynthesis``).
    public var fontSynthesis: FontSynthesis { get { shaping.fontSynthesis } set { shaping.fontSynthesis = newValue } }
    /// The fill colour (``RunPaint/color``).
    public var color: RGBAColor { get { paint.color } set { paint.color = newValue } }
}
