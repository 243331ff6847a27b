import Geometry
import Shaping
import Render

/// A surface that draws nothing and counts what it was asked to draw: for placements without a picture,
/// and for the first pass of a fitted canvas (the labels laid out, then measured).
package struct NullSurface: DrawingSurface {
    /// How many fills, strokes and bitmaps it was given.
    package var calls = 0
    /// An empty surface.
    package init() {}
    package mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) { calls += 1 }
    package mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) { calls += 1 }
    package mutating func paintPath(_ path: BezPath, transform: Affine, source: PaintSource, stroke: StrokeOptions?, rule: FillRule,
                                    mode: CompositeMode) { calls += 1 }
    package mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) { calls += 1 }
}
