#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
import TestSupport
@testable import Shaping
@testable import Render
import CRasterKernel

/// The kernel's final passes (portable scalar, SSE2, AVX2) and its two layouts of cells (the whole box, rows
/// with marks) give the same coverage, byte for byte, on real glyphs at many sizes and on hostile shapes;
/// and each is what the rasterizer actually ran.
@Suite struct RasterKernelTests {
    /// The masks of `path` drawn by every supported path in both layouts (the whole box applies only to
    /// unclipped masks); the test fails unless all are identical.
    static func expectIdentical(_ path: BezPath, transform: Affine = .identity, rule: FillRule = .nonZero,
                                clip: PixelRect? = nil, _ what: @autoclosure () -> String,
                                sourceLocation: SourceLocation = #_sourceLocation) -> CoverageMask {
        var reference: CoverageMask?
        for layout in [RasterLayout.rows, .box, .automatic] {
            for kernel in RasterKernel.supported {
                var r = Rasterizer()
                r.kernel = kernel
                r.layout = layout
                let mask = r.rasterize(path, transform: transform, rule: rule, clip: clip)
                if let reference {
                    if mask != reference {
                        let d = TestSupport.difference(mask, reference)
                        Issue.record("\(what()): \(kernel) in \(layout) differs from scalar in rows (bounds \(mask.bounds) vs \(reference.bounds), max \(d.max))",
                                     sourceLocation: sourceLocation)
                    }
                } else {
                    reference = mask
                }
            }
        }
        return reference ?? CoverageMask()
    }

    @Test func everyPathThisCPUHasIsTested() {
        #expect(RasterKernel.supported.contains(.scalar))
        #if arch(x86_64)
        #expect(RasterKernel.supported.contains(.sse2))
        // The machines this project runs its tests on all have AVX2; a CPU without it would test only two paths.
        #expect(RasterKernel.supported.contains(.avx2))
        #endif
        #expect(RasterKernel.supported.contains(RasterKernel.resolvedDefault))
    }

    /// Every glyph of three scripts at sizes from 5 to 700 px, at fractional origins, both rules.
    @Test(arguments: [5.0, 11.3, 16, 27.7, 64, 129, 300, 700])
    func glyphsAreIdenticalOnEveryPath(size: Double) throws {
        let samples = [("NotoSans-Regular.ttf", "Hamburgefonstiv@&%8gQ$§ßæ"), ("NotoSansArabic-Regular.ttf", "مرحبا بالعالم"),
                       ("NotoSansDevanagari-Regular.ttf", "क्षत्रिय हिन्दी")]
        var glyphs = 0, ink = 0.0
        for (file, text) in samples {
            let font = try Typeface(path: TestSupport.font(file))
            for id in Set(text.unicodeScalars.compactMap { font.harfBuzz.glyph(for: $0) }).sorted() {
                let outline = font.outline(glyph: id, size: size)
                guard !outline.isEmpty else { continue }
                let origin = Affine.translate(Vector(0.37 * Double(id % 3), 0.61 * Double(id % 5)))
                for rule in [FillRule.nonZero, .evenOdd] {
                    ink += Self.expectIdentical(outline, transform: origin, rule: rule, "glyph \(id) of \(file) at \(size) px, \(rule)").coveredArea
                }
                glyphs += 1
            }
        }
        #expect(glyphs >= 40)
        #expect(ink > 0)
    }

    /// Shapes that stress the walker and the final pass.
    @Test func hostileShapesAreIdenticalOnEveryPath() {
        // Self-intersecting stars, wound several times (windings up to 5), under both rules.
        for turns in [2, 3, 5] {
            var star: [Point] = []
            let n = 2 * turns + 1
            for k in 0..<n {
                let a = Double(k * turns) * 2 * .pi / Double(n)
                star.append(Point(60 + 55 * cos(a), 60 + 55 * sin(a)))
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                _ = Self.expectIdentical(TestSupport.polygon(star), rule: rule, "star \(n)/\(turns) \(rule)")
            }
        }
        // Huge coordinates, clipped to a canvas: far left (moved onto the left edge), far right, above, below.
        let clip = PixelRect(x: 0, y: 0, width: 300, height: 200)
        let huge = TestSupport.polygon([Point(-1e12, -3e11), Point(150.5, 100.25), Point(2e13, 5e12), Point(40.2, 1e15)])
        for rule in [FillRule.nonZero, .evenOdd] {
            let m = Self.expectIdentical(huge, rule: rule, clip: clip, "huge triangle \(rule)")
            #expect(m.bounds == clip)
            #expect(!m.isEmpty)
        }
        _ = Self.expectIdentical(TestSupport.rect(-1e30, -1e30, 2e30, 2e30), clip: clip, "a rectangle holding the canvas")
        // Coincident, opposite and overlapping contours.
        var twice = TestSupport.rect(10.3, 10.7, 50, 30)
        twice.subpaths += TestSupport.rect(10.3, 10.7, 50, 30).subpaths + TestSupport.rect(30.1, 5.2, 50, 30, clockwise: false).subpaths
        for rule in [FillRule.nonZero, .evenOdd] { _ = Self.expectIdentical(twice, rule: rule, "overlapping rectangles \(rule)") }
        // Near-horizontal and near-vertical slivers, lines on cell and row boundaries, and a mask wider than
        // one 16-byte vector of marks (128 cells) and than the largest one-piece side.
        _ = Self.expectIdentical(TestSupport.polygon([Point(0, 0), Point(700, 0.3), Point(700, 0.31), Point(0, 0.02)]), "sliver")
        _ = Self.expectIdentical(TestSupport.polygon([Point(3, 0), Point(3.0001, 400), Point(3.0002, 0)]), "needle")
        _ = Self.expectIdentical(TestSupport.rect(8, 8, 16, 16), "rectangle on the grid")
        _ = Self.expectIdentical(TestSupport.polygon([Point(0, 0), Point(1000, 3), Point(0, 7), Point(1000, 9)]), "bow tie")
        let wide = Self.expectIdentical(TestSupport.rect(0.5, 1, Double(Rasterizer.maxSide) + 300, 2), "wider than one piece")
        #expect(abs(wide.coveredArea - 2 * (Double(Rasterizer.maxSide) + 300)) < 1)
        // Random polygons, seeded: many crossings per row, every slope.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Double(seed >> 11) / Double(1 << 53)
        }
        for k in 0..<60 {
            let scale = [3.0, 40, 260][k % 3]
            let points = (0..<(3 + k % 17)).map { _ in Point(random() * scale, random() * scale) }
            for rule in [FillRule.nonZero, .evenOdd] {
                _ = Self.expectIdentical(TestSupport.polygon(points), rule: rule, clip: k % 4 == 0 ? PixelRect(x: 1, y: 1, width: 50, height: 50) : nil,
                                         "random polygon \(k) \(rule)")
            }
        }
    }

    /// The kernel refuses a job whose strides are out of range (returns 0) and then writes nothing; the
    /// rasterizer turns that into an empty mask (never stale bytes). Checked on the C entry point itself.
    @Test func invalidJobsWriteNothing() {
        let points: [Double] = [0.5, 0.5, 7.5, 0.5, 7.5, 3.5]
        let ends: [Int] = [3]
        var cells = [UInt32](repeating: 0, count: 64), marks = [UInt8](repeating: 0, count: 64)
        var out = [UInt8](repeating: 0xAB, count: 32)
        /// `pt_raster_fill` of the triangle on a canvas `width` × 4 with the given strides.
        func fill(stride: Int, markStride: Int, width: Int, kernel: Int32) -> Int32 {
            points.withUnsafeBufferPointer { p in
                ends.withUnsafeBufferPointer { e in
                    cells.withUnsafeMutableBufferPointer { c in
                        marks.withUnsafeMutableBufferPointer { m in
                            out.withUnsafeMutableBufferPointer { o in
                                var job = pt_raster_job(points: p.baseAddress, ends: e.baseAddress, contour_count: 1,
                                                        origin_x: 0, origin_y: 0, width: Int32(width), height: 4, clip: 0,
                                                        even_odd: 0, layout: 0, cells: c.baseAddress, cell_stride: stride,
                                                        marks: m.baseAddress, mark_stride: markStride, out: o.baseAddress)
                                return pt_raster_fill(&job, kernel)
                            }
                        }
                    }
                }
            }
        }
        for (stride, markStride, width) in [(8, 16, 8), (10, 16, 4), (8, 8, 4), (8, 16, 0), (8, 16, Int(PT_RASTER_MAX_SIDE) + 1)] {
            for kernel in RasterKernel.allCases {
                let used = fill(stride: stride, markStride: markStride, width: width, kernel: kernel.id)
                #expect(used == 0, "stride \(stride), mark stride \(markStride), width \(width), \(kernel)")
                #expect(out.allSatisfy { $0 == 0xAB } && cells.allSatisfy { $0 == 0 } && marks.allSatisfy { $0 == 0 })
            }
        }
        // The same job with valid strides is drawn (a sanity check that the refusals above are the strides').
        #expect(fill(stride: 16, markStride: 16, width: 8, kernel: 0) != 0)
        #expect(out.contains { $0 != 0xAB && $0 != 0 })
        #expect(cells.allSatisfy { $0 == 0 } && marks.allSatisfy { $0 == 0 })
    }

    /// Non-finite input gives an empty mask on every path (the guard before the kernel).
    @Test func nonFiniteInputIsEmptyOnEveryPath() {
        for bad in [Double.nan, .infinity, -.infinity] {
            var p = BezPath(); p.move(to: Point(0, 0)); p.line(to: Point(bad, 3)); p.line(to: Point(4, 4)); p.close()
            #expect(Self.expectIdentical(p, "point \(bad)").bounds.isEmpty)
        }
    }
}
