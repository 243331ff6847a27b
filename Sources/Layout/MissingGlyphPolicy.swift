/// What happens when no font in the stack covers a character of the label.
///
/// In scene files and on the command line the words are `draw` and `error`.
public enum MissingGlyphPolicy: String, Sendable, Hashable, CaseIterable {
    /// Draw the primary font's `.notdef` glyph (usually a box) and report
    /// ``LabelDiagnostic/missingGlyphs(_:)`` on the label (the default).
    case draw
    /// Throw ``LayoutError/missingGlyphs(_:)``, naming the characters no font covers.
    case error
}
