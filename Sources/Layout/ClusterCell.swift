import Geometry

/// One cluster's cell in vertical writing: the stretch of the column its advance covers, and the turn that
/// SVG's `rotate` gives the cluster (the same rigid turn as its glyphs'). What a renderer needs to draw
/// something per character that turns with it, as Chromium draws a decoration line under rotated vertical
/// text: the band across the cell, turned about ``pivot`` by ``rotation``.
public struct ClusterCell: Sendable, Hashable {
    /// The cluster (the UTF-8 offset of its first byte in the label's text).
    public var cluster: Int
    /// Where the cell starts (its top, for a column running down the page): a distance along the measured
    /// path (``PlacedLabel/measure``), in arc length.
    public var start: Double
    /// The cell's length along the path: the cluster's advance with the spacing after it.
    public var length: Double
    /// How far the column's centre lies from the path along its left normal (the label's perpendicular
    /// shift and SVG's `dx` in vertical writing), in pixels; a run's baseline shift is left out.
    public var across: Double
    /// The turn SVG's `rotate` gives the cluster, radians clockwise on screen (y down); 0 for none.
    public var rotation: Double
    /// The centre of that turn on the canvas (``LabelOptions/rotateAbout``).
    public var pivot: Point

    /// Creates a cell.
    public init(cluster: Int, start: Double, length: Double, across: Double, rotation: Double, pivot: Point) {
        self.cluster = cluster; self.start = start; self.length = length; self.across = across
        self.rotation = rotation; self.pivot = pivot
    }
}
