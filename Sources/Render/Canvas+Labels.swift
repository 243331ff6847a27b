import Geometry
import Shaping
import Layout

extension Canvas {
    /// Draws every glyph of a placed label in its colour: rigid glyphs through their placement
    /// transform, or bent along the path when the label was laid out with ``WarpMode/bend``.
    /// - Parameter mode: ``BlendMode/destinationOut`` cuts the glyphs out of what is below (knockout).
    public mutating func draw(_ label: PlacedLabel, mode: BlendMode = .sourceOver) {
        for glyph in label.glyphs {
            switch label.warp {
            case .rigid:
                fill(glyph.font.outline(glyph: glyph.glyph, size: glyph.size), transform: glyph.transform,
                     color: glyph.color, mode: mode)
            case .bend:
                fill(label.bentOutline(of: glyph), color: glyph.color, mode: mode)
            }
        }
    }
}
