import Geometry
import Shaping

/// What a path is painted with on a ``DrawingSurface``: one colour, or a gradient in canvas coordinates.
public enum PaintSource: Hashable, Sendable {
    /// One straight-alpha colour.
    case color(RGBAColor)
    /// A gradient whose coordinates are canvas pixels (``Gradient/resolved(in:)``), its alpha times `opacity`.
    case gradient(Gradient, opacity: Double)

    /// The one colour a surface that draws no gradients uses.
    public var flatColor: RGBAColor {
        switch self {
        case .color(let c): c
        case .gradient(let g, let o): RunPaint.faded(g.meanColor, o)
        }
    }

    /// The source with its gradient moved by `shift` (canvas to canvas).
    public func moved(by shift: Affine) -> PaintSource {
        guard case .gradient(var g, let o) = self else { return self }
        g.transform = shift * g.transform
        return .gradient(g, opacity: o)
    }
}
