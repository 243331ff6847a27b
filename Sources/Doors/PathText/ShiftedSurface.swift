/// A drawing surface that moves everything drawn on it by `shift` before passing it on: how a fitted
/// canvas draws labels whose bounds do not start at the origin.
struct ShiftedSurface<Base: DrawingSurface>: DrawingSurface {
    var base: Base
    let shift: Affine

    mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) {
        base.fillPath(path, transform: shift * transform, color: color, rule: rule, mode: mode)
    }

    mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) {
        base.strokePath(path.transformed(by: shift), width: width, color: color, cap: cap, mode: mode)
    }

    mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) {
        base.drawBitmap(bitmap, transform: shift * transform, opacity: opacity, mode: mode)
    }

    var isFull: Bool { base.isFull }
}
