import Geometry

/// An anti-aliasing scan converter with exact area coverage, in the spirit of font-rs.
///
/// ## How it works
/// The path is transformed and flattened to polylines (``tolerance`` pixels, default 0.1). Each line is
/// walked row by row; within a row it deposits, into a float *accumulation buffer* one cell per pixel,
/// the signed differences of the area it leaves to its right (`+dy` for downward edges, `−dy` for upward
/// ones), split exactly among the cells it crosses. A prefix sum along each row then turns the
/// differences into the integral of the winding number over every pixel, and the fill rule maps that to
/// coverage: `min(1, |w|)` for non-zero, the triangle wave `1 − |(w mod 2) − 1|` for even-odd.
///
/// ## What is exact
/// The integral of the winding number over each pixel is exact for the polygon (up to `Float` rounding),
/// whatever the number of contours, their directions and overlaps: accumulation is signed, never `abs`
/// per edge. The rule is applied to that per-pixel integral, so coverage is exact wherever the winding
/// number inside one pixel takes at most two adjacent values (0 and ±1, 1 and 2, …), which is every pixel
/// except those crossed by edges of two contours at once. There, as in FreeType's, stb_truetype's and
/// tiny-skia's renderers, coverage is approximate: a pixel half at winding 0 and half at winding 2 (two
/// coincident edges of same-direction contours) reads as full under non-zero. Interiors are exact under
/// both rules for overlapping, self-intersecting and oppositely wound contours.
///
/// ## Clipping
/// Only pixels inside the clip rectangle are computed, but geometry outside still counts: parts of lines
/// left of the clip are moved onto its left edge (keeping their vertical extent, hence their winding),
/// parts right of it are dropped (they cannot affect pixels to their left), and parts above or below are
/// cut off.
///
/// A rasterizer keeps its scratch buffers between calls; reuse one (per thread) for many glyphs.
/// The accumulation buffer is all zeros between calls: the final pass clears what it reads. The lines
/// also mark, per row, which blocks of cells they wrote to, so that the final pass reads only those and
/// fills the runs between them with the coverage they carry, as FreeType fills its spans.
public struct Rasterizer: Sendable {
    /// The largest distance, in device pixels, between a curve and the chords that replace it.
    public var tolerance: Double

    /// Flattened geometry in device pixels: what is filled.
    var contours = FlattenedContours()
    /// The flattened path whose stroke is being built.
    var strokeSource = FlattenedContours()
    /// At least `(width + 2) × height` cells, zero between calls.
    private var accumulation: [Float] = []
    /// For each row, a bit per block of cells that a line wrote to; zero between calls.
    private var touched: [UInt64] = []

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
    public mutating func rasterize(_ path: Path, transform: Affine = .identity, rule: FillRule = .nonZero,
                                   clip: PixelRect? = nil) -> CoverageMask {
        var mask = CoverageMask()
        rasterize(path, transform: transform, rule: rule, clip: clip, into: &mask)
        return mask
    }

    /// Like ``rasterize(_:transform:rule:clip:)`` but reuses `mask`'s storage, so that rendering many
    /// glyphs allocates nothing once the buffers have grown.
    public mutating func rasterize(_ path: Path, transform: Affine = .identity, rule: FillRule = .nonZero,
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
        mask.reset(to: rect)
        // Each row is split into at most 64 blocks of 2^shift cells (at least 4, one SIMD vector), and a
        // row's bit set records the blocks that lines wrote to; only those are read back.
        var shift = 2
        while (rect.width + 2) > 64 << shift { shift += 1 }
        let block = 1 << shift
        let stride = (rect.width + 2 + block - 1) & ~(block - 1)
        let rows = rect.height
        let cells = stride * rows
        if accumulation.count < cells { accumulation = [Float](repeating: 0, count: cells) }
        if touched.count < rows { touched = [UInt64](repeating: 0, count: rows) }
        let originX = Double(rect.x), originY = Double(rect.y)
        let w = Double(rect.width), h = Double(rect.height)
        let grid = Grid(stride: stride, rows: rows, shift: shift)
        // When the clip holds the whole box (the usual case for glyphs), every line already lies within
        // the mask and needs no clipping; unless the box was clamped to ±2²⁴ (see ``FlattenedContours``).
        let limit = 1 << 24
        let unclipped = rect == box && box.x > -limit && box.y > -limit && box.maxX < limit && box.maxY < limit
        accumulation.withUnsafeMutableBufferPointer { accBuf in
            touched.withUnsafeMutableBufferPointer { touchedBuf in
                let acc = accBuf.baseAddress!, used = touchedBuf.baseAddress!
                contours.withPoints { c in
                    var start = 0
                    for end in contours.ends {
                        // Lines p[i-1] → p[i], then the closing line p[end-1] → p[start].
                        var px = c[end - 1].x - originX, py = c[end - 1].y - originY
                        if unclipped {
                            for i in start..<end {
                                let qx = c[i].x - originX, qy = c[i].y - originY
                                Self.cell(acc, used, grid, px, py, qx, qy)
                                px = qx; py = qy
                            }
                        } else {
                            for i in start..<end {
                                let qx = c[i].x - originX, qy = c[i].y - originY
                                Self.addLine(acc, used, grid, w: w, h: h, px, py, qx, qy)
                                px = qx; py = qy
                            }
                        }
                        start = end
                    }
                }
                mask.coverage.withUnsafeMutableBufferPointer { out in
                    Self.resolve(acc, used, grid, width: rect.width, rule: rule, out.baseAddress!)
                }
            }
        }
    }

    /// The layout of the accumulation buffer: `rows` rows of `stride` cells, each row in blocks of
    /// `1 << shift` cells whose use is recorded in one bit of the row's word.
    struct Grid {
        var stride: Int
        var rows: Int
        var shift: Int
    }

    /// Clips the line (`ax`, `ay`) → (`bx`, `by`), in mask-relative pixels, to the rows `0..<h` and the
    /// columns `0..<w` (moving parts left of column 0 onto it) and accumulates what remains.
    @inline(__always)
    static func addLine(_ acc: UnsafeMutablePointer<Float>, _ used: UnsafeMutablePointer<UInt64>, _ grid: Grid,
                        w: Double, h: Double, _ ax0: Double, _ ay0: Double, _ bx0: Double, _ by0: Double) {
        var ax = ax0, ay = ay0, bx = bx0, by = by0
        if ay == by || (ay <= 0 && by <= 0) || (ay >= h && by >= h) || (ax >= w && bx >= w) { return }
        if ay < 0 || by < 0 || ay > h || by > h {
            let dxdy = (bx - ax) / (by - ay)
            if ay < 0 { ax += (0 - ay) * dxdy; ay = 0 } else if ay > h { ax += (h - ay) * dxdy; ay = h }
            if by < 0 { bx += (0 - by) * dxdy; by = 0 } else if by > h { bx += (h - by) * dxdy; by = h }
            if ax >= w && bx >= w { return }
        }
        if ax >= 0 && bx >= 0 && ax <= w && bx <= w {
            cell(acc, used, grid, ax, ay, bx, by)
            return
        }
        // Cut at x = 0 and x = w, in the order the line meets them; clamp each piece into [0, w].
        let dydx = (by - ay) / (bx - ax)
        let (c0, c1) = bx > ax ? (0.0, w) : (w, 0.0)
        var sx = ax, sy = ay
        if (c0 > ax) != (c0 > bx) && c0 != ax {
            let cy = ay + (c0 - ax) * dydx
            piece(acc, used, grid, w: w, sx, sy, c0, cy)
            sx = c0; sy = cy
        }
        if (c1 > ax) != (c1 > bx) && c1 != ax {
            let cy = ay + (c1 - ax) * dydx
            piece(acc, used, grid, w: w, sx, sy, c1, cy)
            sx = c1; sy = cy
        }
        piece(acc, used, grid, w: w, sx, sy, bx, by)
    }

    @inline(__always)
    private static func piece(_ acc: UnsafeMutablePointer<Float>, _ used: UnsafeMutablePointer<UInt64>, _ grid: Grid,
                              w: Double,
                              _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        if ax >= w && bx >= w { return }
        cell(acc, used, grid, min(max(ax, 0), w), ay, min(max(bx, 0), w), by)
    }

    /// Accumulates a line lying within `[0, w] × [0, rows]` (mask-relative pixels).
    @inline(__always)
    private static func cell(_ acc: UnsafeMutablePointer<Float>, _ used: UnsafeMutablePointer<UInt64>, _ grid: Grid,
                             _ ax0: Double, _ ay0: Double, _ bx0: Double, _ by0: Double) {
        var dir: Float = 1
        var ax = Float(ax0), ay = Float(ay0), bx = Float(bx0), by = Float(by0)
        if ay > by { swap(&ax, &bx); swap(&ay, &by); dir = -1 }
        guard ay < by else { return }
        let dxdy = (bx - ax) / (by - ay)
        let lo = min(ax, bx), hi = max(ax, bx)
        var x = ax, y = ay
        var row = Int(ay)
        var line = acc + row * grid.stride
        // One step per row crossed, from (x, y) to (xNext, yNext).
        while row < grid.rows {
            let last = Float(row + 1) >= by
            let yNext = last ? by : Float(row + 1)
            let xNext = last ? bx : min(max(ax + dxdy * (yNext - ay), lo), hi)
            let d = (yNext - y) * dir
            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
            // Floor of a non-negative value without a libm call.
            let il = Int(xl)
            let xlFloor = Float(il)
            if xr <= xlFloor + 1 {
                // Within one column: the part right of the mean x stays in this pixel.
                let xm = 0.5 * (x + xNext) - xlFloor
                line[il] += d - d * xm
                line[il + 1] += d * xm
                used[row] |= (1 &<< UInt64(il &>> grid.shift)) | (1 &<< UInt64((il + 1) &>> grid.shift))
            } else {
                // Across columns: exact trapezoid areas, slope s = dy per unit of x.
                let ir0 = Int(xr)
                let ir = Float(ir0) < xr ? ir0 + 1 : ir0
                let xrCeil = Float(ir)
                let s = 1 / (xr - xl)
                let fl = xl - xlFloor
                let a0 = 0.5 * s * (1 - fl) * (1 - fl)
                let fr = xr - xrCeil + 1
                let am = 0.5 * s * fr * fr
                line[il] += d * a0
                if ir == il + 2 {
                    line[il + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - fl)
                    line[il + 1] += d * (a1 - a0)
                    let ds = d * s
                    var i = il + 2
                    while i < ir - 1 { line[i] += ds; i += 1 }
                    let a2 = a1 + Float(ir - il - 3) * s
                    line[ir - 1] += d * (1 - a2 - am)
                }
                line[ir] += d * am
                used[row] |= (UInt64.max &<< UInt64(il &>> grid.shift)) & (UInt64.max &>> (63 - UInt64(ir &>> grid.shift)))
            }
            if last { break }
            x = xNext; y = yNext
            row += 1
            line += grid.stride
        }
    }

    /// 1.5·2²³: adding it to a float in [0, 2²²) leaves the value rounded to an integer in the low mantissa
    /// bits (round to nearest even), which avoids the range checks of a trapping conversion.
    private static let roundingMagic: Float = 12_582_912

    /// `v` (in 0…255) rounded to a byte.
    @inline(__always) private static func byte(_ v: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (v + roundingMagic).bitPattern)
    }

    /// The coverage byte of a winding-number integral `sum` under `rule`.
    @inline(__always) private static func coverage(_ sum: Float, _ rule: FillRule) -> UInt8 {
        var a = abs(sum)
        if rule == .evenOdd {
            a -= 2 * (a * 0.5).rounded(.down)
            if a > 1 { a = 2 - a }
        }
        return byte(min(a, 1) * 255)
    }

    /// Prefix-sums each row, applies `rule`, writes bytes to `out` and zeroes the buffer and the marks.
    ///
    /// Only the marked blocks are read; between them the sum is constant, so the runs of pixels there
    /// are filled with one byte (`memset`).
    private static func resolve(_ acc: UnsafeMutablePointer<Float>, _ used: UnsafeMutablePointer<UInt64>,
                                _ grid: Grid, width: Int, rule: FillRule, _ out: UnsafeMutablePointer<UInt8>) {
        let zero = SIMD4<Float>(repeating: 0), one = SIMD4<Float>(repeating: 1)
        let scale = SIMD4<Float>(repeating: 255), magic = SIMD4<Float>(repeating: roundingMagic)
        let absMask = SIMD4<UInt32>(repeating: 0x7fff_ffff)
        for row in 0..<grid.rows {
            let line = acc + row * grid.stride
            let dst = out + row * width
            var bits = used[row]
            used[row] = 0
            var sum: Float = 0      // the running prefix sum
            var fill: UInt8 = 0     // its coverage byte
            var i = 0               // the first pixel not yet written
            while bits != 0 {
                // The next run of marked blocks: cells start..<end.
                let first = bits.trailingZeroBitCount
                let count = (~(bits &>> UInt64(first))).trailingZeroBitCount
                bits = first + count >= 64 ? 0 : bits & (UInt64.max &<< UInt64(first + count))
                let start = first << grid.shift, end = (first + count) << grid.shift
                let gap = Swift.min(start, width) - i
                if gap > 0 { (dst + i).initialize(repeating: fill, count: gap) }
                var j = start
                switch rule {
                case .nonZero:
                    // Four cells at a time: a prefix sum within the vector, plus the running total.
                    let raw = UnsafeMutableRawPointer(line)
                    var carry = SIMD4<Float>(repeating: sum)
                    var bytes = SIMD4<UInt8>(repeating: fill)
                    while j < end {
                        var v = raw.loadUnaligned(fromByteOffset: 4 * j, as: SIMD4<Float>.self)
                        raw.storeBytes(of: zero, toByteOffset: 4 * j, as: SIMD4<Float>.self)
                        v += SIMD4(0, v[0], v[1], v[2])
                        v += SIMD4(0, 0, v[0], v[1])
                        v += carry
                        carry = SIMD4(repeating: v[3])
                        // |v| by clearing the sign bits, then min(·, 1); written out because the generic
                        // pointwiseMin/Max are not inlined.
                        var a = unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & absMask, to: SIMD4<Float>.self)
                        a.replace(with: one, where: a .> one)
                        let c = a * scale + magic
                        bytes = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(c, to: SIMD4<UInt32>.self))
                        if j + 4 <= width {
                            UnsafeMutableRawPointer(dst + j).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
                        } else {
                            for k in 0..<4 where j + k < width { dst[j + k] = bytes[k] }
                        }
                        j += 4
                    }
                    sum = carry[0]
                    fill = bytes[3]
                case .evenOdd:
                    while j < end {
                        sum += line[j]; line[j] = 0
                        fill = coverage(sum, rule)
                        if j < width { dst[j] = fill }
                        j += 1
                    }
                }
                i = end
            }
            if width > i { (dst + i).initialize(repeating: fill, count: width - i) }
        }
    }
}
