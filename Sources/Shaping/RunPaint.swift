import Geometry

/// The order a glyph's fill and stroke are painted in (SVG `paint-order`).
public enum PaintOrder: String, Hashable, Sendable, CaseIterable {
    /// The fill, then the stroke over it (SVG's `normal`).
    case fillFirst = "fill"
    /// The stroke, then the fill over it (`paint-order: stroke`): the outline only shows outside the glyphs.
    case strokeFirst = "stroke"
}

/// A stroke drawn along the glyphs' outlines (SVG `stroke` on text).
public struct TextStroke: Hashable, Sendable {
    /// The stroke's colour (the colour used where a renderer cannot draw ``gradient``).
    public var color: RGBAColor
    /// A gradient that paints the stroke instead of ``color``.
    public var gradient: Gradient?
    /// The full width in pixels, centred on the outline.
    public var width: Double
    /// The stroke's opacity, 0…1 (SVG `stroke-opacity`), times the colour's alpha.
    public var opacity: Double
    /// The corners' shape.
    public var join: LineJoin
    /// The ends' shape (glyph outlines are closed: this matters only for open contours).
    public var cap: LineCap
    /// The miter limit (SVG's default is 4).
    public var miterLimit: Double
    /// The dashes in pixels (SVG `stroke-dasharray` and `stroke-dashoffset`), or `nil` for a solid stroke.
    public var dash: DashPattern?

    /// Creates a stroke.
    public init(color: RGBAColor = .black, gradient: Gradient? = nil, width: Double = 1, opacity: Double = 1,
                join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Double = 4, dash: DashPattern? = nil) {
        self.color = color; self.gradient = gradient; self.width = width; self.opacity = opacity
        self.join = join; self.cap = cap; self.miterLimit = miterLimit; self.dash = dash
    }
}

/// How a run is painted: what changes here never changes shaping (a glyph whose cluster starts in the run
/// is painted with it).
///
/// The fill is ``color``, or ``fillGradient`` where one is set (``color`` then stays what a renderer that
/// draws one colour uses); its alpha is multiplied by ``fillOpacity`` and ``opacity``, and the stroke's
/// by ``TextStroke/opacity`` and ``opacity``.
public struct RunPaint: Hashable, Sendable {
    /// The fill colour.
    public var color: RGBAColor
    /// A gradient fill (SVG `fill="url(#g)"`), painted instead of ``color``.
    public var fillGradient: Gradient? {
        get { fillGradientBox.first }
        set { fillGradientBox = newValue.map { [$0] } ?? [] }
    }
    /// ``fillGradient`` and ``stroke`` are kept in arrays (one pointer each, empty when not set), so that
    /// attributes painted with one colour stay small: every run and every shape-cache entry holds a paint.
    private var fillGradientBox: [Gradient] = []
    private var strokeBox: [TextStroke] = []
    /// The fill's opacity, 0…1 (SVG `fill-opacity`).
    public var fillOpacity: Double
    /// A stroke along the outlines, if any.
    public var stroke: TextStroke? {
        get { strokeBox.first }
        set { strokeBox = newValue.map { [$0] } ?? [] }
    }
    /// The opacity of the whole run, 0…1 (SVG `opacity`, applied to the fill and the stroke).
    public var opacity: Double
    /// Whether the stroke goes over the fill or under it.
    public var paintOrder: PaintOrder

    /// Creates a paint.
    public init(color: RGBAColor = .black, fillGradient: Gradient? = nil, fillOpacity: Double = 1, stroke: TextStroke? = nil,
                opacity: Double = 1, paintOrder: PaintOrder = .fillFirst) {
        self.color = color; self.fillOpacity = fillOpacity
        self.opacity = opacity; self.paintOrder = paintOrder
        self.fillGradient = fillGradient; self.stroke = stroke
    }

    /// Whether the paint is one flat colour: no gradient, stroke or opacity below 1.
    public var isPlain: Bool { fillGradientBox.isEmpty && strokeBox.isEmpty && fillOpacity == 1 && opacity == 1 }

    /// `color` with its alpha multiplied by `opacity` (clamped to 0…1), rounded.
    public static func faded(_ color: RGBAColor, _ opacity: Double) -> RGBAColor {
        guard opacity < 1 else { return color }
        var c = color
        c.a = UInt8((Double(c.a) * max(0, opacity)).rounded())
        return c
    }
}
