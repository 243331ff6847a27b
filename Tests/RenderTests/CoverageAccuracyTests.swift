import Testing
import Geometry
@testable import Shaping
@testable import Render

/// How close our coverage and FreeType's come to the exact coverage of real glyph outlines.
///
/// The exact coverage is estimated by 16 × 16 supersampling of the outline flattened to within 1/500 px:
/// each pixel's coverage is the fraction of its 256 sample points (at the centres of a 16 × 16 grid)
/// inside the shape. Both rasterizers are measured against that same reference, over the pixels where
/// any of the three is partial (the edges: inside and outside are exact for all), and ours must be no
/// worse than FreeType's by more than a small margin, under both fill rules, on every path of the kernel's
/// final pass that this CPU has (scalar, SSE2, AVX2).
@Suite struct CoverageAccuracyTests {
    static let samples: [(font: String, text: String)] = [
        ("NotoSans-Regular.ttf", "Rag&8@ßQ"),
        ("NotoSansArabic-Regular.ttf", "مرحبا"),
        ("NotoSansDevanagari-Regular.ttf", "क्षत्रि"),
    ]

    /// Subsamples per pixel side.
    static let grid = 16

    /// Coverage of `path` (pixels, y down) by `grid`² samples per pixel over `rect`, in 0…1, row-major.
    static func supersampled(_ path: BezPath, over rect: PixelRect, evenOdd: Bool) -> [Double] {
        let n = grid, rows = rect.height * n
        // The crossings of each sample row with the polygon's edges: x and winding direction.
        var crossings = [[(x: Double, dir: Int)]](repeating: [], count: rows)
        for poly in path.flattened(tolerance: 0.002) {
            guard poly.count > 1 else { continue }
            for i in poly.indices {
                let p = poly[i], q = poly[(i + 1) % poly.count]
                guard p.y != q.y else { continue }
                let (lo, hi, dir) = p.y < q.y ? (p, q, 1) : (q, p, -1)
                // Sample rows k at y = rect.y + (k + ½)/n with lo.y ≤ y < hi.y (half-open: shared vertices count once).
                let first = max(0, Int(((lo.y - Double(rect.y)) * Double(n) - 0.5).rounded(.up)))
                let last = min(rows - 1, Int(((hi.y - Double(rect.y)) * Double(n) - 0.5).rounded(.up)) - 1)
                guard first <= last else { continue }
                for k in first...last {
                    let y = Double(rect.y) + (Double(k) + 0.5) / Double(n)
                    crossings[k].append((lo.x + (y - lo.y) * (hi.x - lo.x) / (hi.y - lo.y), dir))
                }
            }
        }
        var hits = [Int](repeating: 0, count: rect.area)
        for k in 0..<rows {
            let row = (k / n) * rect.width
            let sorted = crossings[k].sorted { $0.x < $1.x }
            var winding = 0
            for j in sorted.indices.dropLast() {
                winding += sorted[j].dir
                guard evenOdd ? winding % 2 != 0 : winding != 0 else { continue }
                // Sample columns s (x = rect.x + (s + ½)/n) with crossing j ≤ x < crossing j + 1.
                let s0 = max(0, Int(((sorted[j].x - Double(rect.x)) * Double(n) - 0.5).rounded(.up)))
                let s1 = min(rect.width * n, Int(((sorted[j + 1].x - Double(rect.x)) * Double(n) - 0.5).rounded(.up)))
                guard s0 < s1 else { continue }
                for px in (s0 / n)...((s1 - 1) / n) {
                    hits[row + px] += min(s1, (px + 1) * n) - max(s0, px * n)
                }
            }
        }
        return hits.map { Double($0) / Double(n * n) }
    }

    /// Errors of a mask against the reference, in 1/255: summed over `pixels`, and the largest.
    struct Error {
        var sum = 0.0, max = 0.0, pixels = 0
        var mean: Double { sum / Double(Swift.max(pixels, 1)) }
        mutating func add(_ d: Double) { sum += d; max = Swift.max(max, d); pixels += 1 }
    }

    /// Adds the errors of `ours` and `freeType` against the exact coverage of `path` (the one both drew).
    static func measure(_ path: BezPath, ours: CoverageMask, freeType: CoverageMask, evenOdd: Bool,
                        into errors: inout (ours: Error, freeType: Error)) {
        // Both masks' bounds and a pixel around them (where the exact coverage may still be nonzero).
        let boxes = [ours.bounds, freeType.bounds].filter { !$0.isEmpty }
        guard let x0 = boxes.map(\.x).min(), let y0 = boxes.map(\.y).min(),
              let x1 = boxes.map(\.maxX).max(), let y1 = boxes.map(\.maxY).max() else { return }
        let rect = PixelRect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2)
        let exact = supersampled(path, over: rect, evenOdd: evenOdd)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let e = exact[(y - rect.y) * rect.width + (x - rect.x)] * 255
                let a = Double(ours[x, y]), b = Double(freeType[x, y])
                guard (e > 0 && e < 255) || (a > 0 && a < 255) || (b > 0 && b < 255) else { continue }
                errors.ours.add(abs(a - e)); errors.freeType.add(abs(b - e))
            }
        }
    }

    /// Every glyph of the samples at `size` px: FreeType draws its unhinted 26.6 outline, we draw the
    /// same outline and also `Typeface.outline` (each against the exact coverage of what it drew).
    @Test(arguments: [12, 16, 32, 64], RasterKernel.supported)
    func glyphsUnderNonZero(size: Int, kernel: RasterKernel) throws {
        var rasterizer = Rasterizer()
        rasterizer.kernel = kernel
        var same = (ours: Error(), freeType: Error()), own = (ours: Error(), freeType: Error())
        var glyphs = 0
        for sample in Self.samples {
            let font = try Typeface(path: TestSupport.font(sample.font))
            let reference = try #require(FreeTypeReference(fontPath: TestSupport.font(sample.font)))
            for id in Set(sample.text.unicodeScalars.compactMap { font.harfBuzz.glyph(for: $0) }).sorted() {
                let (outline, ftMask) = try #require(reference.render(glyph: id, pixelSize: UInt32(size)))
                guard !outline.isEmpty else { continue }
                Self.measure(outline, ours: rasterizer.rasterize(outline), freeType: ftMask, evenOdd: false, into: &same)
                let typefaceOutline = font.outline(glyph: id, size: Double(size))
                var mine = (ours: Error(), freeType: Error())
                Self.measure(typefaceOutline, ours: rasterizer.rasterize(typefaceOutline), freeType: CoverageMask(),
                             evenOdd: false, into: &mine)
                own.ours.sum += mine.ours.sum; own.ours.pixels += mine.ours.pixels
                own.ours.max = max(own.ours.max, mine.ours.max)
                glyphs += 1
            }
        }
        print("Exact coverage at \(size) px (\(kernel)), \(glyphs) glyphs, \(same.ours.pixels) edge pixels: "
              + "ours mean \(same.ours.mean) max \(same.ours.max); FreeType mean \(same.freeType.mean) "
              + "max \(same.freeType.max); ours on Typeface.outline mean \(own.ours.mean) max \(own.ours.max) (of 255)")
        #expect(glyphs >= 15)
        #expect(same.ours.mean <= same.freeType.mean * 1.02 + 0.05)
        #expect(same.ours.max <= same.freeType.max + 3)
        #expect(own.ours.mean <= same.freeType.mean * 1.02 + 0.05)
        #expect(own.ours.max <= same.freeType.max + 3)
    }

    /// Each glyph overlapped by a shifted copy of itself, so that windings of 2 occur: both rules, FreeType
    /// drawing the same combined outline with its even-odd flag set or not.
    @Test(arguments: [FillRule.nonZero, .evenOdd], RasterKernel.supported)
    func overlappingGlyphs(rule: FillRule, kernel: RasterKernel) throws {
        var rasterizer = Rasterizer()
        rasterizer.kernel = kernel
        var errors = (ours: Error(), freeType: Error())
        var holes = 0
        for size in [16, 40] {
            let font = "NotoSans-Regular.ttf"
            let reference = try #require(FreeTypeReference(fontPath: TestSupport.font(font)))
            let typeface = try Typeface(path: TestSupport.font(font))
            for id in Set("OgB&".unicodeScalars.compactMap { typeface.harfBuzz.glyph(for: $0) }).sorted() {
                let outline = try #require(reference.render(glyph: id, pixelSize: UInt32(size))).outline
                // A shift on the 1/64 px grid, so that FreeType sees exactly this path.
                let shift = Vector((Double(size) * 0.11 * 64).rounded() / 64, (Double(size) * 0.07 * 64).rounded() / 64)
                let both = BezPath(subpaths: outline.subpaths + outline.transformed(by: .translate(shift)).subpaths)
                let ftMask = try #require(reference.render(path: both, evenOdd: rule == .evenOdd))
                let ours = rasterizer.rasterize(both, rule: rule)
                if rule == .evenOdd {
                    // The overlap is a hole: fewer covered pixels than under non-zero.
                    #expect(ours.coveredArea < rasterizer.rasterize(both, rule: .nonZero).coveredArea - 1)
                    holes += 1
                }
                Self.measure(both, ours: ours, freeType: ftMask, evenOdd: rule == .evenOdd, into: &errors)
            }
        }
        print("Exact coverage of overlapping glyphs (\(rule), \(kernel)), \(errors.ours.pixels) edge pixels: ours mean "
              + "\(errors.ours.mean) max \(errors.ours.max); FreeType mean \(errors.freeType.mean) max \(errors.freeType.max)")
        #expect(rule == .nonZero || holes == 8)
        #expect(errors.ours.mean <= errors.freeType.mean * 1.02 + 0.05)
        #expect(errors.ours.max <= errors.freeType.max + 3)
    }

    /// The reference itself is right: a rectangle on the sample grid and a half-pixel offset square.
    @Test func referenceIsExactOnKnownShapes() {
        let square = TestSupport.rect(0.5, 0.25, 2, 1.5)
        let c = Self.supersampled(square, over: PixelRect(x: 0, y: 0, width: 3, height: 2), evenOdd: false)
        #expect(c == [0.375, 0.75, 0.375, 0.375, 0.75, 0.375])
        // Two coincident squares: winding 2 everywhere inside, a hole under even-odd.
        let twice = BezPath(subpaths: square.subpaths + square.subpaths)
        #expect(Self.supersampled(twice, over: PixelRect(x: 0, y: 0, width: 3, height: 2), evenOdd: true).allSatisfy { $0 == 0 })
    }
}
