import Support
import Geometry
import Shaping

/// A glyph positioned on the canvas: what another renderer needs to draw it.
///
/// A plain value without references: its font is an index into the font table of the label it belongs
/// to (``PlacedLabel/fonts``, ``PlacedLabel/font(of:)``), so copying, appending or reading glyphs costs no
/// reference counting on the font, an object every thread shares.
public struct PlacedGlyph: Hashable, Sendable {
    /// The glyph id in its font (``PlacedLabel/font(of:)``).
    public var glyph: UInt32
    /// The HarfBuzz cluster (UTF-8 byte offset into the label's text).
    public var cluster: Int
    /// The font that supplies the glyph: an index into ``PlacedLabel/fonts`` of the label the glyph
    /// belongs to.
    public var fontIndex: Int
    /// The size in pixels per em.
    public var size: Double
    /// The glyph origin on its shifted baseline, canvas pixels (y down), HarfBuzz offsets applied.
    public var origin: Point
    /// The unit direction of the glyph's baseline in canvas coordinates (y down): `(cos, sin)` of ``angle``.
    /// Placement stores this, the path's tangent, rather than the angle: the transform needs only it.
    public var direction: Vector
    /// The rotation of the glyph's baseline, in (−180°, 180°], `atan2` of ``direction``; setting it sets
    /// ``direction`` to `(cos, sin)` of the new value. The placements JSON writes ``Angle/degrees``.
    @inlinable public var angle: Angle {
        get { .radians(atan2(direction.y, direction.x)) }
        set { direction = Vector(cos(newValue.radians), sin(newValue.radians)) }
    }
    /// The glyph's advance in pixels (after fitting).
    public var advance: Double
    /// Horizontal scale of the outline along the baseline (1 unless fitted with `stretch`).
    public var scaleX: Double
    /// The index of the attribute run the glyph came from (``ShapedLine/runs``).
    public var runIndex: Int
    /// The glyph's colour.
    public var color: RGBAColor
    /// The distance along the measured path of the glyph origin (used by the `bend` warp).
    public var pathDistance: Double
    /// The perpendicular offset of the origin from the measured path, up positive (used by `bend`).
    public var normalOffset: Double
    /// In vertical writing: whether the glyph stands upright in the column (CJK) rather than lying
    /// sideways (Latin); `false` in horizontal writing.
    public var upright: Bool
    /// The styles synthesized because the glyph's face lacks its run's weight or slant (``SyntheticStyle``):
    /// a bold's outline is emboldened (``outline()``) and its widening is already in ``advance``; an
    /// oblique's shear is part of ``transform``.
    public var synthesis: SyntheticStyle
    /// The line the glyph is on, 0 first, in a label set on several lines (``PlacedLabel/lines``).
    public var line: Int = 0

    /// Creates a placed glyph whose baseline runs along the unit vector `direction`, drawn from font
    /// `fontIndex` of its label's ``PlacedLabel/fonts``.
    public init(glyph: UInt32, cluster: Int, fontIndex: Int = 0, size: Double, origin: Point, direction: Vector, advance: Double,
                scaleX: Double = 1, runIndex: Int = 0, color: RGBAColor = .black, pathDistance: Double = 0,
                normalOffset: Double = 0, upright: Bool = false, synthesis: SyntheticStyle = .none) {
        self.glyph = glyph; self.cluster = cluster; self.fontIndex = fontIndex; self.size = size; self.origin = origin
        self.direction = direction; self.advance = advance; self.scaleX = scaleX; self.runIndex = runIndex
        self.color = color; self.pathDistance = pathDistance; self.normalOffset = normalOffset; self.upright = upright
        self.synthesis = synthesis
    }

    /// Creates a placed glyph whose baseline is turned by `angle` (clockwise on screen, y down), drawn from
    /// font `fontIndex` of its label's ``PlacedLabel/fonts``.
    public init(glyph: UInt32, cluster: Int, fontIndex: Int = 0, size: Double, origin: Point, angle: Angle, advance: Double,
                scaleX: Double = 1, runIndex: Int = 0, color: RGBAColor = .black, pathDistance: Double = 0,
                normalOffset: Double = 0) {
        self.init(glyph: glyph, cluster: cluster, fontIndex: fontIndex, size: size, origin: origin,
                  direction: Vector(cos(angle.radians), sin(angle.radians)), advance: advance, scaleX: scaleX, runIndex: runIndex,
                  color: color, pathDistance: pathDistance, normalOffset: normalOffset)
    }

    /// The transform from the glyph's outline space (pixels, y down, origin at the glyph origin) to the canvas:
    /// a translation to ``origin`` after a turn to ``direction`` after a scale by ``scaleX`` along the baseline,
    /// after a synthesized oblique's shear (x −= skew · y: ink above the baseline leans forward).
    @inlinable public var transform: Affine {
        let m = Affine(direction.x * scaleX, direction.y * scaleX, -direction.y, direction.x, origin.x, origin.y)
        return synthesis.oblique ? m * Affine(1, 0, -synthesis.skew, 1, 0, 0) : m
    }

    /// The glyph's outline in font units, y up: emboldened for a synthesized bold (``SyntheticStyle``).
    /// Drawn through ``transform`` times a scale of (size / unitsPerEm, −size / unitsPerEm).
    /// - Parameter font: the glyph's font (``PlacedLabel/font(of:)``; ``PlacedLabel/outline(of:)`` passes it).
    public func outline(font: Typeface) -> BezPath { font.outline(glyph: glyph, emboldened: synthesis.bold) }

    /// The glyph's outline in pixels, y down, relative to its origin (emboldened for a synthesized bold,
    /// and sheared for a synthesized oblique: ``transform`` without its shear maps it to the canvas).
    /// - Parameter font: the glyph's font (``PlacedLabel/font(of:)``).
    public func pixelOutline(font: Typeface) -> BezPath {
        font.outline(glyph: glyph, size: size, emboldened: synthesis.bold).transformed(by: Affine(1, 0, -synthesis.skew, 1, 0, 0))
    }

    /// The glyph's ink box on the canvas: the outline's bounding box in glyph space, rotated into place.
    /// Corners in order: bottom-left, bottom-right, top-right, top-left (in the glyph's own frame).
    /// Empty glyphs (spaces) give four copies of the origin. A colour bitmap glyph (emoji) gives its
    /// bitmap's box; a COLR glyph the box of its layers.
    /// - Parameter font: the glyph's font (``PlacedLabel/font(of:)``; ``PlacedLabel/inkBox(of:padding:)`` passes it).
    public func inkBox(font: Typeface) -> [Point] { inkBox(font: font, padding: 0) }

    /// The ink box grown by `padding` pixels on every side in the glyph's own frame (a halo's reach), so
    /// it encloses a round-joined stroke of width 2·`padding` of the outline.
    /// - Parameter font: the glyph's font (``PlacedLabel/font(of:)``).
    public func inkBox(font: Typeface, padding: Double) -> [Point] {
        let c = inkCorners(font: font, padding: padding)
        return [c.0, c.1, c.2, c.3]
    }

    /// ``inkBox(font:padding:)``'s four corners, in the same order, without an array (for jobs that test many
    /// glyphs' boxes against each other).
    package func inkCorners(font: Typeface, padding: Double = 0) -> (Point, Point, Point, Point) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        if font.hasColorGlyphs, let color = font.colorGlyph(glyph, size: size) {
            var outline = font.outline(glyph: glyph, size: size, emboldened: synthesis.bold)
            switch color {
            case .bitmap(let b):
                let t = b.transform(size: size)
                outline = BezPath.polyline([Point(0, 0), Point(Double(b.width), 0), Point(Double(b.width), Double(b.height)),
                                            Point(0, Double(b.height))].map { t.apply($0) }, closed: true)
            case .layers(let layers):
                for layer in layers where layer.group == nil { outline.subpaths += font.outline(glyph: layer.glyph, size: size).subpaths }
            }
            let box = outline.controlBox
            minX = box.minX; minY = box.minY; maxX = box.maxX; maxY = box.maxY
        } else {
            // The box of the pixel outline (the font-unit outline scaled by (k, −k)) is the scaled box of
            // the font-unit outline, to the bit: see BezPath.controlBox.
            let box = font.outlineControlBox(glyph: glyph, emboldened: synthesis.bold)
            if box.minX <= box.maxX {
                let k = size / Double(font.unitsPerEm), scale = Affine.scale(k, -k)
                let low = scale.apply(Point(box.minX, box.maxY)), high = scale.apply(Point(box.maxX, box.minY))
                minX = low.x; minY = low.y; maxX = high.x; maxY = high.y
            }
        }
        guard minX.isFinite else { return (origin, origin, origin, origin) }
        if padding > 0 {
            let px = padding / max(scaleX, 1e-9)   // the box is scaled along x by scaleX afterwards
            minX -= px; maxX += px; minY -= padding; maxY += padding
        }
        let m = transform
        return (m.apply(Point(minX, maxY)), m.apply(Point(maxX, maxY)), m.apply(Point(maxX, minY)), m.apply(Point(minX, minY)))
    }
}

/// One label laid out on a path.
public struct PlacedLabel: Sendable {
    /// The glyphs that were placed, in visual order.
    public var glyphs: [PlacedGlyph]
    /// The fonts the glyphs come from, each once: ``PlacedGlyph/fontIndex`` indexes this (the shaped
    /// line's ``ShapedLine/fonts``; a font may be listed that no placed glyph uses).
    public var fonts: [Typeface] = []
    /// The length of the path the rule measured along (the parallel curve's, with `shift: .parallel`).
    public var pathLength: Double
    /// Whether the upright rule laid the label out on the reversed path.
    public var flipped: Bool
    /// Whether clusters fell off the path (dropped, or the label did not fit at the minimum size).
    public var overflow: Bool
    /// The size the label was set at, in pixels per em (smaller than asked when `shrink` acted).
    public var size: Double
    /// Clusters (UTF-8 offsets) dropped because their midpoints fell off the path, or cut for the ellipsis.
    public var droppedClusters: [Int]
    /// The total advance W of the label, after fitting and letter spacing.
    public var advance: Double
    /// The start of the label along the path, s0 (in the direction of the path actually used).
    public var start: Double
    /// Set when `maxAngle` rejected the placement: the largest turn found between neighbouring clusters, degrees.
    public var rejectedAngle: Double?
    /// Whether the glyphs' outlines are to be bent along the path (``WarpMode/bend``).
    public var warp: WarpMode
    /// What the caller should know: characters drawn as `.notdef`, clusters dropped or cut, a shrink
    /// applied, a placement rejected, and anything else shaping reported.
    public var diagnostics: [LabelDiagnostic] = []
    /// The measured path the label was placed on (reversed when flipped; the parallel curve with a
    /// parallel shift): what the ``WarpMode/bend`` warp maps outlines through.
    public var measure: PathMeasure?
    /// The decoration lines along the label, in the order asked.
    public var decorations: [DecorationBand] = []
    /// The halo drawn under the label's fills, if any.
    public var halo: Halo?
    /// The paint of each run, indexed by ``PlacedGlyph/runIndex``, when any run is painted with more than
    /// one flat colour (a gradient, a stroke, an opacity); empty otherwise, and each glyph is then filled
    /// with its ``PlacedGlyph/color``. See ``paint(of:)``.
    public var paints: [RunPaint] = []
    /// Horizontal writing, or vertical writing down the path (see ``PlacedGlyph/upright``).
    public var writingMode: WritingMode = .horizontal
    /// In vertical writing, each placed cluster's cell on the column and its turn (``ClusterCell``), in
    /// visual order; empty in horizontal writing and with ``PlacementMethod/chord``.
    public var cells: [ClusterCell] = []
    /// The number of lines the label is set on (``OverflowPolicy/wrap``); 1 for a single line. With
    /// several, ``glyphs`` holds line 0's first (each glyph knows its ``PlacedGlyph/line``), ``advance``
    /// is the longest line's, and ``pathLength``, ``start`` and ``measure`` are those of the line on the path.
    public var lines: Int = 1

    /// Whether `maxAngle` rejected the placement.
    public var rejected: Bool { rejectedAngle != nil }

    /// The font that supplies `glyph`, a glyph of this label.
    @inlinable public func font(of glyph: PlacedGlyph) -> Typeface { fonts[glyph.fontIndex] }

    /// `glyph`'s outline in font units, y up (``PlacedGlyph/outline(font:)`` in its font).
    public func outline(of glyph: PlacedGlyph) -> BezPath { glyph.outline(font: font(of: glyph)) }

    /// `glyph`'s outline in pixels relative to its origin (``PlacedGlyph/pixelOutline(font:)`` in its font).
    public func pixelOutline(of glyph: PlacedGlyph) -> BezPath { glyph.pixelOutline(font: font(of: glyph)) }

    /// `glyph`'s ink box on the canvas grown by `padding` (``PlacedGlyph/inkBox(font:padding:)`` in its font).
    public func inkBox(of glyph: PlacedGlyph, padding: Double = 0) -> [Point] {
        glyph.inkBox(font: font(of: glyph), padding: padding)
    }
}

extension PlacedLabel: CustomStringConvertible {
    /// A one-line summary: glyph count, flags, size and the stretch used.
    public var description: String {
        "PlacedLabel(\(glyphs.count) glyphs, pathLength: \(pathLength), start: \(start), advance: \(advance), "
            + "flipped: \(flipped), overflow: \(overflow), size: \(size), dropped: \(droppedClusters.count)"
            + (rejectedAngle.map { ", rejected at \($0)°" } ?? "") + ")"
    }
}
