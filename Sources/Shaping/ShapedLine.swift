/// One glyph of a shaped line, positioned in pixels.
///
/// A plain value without references: its font is an index into the line's font table
/// (``ShapedLine/fonts``, ``ShapedLine/font(of:)``), so copying glyphs costs no reference counting.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph id in its font (``ShapedLine/font(of:)``).
    public var glyph: UInt32
    /// The cluster: a UTF-8 byte offset into the original string (HarfBuzz's cluster value).
    /// Glyphs with the same cluster form one unit that placement keeps together.
    public var cluster: Int
    /// The horizontal advance in pixels (letter spacing not included).
    public var advance: Double
    /// HarfBuzz's x offset in pixels (towards the line's end).
    public var xOffset: Double
    /// HarfBuzz's y offset in pixels, **up** positive (as HarfBuzz reports it).
    public var yOffset: Double
    /// The font that supplied the glyph: an index into ``ShapedLine/fonts`` of the line the glyph belongs to.
    public var fontIndex: Int
    /// The size in pixels per em.
    public var size: Double
    /// Index into ``ShapedLine/runs`` of the attribute run the glyph came from.
    public var runIndex: Int
    /// Whether the glyph's cluster is right-to-left (its bidi level is odd).
    public var isRTL: Bool
    /// Whether the glyph was shaped top to bottom (vertical writing, standing upright): then ``advance``
    /// is its vertical advance, down, and the offsets move its horizontal origin from the pen (the
    /// vertical origin), x right and y up.
    public var isVertical: Bool = false
    /// The styles synthesized for the glyph (its face lacks the run's weight or slant): a synthesized
    /// bold's widening is already in ``advance``.
    public var synthesis: SyntheticStyle = .none

    /// Creates a shaped glyph drawn from font `fontIndex` of its line's ``ShapedLine/fonts``.
    public init(glyph: UInt32, cluster: Int, advance: Double, xOffset: Double = 0, yOffset: Double = 0,
                fontIndex: Int = 0, size: Double, runIndex: Int = 0, isRTL: Bool = false, isVertical: Bool = false) {
        self.glyph = glyph; self.cluster = cluster; self.advance = advance; self.xOffset = xOffset
        self.yOffset = yOffset; self.fontIndex = fontIndex; self.size = size; self.runIndex = runIndex; self.isRTL = isRTL
        self.isVertical = isVertical
    }
}

/// Something shaping noticed that the caller may want to report.
public struct ShapingDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-8 offset of the cluster concerned.
    public var cluster: Int
    /// What happened.
    public var message: String
    /// Set when the diagnostic is about characters no font covers: which ones, typed.
    public var missingCoverage: MissingCoverage?
    /// Set when the diagnostic is about a weight or slant synthesized: where and for which face, typed.
    public var synthesized: SynthesizedStyle?
    /// Set when the diagnostic is about letter spacing given back as tatweel (``Elongation``), typed.
    public var elongation: Elongation.Report?
    /// Set when the diagnostic is about colour glyphs drawn otherwise than their font describes them, typed.
    public var colorGlyph: ColorGlyphFallback?
    /// Creates a diagnostic.
    public init(cluster: Int, message: String, missingCoverage: MissingCoverage? = nil, synthesized: SynthesizedStyle? = nil,
                elongation: Elongation.Report? = nil, colorGlyph: ColorGlyphFallback? = nil) {
        self.cluster = cluster; self.message = message; self.missingCoverage = missingCoverage
        self.synthesized = synthesized; self.elongation = elongation; self.colorGlyph = colorGlyph
    }
    /// `message (at byte N)`.
    public var description: String { "\(message) (at byte \(cluster))" }
}

/// The result of shaping: glyphs in visual order (left to right), with pen positions implied by advances.
public struct ShapedLine: Hashable, Sendable {
    /// The text that was shaped.
    public var text: String
    /// The glyphs in visual order.
    public var glyphs: [ShapedGlyph]
    /// The fonts the glyphs came from, each once, in the order first used: ``ShapedGlyph/fontIndex``
    /// indexes this.
    public var fonts: [Typeface]
    /// The attributes of each run (``ShapedGlyph/runIndex`` indexes this).
    public var runs: [TextAttributes]
    /// Metrics of the line: the largest ascender and deepest descender of the fonts used.
    public var metrics: FontMetrics
    /// Problems met while shaping (missing glyphs, fallbacks that failed).
    public var diagnostics: [ShapingDiagnostic]
    /// Whether the paragraph's base direction is right to left (given, or found from its first strong
    /// character); the glyphs are in visual order either way.
    public var isRightToLeft: Bool

    /// Creates a shaped line. Every glyph's ``ShapedGlyph/fontIndex`` must index `fonts`.
    public init(text: String, glyphs: [ShapedGlyph], fonts: [Typeface], runs: [TextAttributes], metrics: FontMetrics,
                diagnostics: [ShapingDiagnostic] = [], isRightToLeft: Bool = false) {
        self.text = text; self.glyphs = glyphs; self.fonts = fonts; self.runs = runs; self.metrics = metrics
        self.diagnostics = diagnostics; self.isRightToLeft = isRightToLeft
    }

    /// A line of no text and no glyphs: what to shape into first with ``Shaper/shape(_:direction:into:)``.
    public static var empty: ShapedLine {
        ShapedLine(text: "", glyphs: [], fonts: [], runs: [],
                   metrics: FontMetrics(ascender: 0, descender: 0, lineGap: 0, xHeight: 0, capHeight: 0, unitsPerEm: 1000, size: 0))
    }

    /// The font that supplied `glyph`, a glyph of this line.
    @inlinable public func font(of glyph: ShapedGlyph) -> Typeface { fonts[glyph.fontIndex] }

    /// The sum of the glyph advances (letter spacing not included).
    public var advance: Double { glyphs.reduce(0) { $0 + $1.advance } }
}
