import Geometry
import Shaping
import Render

/// A drawing surface that moves everything drawn on it by `shift` before passing it on: how a fitted
/// canvas draws labels whose bounds do not start at the origin.
package struct ShiftedSurface<Base: DrawingSurface>: DrawingSurface {
    /// The surface drawn on.
    package var base: Base
    /// The move applied to everything before it reaches `base`.
    package let shift: Affine

    /// `base`, with everything drawn on it moved by `shift` first.
    package init(base: Base, shift: Affine) { self.base = base; self.shift = shift }

    package mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) {
        base.fillPath(path, transform: shift * transform, color: color, rule: rule, mode: mode)
    }

    package mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) {
        base.strokePath(path.transformed(by: shift), width: width, color: color, cap: cap, mode: mode)
    }

    package mutating func paintPath(_ path: BezPath, transform: Affine, source: PaintSource, stroke: StrokeOptions?, rule: FillRule,
                                    mode: CompositeMode) {
        base.paintPath(path, transform: shift * transform, source: source.moved(by: shift), stroke: stroke, rule: rule, mode: mode)
    }

    package mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) {
        base.drawBitmap(bitmap, transform: shift * transform, opacity: opacity, mode: mode)
    }

    package var isFull: Bool { base.isFull }

    package mutating func beginGroup(bounds: Rect?) {
        base.beginGroup(bounds: bounds.map { b in
            let c = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map { shift.apply($0) }
            return Rect(minX: c.map(\.x).min()!, minY: c.map(\.y).min()!, maxX: c.map(\.x).max()!, maxY: c.map(\.y).max()!)
        })
    }

    package mutating func endGroup(opacity: Double, blend: GroupBlend) { base.endGroup(opacity: opacity, blend: blend) }

    package mutating func endGroup(filter: FilterEffect) {
        guard let moved = filter.moved(by: shift).resolved(box: nil) else { return base.endGroup(opacity: 0) }
        base.endGroup(filter: moved)
    }
}
