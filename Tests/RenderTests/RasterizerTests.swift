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

@Suite struct RasterizerTests {
    // MARK: Agreement with FreeType

    static let samples: [(font: String, text: String)] = [
        ("NotoSans-Regular.ttf", "Tomorrow's VAT office"),
        ("NotoSansArabic-Regular.ttf", "مرحبا بالعالم"),
        ("NotoSansDevanagari-Regular.ttf", "क्षत्रिय हिन्दी"),
        ("NotoSans-Regular.ttf", "@&%8gQ$§ßæœ{}"),
    ]

    /// Every glyph of the sample strings, unhinted at an integer origin, against FreeType's smooth
    /// rasterizer on the same 26.6 outline.
    @Test(arguments: [16, 48, 200])
    func matchesFreeType(size: Int) throws {
        var rasterizer = Rasterizer()
        var mask = CoverageMask()
        var total = 0.0, pixels = 0, worst = 0, worstGlyphMean = 0.0, glyphs = 0
        for sample in Self.samples {
            let font = try Typeface(path: TestSupport.font(sample.font))
            let reference = try #require(FreeTypeReference(fontPath: TestSupport.font(sample.font)))
            let ids = Set(sample.text.unicodeScalars.compactMap { font.harfBuzz.glyph(for: $0) })
            for id in ids.sorted() {
                let (outline, expected) = try #require(reference.render(glyph: id, pixelSize: UInt32(size)))
                rasterizer.rasterize(outline, into: &mask)
                let d = TestSupport.difference(mask, expected)
                total += d.mean * Double(d.pixels); pixels += d.pixels
                worst = max(worst, d.max); worstGlyphMean = max(worstGlyphMean, d.mean)
                glyphs += 1
                #expect(d.max <= 8, "glyph \(id) of \(sample.font) at \(size) px differs by up to \(d.max)/255")
            }
        }
        let mean = total / Double(max(pixels, 1))
        print("FreeType agreement at \(size) px over \(glyphs) glyphs: mean \(mean)/255, "
              + "worst glyph mean \(worstGlyphMean)/255, max \(worst)/255")
        #expect(glyphs > 30)
        #expect(mean <= 0.5)
    }

    /// On polygons (no curves: flattening cannot differ) both scan converters compute exact areas.
    @Test(arguments: [16, 48, 200])
    func matchesFreeTypeOnPolygons(size: Int) throws {
        var rasterizer = Rasterizer(tolerance: 0.05)
        var total = 0.0, pixels = 0, worst = 0
        for sample in Self.samples {
            let font = try Typeface(path: TestSupport.font(sample.font))
            let reference = try #require(FreeTypeReference(fontPath: TestSupport.font(sample.font)))
            for id in Set(sample.text.unicodeScalars.compactMap { font.harfBuzz.glyph(for: $0) }).sorted() {
                // Flatten, then snap to 1/64 px so that FreeType sees the very same polygon.
                let outline = font.outline(glyph: id, size: Double(size))
                let polys = outline.flattened(tolerance: 0.05).map { $0.dropLast().map { Point(($0.x * 64).rounded() / 64, ($0.y * 64).rounded() / 64) } }
                let expected = try #require(reference.render(polygons: polys))
                let ours = rasterizer.rasterize(BezPath(subpaths: polys.map { poly in
                    Subpath(start: poly[0], segments: zip(poly, poly.dropFirst()).map { .line(Line($0, $1)) }, isClosed: true)
                }))
                let d = TestSupport.difference(ours, expected)
                total += d.mean * Double(d.pixels); pixels += d.pixels; worst = max(worst, d.max)
            }
        }
        let mean = total / Double(max(pixels, 1))
        print("FreeType agreement on polygons at \(size) px: mean \(mean)/255, max \(worst)/255")
        #expect(mean <= 0.5)
        #expect(worst <= 2)
    }

    /// The outline Typeface gives (font units scaled in floating point) agrees with FreeType's 26.6 one too.
    @Test func fontOutlinesMatchFreeTypeClosely() throws {
        let font = try Typeface(path: TestSupport.font("NotoSans-Regular.ttf"))
        let reference = try #require(FreeTypeReference(fontPath: TestSupport.font("NotoSans-Regular.ttf")))
        var rasterizer = Rasterizer()
        for scalar in "Rag".unicodeScalars {
            let id = try #require(font.harfBuzz.glyph(for: scalar))
            let (_, expected) = try #require(reference.render(glyph: id, pixelSize: 48))
            let ours = rasterizer.rasterize(font.outline(glyph: id, size: 48))
            let d = TestSupport.difference(ours, expected)
            #expect(d.mean <= 0.5 && d.max <= 12, "\(scalar): mean \(d.mean) max \(d.max)")
        }
    }

    // MARK: Areas

    @Test func contoursUseGeometrysFlatteningRule() {
        // Cubics and arcs are cut into as many steps as Segment.flatteningSteps says (one rule, Geometry's
        // Flattening), here for a device transform that scales by 3: the tolerance is in device pixels.
        let m = Affine(3, 0, 0, 3, 10, 20)
        let segments: [Segment] = [
            .cubic(CubicBez(Point(0, 0), Point(30, -40), Point(70, 40), Point(100, 0))),
            .cubic(CubicBez(Point(0, 0), Point(1e5, 3e5), Point(-2e5, 1e5), Point(5, 5))),
            .arc(EllipticalArc(center: Point(50, 50), radii: Vector(40, 15), xRotation: 0.4, startAngle: 0.3, sweepAngle: 4)),
        ]
        for seg in segments {
            for tolerance in [0.1, 0.01] {
                var path = BezPath()
                path.move(to: seg.start)
                path.append(seg)
                var contours = FlattenedContours()
                contours.append(path, transform: m, tolerance: tolerance)
                // Arcs take one more point: their inner vertices sit at the middles of the steps.
                let extra = if case .arc = seg { 2 } else { 1 }
                #expect(contours.pointCount == seg.transformed(by: m).flatteningSteps(tolerance: tolerance) + extra)
            }
        }
    }

    @Test func circleAreaIsExact() {
        var r = Rasterizer()
        for radius in [3.3, 17.0, 41.7, 180.2] {
            let circle = BezPath.circle(center: Point(200.4, 199.7), radius: radius)
            let area = r.rasterize(circle, clip: PixelRect(x: 0, y: 0, width: 400, height: 400)).coveredArea
            let exact = Double.pi * radius * radius
            print("circle r = \(radius): covered \(area), exact \(exact), relative error \((area - exact) / exact)")
            #expect(abs(area - exact) / exact < 0.001, "r = \(radius): \(area) vs \(exact)")
        }
    }

    @Test func ringAreaUnderBothRules() {
        let c = Point(60.3, 59.6), outer = 50.0, inner = 21.5
        let exact = Double.pi * (outer * outer - inner * inner)
        var r = Rasterizer()
        var opposite = BezPath.circle(center: c, radius: outer, clockwise: true)
        opposite.subpaths += BezPath.circle(center: c, radius: inner, clockwise: false).subpaths
        var same = BezPath.circle(center: c, radius: outer)
        same.subpaths += BezPath.circle(center: c, radius: inner, startAngle: 1).subpaths
        let a = r.rasterize(opposite, rule: .nonZero)
        let b = r.rasterize(same, rule: .evenOdd)
        print("ring: non-zero \((a.coveredArea - exact) / exact), even-odd \((b.coveredArea - exact) / exact) relative error")
        #expect(abs(a.coveredArea - exact) / exact < 0.001, "non-zero ring \(a.coveredArea) vs \(exact)")
        #expect(abs(b.coveredArea - exact) / exact < 0.001, "even-odd ring \(b.coveredArea) vs \(exact)")
        #expect(a[60, 60] == 0 && b[60, 60] == 0)
        #expect(a[60, 24] == 255 && b[60, 24] == 255)
        // Same direction with non-zero fills the hole.
        let c2 = r.rasterize(same, rule: .nonZero)
        #expect(c2[60, 60] == 255)
        #expect(abs(c2.coveredArea - .pi * outer * outer) / (.pi * outer * outer) < 0.001)
    }

    @Test func rotatedSquareArea() {
        var r = Rasterizer()
        let square = TestSupport.rect(-15.25, -15.25, 30.5, 30.5)
        for angle in [0.0, 0.3, 0.785398, 1.1, 2.9] {
            let m = Affine.translate(Vector(40.37, 33.81)) * Affine.rotate(angle)
            let area = r.rasterize(square, transform: m).coveredArea
            #expect(abs(area - 30.5 * 30.5) < 0.3, "angle \(angle): \(area)")
        }
    }

    @Test func scaledEllipseAreaUnderShear() {
        // Areas scale by |det|: a unit circle under a sheared, mirrored map.
        let m = Affine(30, 5, -12, -25, 70, 60)
        let area = Rasterizer().withRasterize(BezPath.circle(center: .zero, radius: 1), transform: m).coveredArea
        let exact = Double.pi * abs(m.determinant)
        #expect(abs(area - exact) / exact < 0.001, "\(area) vs \(exact)")
    }

    // MARK: Fill rules

    /// The star {5/2}: its centre pentagon has winding 2.
    @Test func starUnderBothRules() {
        let pts = (0..<5).map { k -> Point in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(50 + 45 * cos(a), 52 + 45 * sin(a))
        }
        let star = TestSupport.polygon(pts)
        var r = Rasterizer()
        let nz = r.rasterize(star, rule: .nonZero), eo = r.rasterize(star, rule: .evenOdd)
        for (x, y) in [(50, 52), (45, 50), (55, 55)] {
            #expect(nz[x, y] == 255); #expect(eo[x, y] == 0)
        }
        #expect(nz[50, 14] == 255 && eo[50, 14] == 255)  // inside the top tip
        // Areas: the pentagon's area is the difference.
        #expect(nz.coveredArea > eo.coveredArea + 500)
    }

    @Test func overlappingContoursDoNotCancel() {
        var both = TestSupport.rect(10, 10, 20, 20)
        both.subpaths += TestSupport.rect(20, 10, 20, 20).subpaths  // overlaps the first by 10 × 20
        var r = Rasterizer()
        #expect(abs(r.rasterize(both).coveredArea - 600) < 0.01)
        #expect(abs(r.rasterize(both, rule: .evenOdd).coveredArea - 400) < 0.01)
    }

    // MARK: Clipping

    @Test func clippedShapeMatchesUnclipped() {
        let clip = PixelRect(x: 0, y: 0, width: 100, height: 80)
        var r = Rasterizer()
        for center in [Point(0.3, 40.2), Point(-20.5, -10.1), Point(95.5, 70.7), Point(50, 85)] {
            let circle = BezPath.circle(center: center, radius: 37.7)
            let full = r.rasterize(circle)
            let clipped = r.rasterize(circle, clip: clip)
            #expect(clipped.bounds == full.bounds.intersection(clip))
            var worst = 0
            for y in clip.y..<clip.maxY {
                for x in clip.x..<clip.maxX { worst = max(worst, abs(Int(full[x, y]) - Int(clipped[x, y]))) }
            }
            #expect(worst <= 1, "centre \(center): clipped pixels differ by \(worst)")
        }
        // Half a circle on the left edge: half the area.
        let half = r.rasterize(BezPath.circle(center: Point(0, 40), radius: 30), clip: clip).coveredArea
        #expect(abs(half - .pi * 450) / (.pi * 450) < 0.001)
    }

    @Test func geometryLeftOfTheClipStillCounts() {
        var r = Rasterizer()
        // A rectangle from x = −50 to 20: the canvas columns 0..<20 are inside.
        let m = r.rasterize(TestSupport.rect(-50, 5.5, 70, 10), clip: PixelRect(x: 0, y: 0, width: 40, height: 30))
        #expect(m.bounds == PixelRect(x: 0, y: 5, width: 20, height: 11))
        #expect(m[0, 10] == 255 && m[19, 10] == 255 && m[5, 5] == 128 && m[20, 10] == 0)
        // Entirely left or above: nothing.
        #expect(r.rasterize(TestSupport.rect(-50, 5, 20, 10), clip: PixelRect(x: 0, y: 0, width: 40, height: 30)).bounds.isEmpty)
    }

    @Test func degenerateInputGivesEmptyMasks() {
        var r = Rasterizer()
        #expect(r.rasterize(BezPath()).bounds.isEmpty)
        var nan = BezPath(); nan.move(to: Point(0, 0)); nan.line(to: Point(.nan, 3)); nan.line(to: Point(4, 4))
        #expect(r.rasterize(nan).bounds.isEmpty)
        var line = BezPath(); line.move(to: Point(1, 1)); line.line(to: Point(9, 9))
        #expect(r.rasterize(line).isEmpty)
    }

    @Test func reuseLeavesNoResidue() {
        var r = Rasterizer()
        let a = r.rasterize(BezPath.circle(center: Point(20, 20), radius: 15))
        _ = r.rasterize(TestSupport.rect(-5, -5, 100, 100), clip: PixelRect(x: 0, y: 0, width: 50, height: 50))
        let b = r.rasterize(BezPath.circle(center: Point(20, 20), radius: 15))
        #expect(a == b)
    }
}

extension Rasterizer {
    /// Rasterizes with a copy, for expressions.
    func withRasterize(_ path: BezPath, transform: Affine) -> CoverageMask {
        var copy = self
        return copy.rasterize(path, transform: transform)
    }
}
