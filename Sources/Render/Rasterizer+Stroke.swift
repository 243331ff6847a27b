import Geometry

extension Rasterizer {
    /// The coverage of the stroke of `path`, mapped by `transform`, clipped to `clip`.
    ///
    /// The path is transformed and flattened first; the stroke is then built in device pixels with
    /// half-width `style.width/2 · √|det(transform)|` (exact for similarity transforms; under a
    /// non-uniform scale the pen stays circular instead of becoming an ellipse). A dashed style cuts the
    /// path into its dashes before the transform (``BezPath/dashed(by:)``).
    public mutating func rasterizeStroke(_ path: BezPath, transform: Affine = .identity, style: StrokeOptions,
                                         clip: PixelRect? = nil, into mask: inout CoverageMask) {
        strokeSource.removeAll()
        strokeSource.append(style.dash.map { path.dashed(by: $0) } ?? path, transform: transform, tolerance: tolerance)
        contours.removeAll()
        let scale = abs(transform.determinant).squareRoot()
        Stroker(hw: style.width / 2 * scale, cap: style.cap, join: style.join, miterLimit: style.miterLimit,
                tolerance: tolerance).outline(of: strokeSource, into: &contours)
        rasterizeContours(rule: .nonZero, clip: clip, into: &mask)
    }

    /// The coverage of the stroke of `path`; see ``rasterizeStroke(_:transform:style:clip:into:)``.
    public mutating func rasterizeStroke(_ path: BezPath, transform: Affine = .identity, style: StrokeOptions,
                                         clip: PixelRect? = nil) -> CoverageMask {
        Self.newMask { rasterizeStroke(path, transform: transform, style: style, clip: clip, into: &$0) }
    }
}
