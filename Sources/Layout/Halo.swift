import Shaping

/// A halo: a band of `color` reaching `width` pixels beyond every glyph's edge (a round-joined stroke of
/// width 2·`width` of the outlines), drawn under all of a label's fills so the text stays legible on a
/// busy background.
public struct Halo: Hashable, Sendable {
    /// The halo's colour.
    public var color: RGBAColor
    /// How far the halo reaches beyond the glyphs' edges, in pixels (above 0).
    public var width: Double

    /// Creates a halo.
    public init(color: RGBAColor, width: Double) { self.color = color; self.width = width }
}
