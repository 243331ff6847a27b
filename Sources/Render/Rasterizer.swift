import CRasterKernel
import Geometry

/// An anti-aliasing scan converter with exact area coverage, in the spirit of font-rs.
///
/// ## How it works
/// The path is transformed and flattened to polylines (``tolerance`` pixels, default 0.1). The kernel
/// (the C target `CRasterKernel`) converts each point once to 16.16 fixed point and walks each line row by
/// row; within a row it deposits, into an integer *accumulation buffer* one cell per pixel, the signed
/// differences of the area it leaves to its right (`+dy` for downward edges, `−dy` for upward ones), split
/// exactly among the cells it crosses, in units of 2⁻¹⁶ square pixels. A prefix sum along each row then
/// turns the differences into the integral of the winding number over every pixel, and the fill rule maps
/// that to coverage: `min(1, |w|)` for non-zero, the triangle wave `1 − |(w mod 2) − 1|` for even-odd.
///
/// ## What is exact
/// The integral of the winding number over each pixel is exact for the polygon (up to the 2⁻¹⁶ px grid of
/// the points and the rounding of each deposit to 2⁻¹⁶ px²), whatever the number of contours, their
/// directions and overlaps: accumulation is signed, never `abs` per edge, and the deposits of a line
/// telescope exactly, so a row's sum returns to exactly zero after a closed shape. The rule is applied to
/// that per-pixel integral, so coverage is exact wherever the winding number inside one pixel takes at
/// most two adjacent values (0 and ±1, 1 and 2, …), which is every pixel except those crossed by edges of
/// two contours at once. There, as in FreeType's, stb_truetype's and tiny-skia's renderers, coverage is
/// approximate: a pixel half at winding 0 and half at winding 2 (two coincident edges of same-direction
/// contours) reads as full under non-zero. Interiors are exact under both rules for overlapping,
/// self-intersecting and oppositely wound contours (up to a winding of ±32 767, where the 32-bit sums wrap).
///
/// ## Clipping
/// Only pixels inside the clip rectangle are computed, but geometry outside still counts: parts of lines
/// left of the clip are moved onto its left edge (keeping their vertical extent, hence their winding),
/// parts right of it are dropped (they cannot affect pixels to their left), and parts above or below are
/// cut off.
///
/// ## Speed
/// A rasterizer keeps its scratch buffers between calls; reuse one (per thread) for many glyphs: once
/// warm it allocates nothing. The accumulation buffer is all zeros between calls: the final pass clears
/// what it reads. For narrow masks (most glyphs) the cells are one run of width × height and the final
/// pass is a single prefix sum over all of them, 16 cells a step, as font-rs does (each row's deposits sum
/// to zero, so the sum carried into the next row is exact). For wider ones each row step of a line marks
/// the 8-cell blocks it wrote to (one byte per block); the final pass reads only marked blocks and fills
/// the runs between them with the coverage they carry, as FreeType fills its spans. Eight cells are one
/// AVX2 vector (two SSE2 vectors on CPUs without AVX2, chosen at run time). Every path and layout gives
/// the same bytes (integer sums are exact in any order).
public struct Rasterizer: Sendable {
    /// The largest distance, in device pixels, between a curve and the chords that replace it.
    public var tolerance: Double

    /// Which final pass the kernel runs; ``RasterKernel/automatic`` (the CPU's best) unless a test or a
    /// benchmark asks for another.
    package var kernel: RasterKernel = .automatic

    /// How the kernel lays out its cells; ``RasterLayout/automatic`` unless a test or a benchmark forces one.
    package var layout: RasterLayout = .automatic

    /// Flattened geometry in device pixels: what is filled.
    var contours = FlattenedContours()
    /// The flattened path whose stroke is being built.
    var strokeSource = FlattenedContours()
    /// At least `stride × height` cells, zero between calls.
    private var accumulation: [UInt32] = []
    /// For each row, a byte per 8-cell block that a line wrote to; zero between calls.
    private var marks: [UInt8] = []

    /// Creates a rasterizer whose curves are flattened within `tolerance` device pixels.
    public init(tolerance: Double = 0.1) { self.tolerance = tolerance }

    /// The coverage of `path`, mapped by `transform`, over its pixel bounding box clipped to `clip`.
    ///
    /// - Parameters:
    ///   - path: the shape; open subpaths are filled as if closed.
    ///   - transform: maps path coordinates to device pixels (y down).
    ///   - rule: the fill rule.
    ///   - clip: the pixels of interest, usually the canvas; `nil` for the whole bounding box.
    /// - Returns: an empty mask when the path is empty, outside `clip`, or has non-finite coordinates.
    public mutating func rasterize(_ path: BezPath, transform: Affine = .identity, rule: FillRule = .nonZero,
                                   clip: PixelRect? = nil) -> CoverageMask {
        Self.newMask { rasterize(path, transform: transform, rule: rule, clip: clip, into: &$0) }
    }

    /// A new mask, filled by `fill` (the `into:` form of a query).
    static func newMask(_ fill: (inout CoverageMask) -> Void) -> CoverageMask {
        var mask = CoverageMask()
        fill(&mask)
        return mask
    }

    /// Like ``rasterize(_:transform:rule:clip:)`` but reuses `mask`'s storage, so that rendering many
    /// glyphs allocates nothing once the buffers have grown.
    public mutating func rasterize(_ path: BezPath, transform: Affine = .identity, rule: FillRule = .nonZero,
                                   clip: PixelRect? = nil, into mask: inout CoverageMask) {
        contours.removeAll()
        contours.append(path, transform: transform, tolerance: tolerance)
        rasterizeContours(rule: rule, clip: clip, into: &mask)
    }

    /// Rasterizes the current ``contours`` (each implicitly closed) into `mask`.
    mutating func rasterizeContours(rule: FillRule, clip: PixelRect?, into mask: inout CoverageMask) {
        guard let box = contours.pixelBounds else { mask.reset(to: .empty); return }
        let rect = clip.map { box.intersection($0) } ?? box
        guard !rect.isEmpty else { mask.reset(to: .empty); return }
        if rect.width > Self.maxSide || rect.height > Self.maxSide { return rasterizeTiles(rect, rule: rule, into: &mask) }
        mask.reset(to: rect)
        // Cells up to column width + 1 are written (a line at x = width spills into the next cell), in whole
        // blocks of 8; the marks of a row in whole 16-byte vectors.
        let stride = (rect.width + 2 + 7) & ~7
        let markStride = (stride / 8 + 15) & ~15
        let rows = rect.height
        if accumulation.count < stride * rows { accumulation = [UInt32](repeating: 0, count: stride * rows) }
        if marks.count < markStride * rows { marks = [UInt8](repeating: 0, count: markStride * rows) }
        // When the clip holds the whole box (the usual case for glyphs), every line already lies within
        // the mask and needs no clipping; unless the box was clamped to ±2²⁴ (see ``FlattenedContours``).
        let limit = 1 << 24
        let unclipped = rect == box && box.x > -limit && box.y > -limit && box.maxX < limit && box.maxY < limit
        let kernel = self.kernel.id, layout = self.layout.id
        var filled: Int32 = 0
        accumulation.withUnsafeMutableBufferPointer { cells in
            marks.withUnsafeMutableBufferPointer { marks in
                mask.coverage.withUnsafeMutableBufferPointer { out in
                    contours.ends.withUnsafeBufferPointer { ends in
                        contours.withPoints { points in
                            points.withMemoryRebound(to: Double.self, capacity: 2 * contours.pointCount) { xy in
                                var job = pt_raster_job(
                                    points: xy, ends: ends.baseAddress, contour_count: ends.count,
                                    origin_x: Double(rect.x), origin_y: Double(rect.y),
                                    width: Int32(rect.width), height: Int32(rows), clip: unclipped ? 0 : 1,
                                    even_odd: rule == .evenOdd ? 1 : 0, layout: layout,
                                    cells: cells.baseAddress, cell_stride: stride,
                                    marks: marks.baseAddress, mark_stride: markStride, out: out.baseAddress)
                                filled = pt_raster_fill(&job, kernel)
                            }
                        }
                    }
                }
            }
        }
        // The kernel refuses a job it cannot draw (sizes or strides out of range; never for the buffers made
        // above) and then writes nothing: an empty mask, never stale bytes.
        if filled == 0 { mask.reset(to: .empty) }
    }

    /// The largest mask side rasterized in one piece: the kernel's 16.16 coordinates stay below 2³⁰.
    static let maxSide = Int(PT_RASTER_MAX_SIDE)

    /// Rasterizes a huge `rect` tile by tile (each clipped like any mask) and copies the tiles in.
    private mutating func rasterizeTiles(_ rect: PixelRect, rule: FillRule, into mask: inout CoverageMask) {
        mask.reset(to: rect)
        mask.coverage.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        var tile = CoverageMask()
        for ty in Swift.stride(from: rect.y, to: rect.maxY, by: Self.maxSide) {
            for tx in Swift.stride(from: rect.x, to: rect.maxX, by: Self.maxSide) {
                let part = PixelRect(x: tx, y: ty, width: Swift.min(Self.maxSide, rect.maxX - tx),
                                     height: Swift.min(Self.maxSide, rect.maxY - ty))
                rasterizeContours(rule: rule, clip: part, into: &tile)
                // The tile's bounds lie within `part` (empty when nothing of the shape is there); copied row by row.
                let b = tile.bounds
                guard !b.isEmpty else { continue }
                tile.coverage.withUnsafeBufferPointer { src in
                    mask.coverage.withUnsafeMutableBufferPointer { dst in
                        for y in b.y..<b.maxY {
                            let from = src.baseAddress! + (y - b.y) * b.width
                            (dst.baseAddress! + (y - rect.y) * rect.width + (b.x - rect.x)).update(from: from, count: b.width)
                        }
                    }
                }
            }
        }
    }
}
