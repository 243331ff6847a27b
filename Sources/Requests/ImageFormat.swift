/// The image formats the engine renders scenes to.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG, 8-bit RGBA.
    case png
    /// SVG 1.1 text, one `<path>` per shape and glyph.
    case svg
}
