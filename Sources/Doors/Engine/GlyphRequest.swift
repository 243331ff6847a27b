import PathText

/// A label for the engine's typed call: text, path data, attributes and placement options as values,
/// no JSON (what `pt_layout` of the C library takes).
public struct GlyphRequest: Sendable {
    /// The text.
    public var text: String
    /// SVG path data to follow.
    public var pathData: String
    /// A font file (a bare name is looked up in the engine's fonts folder), or `nil` for the default stack;
    /// the default stack always follows as fallback.
    public var font: String?
    /// Pixels per em.
    public var size: Double = 32
    /// OpenType features, comma separated (`kern=0,+smcp`), or `nil`.
    public var features: String?
    /// BCP 47 language, or `nil`.
    public var language: String?
    /// The paragraph direction.
    public var direction: ParagraphDirection = .auto
    /// Extra space after every cluster, pixels.
    public var letterSpacing: Double = 0
    /// The placement options (letter spacing is taken from ``letterSpacing``).
    public var options = LabelOptions()

    /// Creates a request with the default attributes and options.
    public init(text: String, pathData: String) { self.text = text; self.pathData = pathData }
}
