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
/// ## Speed
/// A rasterizer keeps its scratch buffers between calls; reuse one (per thread) for many glyphs: once
/// warm it allocates nothing. The accumulation buffer is all zeros between calls: the final pass clears
/// what it reads. Rows are split into at most 64 blocks of cells, and each row step of a line marks the
/// blocks it wrote to (steep lines reuse the mark of the previous row); the final pass reads only marked
/// blocks, four cells per SIMD vector, and fills the runs between them with the coverage they carry, as
/// FreeType fills its spans. The walker keeps to `Float` and finds cells with a rounding trick instead
/// of trapping conversions (see ``Grid/cell(_:)``).
public struct Rasterizer: Sendable {
    /// The largest distance, in device pixels, between a curve and the chords that replace it.
    public var tolerance: Double

    /// Flattened geometry in device pixels: what is filled.
    var contours = FlattenedContours()
    /// The flattened path whose stroke is being built.
    var strokeSource = FlattenedContours()
    /// At least `stride × height` cells, zero between calls.
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
        // Each row is split into at most 64 blocks of 2^shift cells (at least 4, one SIMD vector). A line
        // touches cells up to column width + 1.
        var shift = 2
        while (rect.width + 2) > 64 << shift { shift += 1 }
        let stride = (rect.width + 2 + (1 << shift) - 1) & ~((1 << shift) - 1)
        let rows = rect.height
        if accumulation.count < stride * rows { accumulation = [Float](repeating: 0, count: stride * rows) }
        if touched.count < rows { touched = [UInt64](repeating: 0, count: rows) }
        let origin = SIMD2(Double(rect.x), Double(rect.y))
        let w = Double(rect.width), h = Double(rect.height)
        // When the clip holds the whole box (the usual case for glyphs), every line already lies within
        // the mask and needs no clipping; unless the box was clamped to ±2²⁴ (see ``FlattenedContours``).
        let limit = 1 << 24
        let unclipped = rect == box && box.x > -limit && box.y > -limit && box.maxX < limit && box.maxY < limit
        accumulation.withUnsafeMutableBufferPointer { accBuf in
            touched.withUnsafeMutableBufferPointer { touchedBuf in
                let grid = Grid(cells: accBuf.baseAddress!, marks: touchedBuf.baseAddress!, stride: stride,
                                rows: rows, shift: shift)
                contours.withPoints { p in
                    var start = 0
                    for end in contours.ends {
                        // Lines p[i-1] → p[i], then the closing line p[end-1] → p[start].
                        var a = p[end - 1] - origin
                        if unclipped {
                            var af = SIMD2<Float>(Float(a.x), Float(a.y))
                            for i in start..<end {
                                let b = p[i] - origin
                                let bf = SIMD2<Float>(Float(b.x), Float(b.y))
                                grid.line(af.x, af.y, bf.x, bf.y)
                                af = bf
                            }
                        } else {
                            for i in start..<end {
                                let b = p[i] - origin
                                grid.clippedLine(w: w, h: h, a.x, a.y, b.x, b.y)
                                a = b
                            }
                        }
                        start = end
                    }
                }
                mask.coverage.withUnsafeMutableBufferPointer { out in
                    grid.resolve(width: rect.width, rule: rule, into: out.baseAddress!)
                }
            }
        }
    }

    /// The largest mask side rasterized in one piece: the walker's cell arithmetic (see ``Grid/cell(_:)``)
    /// holds below 2²² cells.
    static let maxSide = 1 << 20

    /// Rasterizes a huge `rect` tile by tile (each clipped like any mask) and copies the tiles in.
    private mutating func rasterizeTiles(_ rect: PixelRect, rule: FillRule, into mask: inout CoverageMask) {
        mask.reset(to: rect)
        var tile = CoverageMask()
        for ty in Swift.stride(from: rect.y, to: rect.maxY, by: Self.maxSide) {
            for tx in Swift.stride(from: rect.x, to: rect.maxX, by: Self.maxSide) {
                let part = PixelRect(x: tx, y: ty, width: Swift.min(Self.maxSide, rect.maxX - tx),
                                     height: Swift.min(Self.maxSide, rect.maxY - ty))
                rasterizeContours(rule: rule, clip: part, into: &tile)
                for y in part.y..<part.maxY {
                    for x in part.x..<part.maxX { mask.coverage[(y - rect.y) * rect.width + (x - rect.x)] = tile[x, y] }
                }
            }
        }
    }
}

/// The accumulation buffer and its block marks, with the line walker and the final pass.
///
/// `rows` rows of `stride` cells (`stride ≥ width + 2`, a whole number of blocks), each row in blocks of
/// `1 << shift` cells whose use is recorded in one bit of the row's mark word.
struct Grid {
    let cells: UnsafeMutablePointer<Float>
    let marks: UnsafeMutablePointer<UInt64>
    let stride: Int
    let rows: Int
    let shift: Int

    /// 1.5·2²³: adding it to a float of magnitude below 2²² rounds that to an integer (to nearest, ties
    /// to even), left in the low mantissa bits of the sum; subtracting it again gives the integer as a
    /// float. This replaces Swift's trapping float-to-integer conversions, about ten instructions each.
    static let magic: Float = 12_582_912
    /// The bit pattern of ``magic``.
    static let magicBits: UInt32 = 0x4B40_0000

    /// For `0 ≤ v < 2²²`, a cell `i` with `i ≤ v ≤ i + 1`, and `i` as a float: `v − ½` rounded to nearest,
    /// which is `⌊v⌋` except at integers, where it may be `v − 1`. Both are right for the area formulas
    /// below, which only need `v` within the closed cell, and `i ≥ 0` still holds.
    @inline(__always) static func cell(_ v: Float) -> (Int, Float) {
        let r = (v - 0.5) + magic
        return (Int(r.bitPattern &- magicBits), r - magic)
    }

    /// The lesser of `a` and `b` (`b` when either is NaN): one `minss`, where `Swift.min`'s NaN rule
    /// costs a compare and three logic instructions.
    @inline(__always) static func lesser(_ a: Float, _ b: Float) -> Float { a < b ? a : b }

    /// The greater of `a` and `b` (`b` when either is NaN): one `maxss`.
    @inline(__always) static func greater(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

    /// `v` clamped to `[lo, hi]`; NaN becomes `lo`.
    @inline(__always) static func clamp(_ v: Float, _ lo: Float, _ hi: Float) -> Float {
        let a = v > lo ? v : lo
        return a < hi ? a : hi
    }

    // MARK: Lines

    /// Clips the line (`ax`, `ay`) → (`bx`, `by`), in mask-relative pixels, to the rows `0..<h` and the
    /// columns `0..<w` (moving parts left of column 0 onto it) and accumulates what remains. Works in
    /// `Double` since the coordinates may be far outside the mask.
    @inline(__always)
    func clippedLine(w: Double, h: Double, _ ax0: Double, _ ay0: Double, _ bx0: Double, _ by0: Double) {
        var ax = ax0, ay = ay0, bx = bx0, by = by0
        if ay == by || (ay <= 0 && by <= 0) || (ay >= h && by >= h) || (ax >= w && bx >= w) { return }
        if ay < 0 || by < 0 || ay > h || by > h {
            let dxdy = (bx - ax) / (by - ay)
            if ay < 0 { ax += (0 - ay) * dxdy; ay = 0 } else if ay > h { ax += (h - ay) * dxdy; ay = h }
            if by < 0 { bx += (0 - by) * dxdy; by = 0 } else if by > h { bx += (h - by) * dxdy; by = h }
            if ax >= w && bx >= w { return }
        }
        if ax >= 0 && bx >= 0 && ax <= w && bx <= w {
            piece(w: w, h: h, ax, ay, bx, by)
            return
        }
        // Cut at x = 0 and x = w, in the order the line meets them; clamp each piece into [0, w].
        let dydx = (by - ay) / (bx - ax)
        let (c0, c1) = bx > ax ? (0.0, w) : (w, 0.0)
        var sx = ax, sy = ay
        func cut(at c: Double) {
            guard (c > ax) != (c > bx) && c != ax else { return }
            let cy = ay + (c - ax) * dydx
            piece(w: w, h: h, sx, sy, c, cy)
            sx = c; sy = cy
        }
        cut(at: c0)
        cut(at: c1)
        piece(w: w, h: h, sx, sy, bx, by)
    }

    /// A piece of a clipped line: dropped right of the mask, clamped into it otherwise (NaN-safe, so
    /// that only coordinates within the mask reach ``line(_:_:_:_:)``).
    @inline(__always)
    private func piece(w: Double, h: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        if ax >= w && bx >= w { return }
        let fw = Float(w), fh = Float(h)
        line(Self.clamp(Float(ax), 0, fw), Self.clamp(Float(ay), 0, fh),
             Self.clamp(Float(bx), 0, fw), Self.clamp(Float(by), 0, fh))
    }

    /// Accumulates a line lying within `[0, width] × [0, rows]` (mask-relative pixels), one step per row.
    ///
    /// Each step marks the blocks of the cells it wrote to. Most steps stay within the cell of the
    /// previous one (steep lines), and reuse its mark.
    @inline(__always)
    func line(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        // Top to bottom; `dir` is the sign of the winding.
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, dir: Float = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); dir = -1 }
        guard y0 < y1 else { return }  // horizontal (or NaN): no area
        let (r0, r0f) = Self.cell(y0)
        let r1 = min(Self.cell(y1).0, rows &- 1)
        var row = cells + r0 &* stride
        var used = marks + r0
        if r0 >= r1 {
            used.pointee |= step(row, x0, x1, (y1 - y0) * dir)
            return
        }
        // Steps stay within [lo, hi] despite rounding, hence within the mask.
        let lo = Self.lesser(x0, x1), hi = Self.greater(x0, x1)
        let dxdy = (x1 - x0) / (y1 - y0)
        // The first row, from y0 down to its bottom edge.
        var x = Self.clamp(x0 + dxdy * (r0f + 1 - y0), lo, hi)
        used.pointee |= step(row, x0, x, (r0f + 1 - y0) * dir)
        // Whole rows: dy = 1. The cell of each end point, and its mark, carry over to the next row.
        var (ix, ixf) = Self.cell(x)
        var mark = pairMark(ix)
        var n = r1 &- r0 &- 1
        while n > 0 {
            row += stride; used += 1; n &-= 1
            let xn = Self.clamp(x + dxdy, lo, hi)
            let (ixn, ixnf) = Self.cell(xn)
            if ixn == ix {
                // Both ends within cell ix: the part right of the mean x spills into the next cell.
                let t = dir * (0.5 * (x + xn) - ixf)
                row[ix] += dir - t
                row[ix &+ 1] += t
            } else {
                used.pointee |= step(row, x, xn, dir)
                mark = pairMark(ixn)
            }
            used.pointee |= mark
            x = xn; ix = ixn; ixf = ixnf
        }
        // The last row, from its top edge down to y1.
        row += stride; used += 1
        used.pointee |= step(row, x, x1, (y1 - Float(r1)) * dir)
    }

    /// The mark of cells `i` and `i + 1`.
    @inline(__always) private func pairMark(_ i: Int) -> UInt64 {
        (1 &<< UInt64(truncatingIfNeeded: i &>> shift)) | (1 &<< UInt64(truncatingIfNeeded: (i &+ 1) &>> shift))
    }

    /// Accumulates the part of a line within one row, from `xa` to `xb` (in `[0, width]`), `d` being its
    /// height in the row times its winding; returns the mark of the cells written.
    @inline(__always)
    private func step(_ row: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ d: Float) -> UInt64 {
        let xl = Self.lesser(xa, xb), xr = Self.greater(xa, xb)
        let (il, ilf) = Self.cell(xl)
        if xr <= ilf + 1 {
            // Within one cell: the part right of the mean x spills into the next cell.
            let t = d * (0.5 * (xa + xb) - ilf)
            row[il] += d - t
            row[il &+ 1] += t
            return pairMark(il)
        }
        // Across cells il ... ir (ir ≥ il + 2): exact trapezoid areas, slope s = dy per unit of x.
        let (ic, icf) = Self.cell(xr)
        let ir = ic &+ 1
        let s = 1 / (xr - xl)
        let fl = xl - ilf
        let a0 = 0.5 * s * (1 - fl) * (1 - fl)
        let fr = xr - icf
        let am = 0.5 * s * fr * fr
        row[il] += d * a0
        if ir == il &+ 2 {
            row[il &+ 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - fl)
            row[il &+ 1] += d * (a1 - a0)
            let ds = d * s
            var i = il &+ 2
            while i < ir &- 1 { row[i] += ds; i &+= 1 }
            let a2 = a1 + Float(ir &- il &- 3) * s
            row[ir &- 1] += d * (1 - a2 - am)
        }
        row[ir] += d * am
        let first = UInt64(truncatingIfNeeded: il &>> shift), last = UInt64(truncatingIfNeeded: ir &>> shift)
        return (UInt64.max &<< first) & (UInt64.max &>> (63 &- last))
    }

    // MARK: Final pass

    /// Prefix-sums each row, applies `rule`, writes bytes to `out` (`width` per row) and zeroes the
    /// cells and marks it reads.
    func resolve(width: Int, rule: FillRule, into out: UnsafeMutablePointer<UInt8>) {
        // A small mask is cleared with one `memset` and the runs of zeros between blocks (the outside
        // and the holes) are then skipped; a large one is written once, run by run.
        let zeroed = width * rows <= 2048
        if zeroed { out.initialize(repeating: 0, count: width * rows) }
        switch rule {
        case .nonZero: resolveRows(width: width, evenOdd: false, zeroed: zeroed, out)
        case .evenOdd: resolveRows(width: width, evenOdd: true, zeroed: zeroed, out)
        }
    }

    /// The marked blocks are computed from their cells, a run of consecutive blocks at a time; the pixels
    /// between runs carry the coverage the last run ended on (the running sum does not change there).
    @inline(__always)
    private func resolveRows(width: Int, evenOdd: Bool, zeroed: Bool, _ out: UnsafeMutablePointer<UInt8>) {
        // Cells up to `whole` are read four at a time and stored as four bytes; the rest of a row's last
        // vector (up to three pixels) is stored byte by byte, and cells beyond are only cleared.
        let whole = width & ~3
        var row = cells, dst = out, used = marks
        for _ in 0..<rows {
            var bits = used.pointee
            used.pointee = 0
            var carry = SIMD4<Float>.zero  // the running sum, in every lane
            var fill: UInt32 = 0           // its coverage byte, in every byte
            var i = 0                      // the first pixel not yet written
            while bits != 0 {
                // The lowest run of set bits: blocks first ..< first + count.
                let first = bits.trailingZeroBitCount
                let count = (~(bits &>> UInt64(truncatingIfNeeded: first))).trailingZeroBitCount
                bits &= bits &+ (bits & (0 &- bits))
                let start = first &<< shift, end = (first &+ count) &<< shift
                let gap = Swift.min(start, width)
                if gap > i && (!zeroed || fill != 0) { Self.fill(dst + i, gap &- i, fill) }
                var j = start
                let stop = Swift.min(end, whole)
                while j < stop {
                    let bytes = Self.coverage(row + j, &carry, evenOdd)
                    UnsafeMutableRawPointer(dst + j).storeBytes(of: bytes, as: UInt32.self)
                    fill = bytes
                    j &+= 4
                }
                if end > whole {
                    if j < width {
                        // The row's last, partial vector.
                        let bytes = Self.coverage(row + j, &carry, evenOdd)
                        var k = 0
                        while j &+ k < width { dst[j &+ k] = UInt8(truncatingIfNeeded: bytes &>> (8 &* k)); k &+= 1 }
                        j &+= 4
                    }
                    while j < end {
                        UnsafeMutableRawPointer(row + j).storeBytes(of: SIMD4<Float>.zero, as: SIMD4<Float>.self)
                        j &+= 4
                    }
                    i = width
                    break  // no block lies beyond
                }
                fill = (fill &>> 24) &* 0x0101_0101
                i = end
            }
            if i < width && (!zeroed || fill != 0) { Self.fill(dst + i, width &- i, fill) }
            row += stride; dst += width; used += 1
        }
    }

    /// Writes `count` (≥ 0) copies of the byte repeated in `pattern`.
    @inline(__always)
    private static func fill(_ p: UnsafeMutablePointer<UInt8>, _ count: Int, _ pattern: UInt32) {
        if count > 64 {
            p.initialize(repeating: UInt8(truncatingIfNeeded: pattern), count: count)
            return
        }
        let raw = UnsafeMutableRawPointer(p), wide = SIMD4<UInt32>(repeating: pattern)
        var k = 0
        while k &+ 16 <= count { raw.storeBytes(of: wide, toByteOffset: k, as: SIMD4<UInt32>.self); k &+= 16 }
        while k &+ 4 <= count { raw.storeBytes(of: pattern, toByteOffset: k, as: UInt32.self); k &+= 4 }
        while k < count { p[k] = UInt8(truncatingIfNeeded: pattern); k &+= 1 }
    }

    /// The coverage bytes (little-endian) of the four cells at `cells`, which are zeroed; `carry` holds the
    /// running sum before them, and after.
    @inline(__always)
    private static func coverage(_ cells: UnsafeMutablePointer<Float>, _ carry: inout SIMD4<Float>,
                                 _ evenOdd: Bool) -> UInt32 {
        let raw = UnsafeMutableRawPointer(cells)
        var v = raw.loadUnaligned(as: SIMD4<Float>.self)
        raw.storeBytes(of: SIMD4<Float>.zero, as: SIMD4<Float>.self)
        // Prefix sum within the vector: add each lane to the next within pairs (64-bit lanes shifted
        // by 32 bits), then the first pair's total to the second pair.
        v += unsafeBitCast(unsafeBitCast(v, to: SIMD2<UInt64>.self) &<< 32, to: SIMD4<Float>.self)
        v += SIMD4(lowHalf: .zero, highHalf: SIMD2(repeating: v[1]))
        v += carry
        carry = SIMD4(repeating: v[3])
        var a = unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7fff_ffff, to: SIMD4<Float>.self)
        if evenOdd {
            // Distance to the nearest even number: |a − 2·round(a/2)|.
            let half = (a * 0.5 + magic) - magic
            a = unsafeBitCast(unsafeBitCast(a - 2 * half, to: SIMD4<UInt32>.self) & 0x7fff_ffff, to: SIMD4<Float>.self)
        }
        // round(255·a) as an integer by the magic-number trick (monotonic in a, so every a ≥ 1 gives at
        // least 255, however large), then clamped to 0…255: LLVM turns the clamp and the narrowing into
        // SSE2's two saturating packs, where clamping the float first costs a compare, two packs and a blend.
        let k = unsafeBitCast(a * 255 + magic, to: SIMD4<Int32>.self) &- Int32(bitPattern: magicBits)
        let low = k.replacing(with: 0, where: k .< 0)
        let c = low.replacing(with: 255, where: low .> 255)
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: c), to: UInt32.self)
    }
}
