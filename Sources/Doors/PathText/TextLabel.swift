import Pipeline
/// One label laid out along a path: the one-call front door.
///
/// ```swift
/// let label = try TextLabel("Hello, curved world", along: "M 20 200 C 120 40 280 360 380 200",
///                           size: 40, align: .center)
/// try label.writePNG(to: "hello.png")      // or label.png() (bytes), label.svg(), label.image()
/// ```
///
/// The text is shaped with HarfBuzz in the given fonts (the embedded Noto stack by default), and placed by
/// ``LabelLayout``'s rule. The label carries its placed glyphs, its ink and advance bounds, whether it was
/// flipped or overflowed, and typed ``LabelDiagnostic``s. To place many labels on one path, measure the path
/// once (`PathMeasure(path)`) and pass the measure; for copies along a path use
/// ``repeated(_:along:every:size:color:fonts:embeddedFonts:systemFonts:align:options:)``.
public struct TextLabel: Sendable {
    /// The full layout result: glyphs, path length, start, advance, size, the measure it was placed on.
    public let placement: PlacedLabel
    /// The union of the glyphs' ink boxes (outline bounds, rotated into place), canvas pixels, y down.
    public let inkBounds: Rect
    /// The union of the glyphs' advance boxes: each glyph's advance along its baseline by its font's
    /// ascender to descender, rotated into place.
    public let advanceBounds: Rect

    /// The placed glyphs, in visual order: what another renderer needs to draw them.
    public var glyphs: [PlacedGlyph] { placement.glyphs }
    /// The fonts the glyphs come from, each once: ``PlacedGlyph/fontIndex`` indexes this.
    public var fonts: [Typeface] { placement.fonts }
    /// The font that supplies `glyph`, a glyph of this label.
    public func font(of glyph: PlacedGlyph) -> Typeface { placement.font(of: glyph) }
    /// Whether the upright rule laid the label out on the reversed path.
    public var flipped: Bool { placement.flipped }
    /// Whether clusters fell off the path (or the label did not fit at its minimum size).
    public var overflow: Bool { placement.overflow }
    /// What the caller should know: characters drawn as `.notdef`, clusters dropped or cut, a shrink applied.
    public var diagnostics: [LabelDiagnostic] { placement.diagnostics }
    /// The size the label was set at, pixels per em (smaller than asked when `shrink` acted).
    public var size: Double { placement.size }
    /// The number of lines the label is set on (more than 1 when `overflow: wrap` acted; each glyph's
    /// ``PlacedGlyph/line`` says which).
    public var lines: Int { placement.lines }

    /// Wraps a label laid out with ``LabelLayout`` directly, computing its bounds.
    public init(_ placement: PlacedLabel) {
        self.placement = placement
        (inkBounds, advanceBounds) = CanvasFit.bounds(of: placement)
    }

    /// Lays `text` out along `path` in one call.
    ///
    /// - Parameters:
    ///   - text: the text, in any script; bidi, fallback and shaping are handled.
    ///   - path: SVG path data, a ``BezPath``, or a ``PathMeasure`` shared by many labels.
    ///   - size: pixels per em.
    ///   - color: the fill colour.
    ///   - fonts: fonts in front of the embedded Noto stack, primary first (none: the embedded stack alone).
    ///   - embeddedFonts: whether the embedded stack follows `fonts` (the same rule as every door: the given
    ///     fonts, then the embedded stack, then the system's fonts).
    ///   - systemFonts: whether characters the stack does not cover fall back to the system's fonts.
    ///   - align: the anchor; when given it replaces `options.align`.
    ///   - options: every other placement option (``LabelOptions``).
    /// - Throws: ``PathTextError`` naming the stage that failed. A ``LabelOptions/repeat`` is an
    ///   error here (it makes several labels): use ``labels(_:along:options:)`` or ``repeated(_:along:every:size:color:fonts:embeddedFonts:systemFonts:align:options:)``.
    public init(_ text: String, along path: some PathSource, size: Double = TextAttributes.defaultSize, color: RGBAColor = .black,
                fonts: [Typeface] = [], embeddedFonts: Bool = true, systemFonts: Bool = true,
                align: TextAnchor? = nil, options: LabelOptions = LabelOptions())
        throws(PathTextError)
    {
        guard options.repeat == nil else {
            throw .layout(.badOption("repeat makes several labels: use TextLabel.repeated or TextLabel.labels"))
        }
        var attributes = TextAttributes(fonts: try Self.stack(fonts, embedded: embeddedFonts), size: size, color: color)
        attributes.systemFallback = systemFonts
        var o = options
        if let align { o.align = align }
        let all = try Self.labels(AttributedText(text, attributes: attributes), along: path, options: o)
        guard let first = all.first else { throw .layout(.emptyText) }
        self = first
    }

    /// Copies of `text` along `path`, `gap` pixels apart, the block of copies anchored as one label would be
    /// (street names along a long road).
    public static func repeated(_ text: String, along path: some PathSource, every gap: Double, size: Double = TextAttributes.defaultSize,
                                color: RGBAColor = .black, fonts: [Typeface] = [], embeddedFonts: Bool = true,
                                systemFonts: Bool = true, align: TextAnchor? = nil,
                                options: LabelOptions = LabelOptions()) throws(PathTextError) -> [TextLabel]
    {
        var attributes = TextAttributes(fonts: try Self.stack(fonts, embedded: embeddedFonts), size: size, color: color)
        attributes.systemFallback = systemFonts
        let attributed = AttributedText(text, attributes: attributes)
        var o = options
        o.repeat = gap
        if let align { o.align = align }
        return try labels(attributed, along: path, options: o)
    }

    /// The general form: attributed text (runs with their own fonts, sizes, colours, features) along a path,
    /// giving one label, or several with ``LabelOptions/repeat``. Runs whose font stack is empty get
    /// the embedded stack.
    public static func labels(_ text: AttributedText, along path: some PathSource,
                              options: LabelOptions = LabelOptions()) throws(PathTextError) -> [TextLabel]
    {
        var text = text
        for i in text.runs.indices where text.runs[i].attributes.fonts.isEmpty {
            text.runs[i].attributes.fonts = try DefaultStack.fonts()
        }
        // Measured and shaped through the shared caches, as every other door's labels are (one cache policy).
        let measure = try sharedMeasure(of: path, limits: options.limits)
        let shape = { (t: AttributedText) in ShapeCache.shared.shape(t, direction: .auto) }
        do { return try LabelLayout.layout(text, along: measure, options: options, shape: shape).map(TextLabel.init) } catch {
            throw .layout(error)
        }
    }

    /// `fonts` followed by the embedded stack (when `embedded`), the fonts rule of every door.
    static func stack(_ fonts: [Typeface], embedded: Bool) throws(PathTextError) -> [Typeface] {
        guard embedded else {
            guard !fonts.isEmpty else { throw .layout(.badOption("embeddedFonts is false, so fonts must name at least one font")) }
            return fonts
        }
        return fonts + (try DefaultStack.fonts())
    }
}
