import Testing
import Geometry
import TestSupport
@testable import Shaping
@testable import Render

@Suite struct CanvasTests {
    @Test func sizeLimitsAreCheckedBeforeAllocating() {
        #expect(throws: RenderError.emptyCanvas(width: 0, height: 10)) { try RasterCanvas(width: 0, height: 10) }
        #expect(throws: RenderError.emptyCanvas(width: 10, height: -1)) { try RasterCanvas(width: 10, height: -1) }
        #expect(throws: RenderError.canvasTooLarge(width: 20_000, height: 20_000, limit: RasterCanvas.defaultPixelLimit)) {
            try RasterCanvas(width: 20_000, height: 20_000)
        }
        #expect(throws: RenderError.canvasTooLarge(width: Int.max, height: 2, limit: RasterCanvas.defaultPixelLimit)) {
            try RasterCanvas(width: Int.max, height: 2)
        }
        #expect(throws: RenderError.canvasTooLarge(width: 101, height: 100, limit: 10_000)) {
            try RasterCanvas(width: 101, height: 100, pixelLimit: 10_000)
        }
        #expect((try? RasterCanvas(width: 100, height: 100, pixelLimit: 10_000)) != nil)
    }

    @Test func backgroundIsPremultiplied() throws {
        let c = try RasterCanvas(width: 3, height: 2, background: RGBAColor(r: 200, g: 100, b: 0, a: 128))
        #expect(c.premultipliedPixel(x: 2, y: 1) == (100, 50, 0, 128))
        // Premultiplying loses precision below full alpha: 200·128/255 → 100 → 199.
        #expect(c.pixel(x: 0, y: 0) == RGBAColor(r: 199, g: 100, b: 0, a: 128))
    }

    @Test func sourceOverBlendsByCoverageAndAlpha() throws {
        var c = try RasterCanvas(width: 20, height: 10, background: .white)
        // A rectangle covering column 5 by half: 50 % black over white.
        c.fill(TestSupport.rect(5.5, 0, 10, 10), color: .black)
        #expect(c.pixel(x: 5, y: 3) == RGBAColor(r: 127, g: 127, b: 127))
        #expect(c.pixel(x: 10, y: 3) == .black)
        #expect(c.pixel(x: 4, y: 3) == .white)
        // Half-transparent red over that black: (128, 0, 0).
        c.fill(TestSupport.rect(8, 0, 4, 10), color: RGBAColor(r: 255, g: 0, b: 0, a: 128))
        #expect(c.pixel(x: 9, y: 5) == RGBAColor(r: 128, g: 0, b: 0))
        // Over transparent, straight alpha comes back.
        var t = try RasterCanvas(width: 4, height: 4)
        t.fill(TestSupport.rect(0, 0, 4, 4), color: RGBAColor(r: 10, g: 200, b: 30, a: 77))
        let back = t.pixel(x: 1, y: 1)
        #expect(back.a == 77 && abs(Int(back.r) - 10) <= 2 && abs(Int(back.g) - 200) <= 2 && abs(Int(back.b) - 30) <= 2)
    }

    /// Every coverage value over varied premultiplied pixels, both modes, against `mul255` channel by
    /// channel (the formula the vector blend must reproduce bit for bit), on rows of odd lengths with runs
    /// of zeros and of full coverage longer and shorter than the eight read at a time.
    @Test func compositingMatchesThePerChannelFormula() throws {
        let w = 61, h = 9
        // Coverage: every value 0…255 once per mode, interleaved with zero runs of 1–11 pixels.
        var cov = [UInt8](repeating: 0, count: w * h)
        var k = 0, v = 0
        while k < cov.count { cov[k] = UInt8(v % 256); v += 1; k += 1 + (v * 7) % 12 }
        // The last two rows: runs of full coverage of 7, 8, 9 and 17 pixels (written eight at a time for an
        // opaque colour) between partial values, the last one reaching the row's end.
        var run = (h - 2) * w
        for length in [7, 8, 9, 17, 3] {
            cov[run] = 100; run += 1
            for _ in 0..<length { cov[run] = 255; run += 1 }
        }
        for x in run..<(h * w) { cov[x] = 255 }
        let mask = CoverageMask(bounds: PixelRect(x: 1, y: 2, width: w, height: h), coverage: cov)
        let background = RGBAColor(r: 90, g: 200, b: 30, a: 180)
        for (color, mode) in [(RGBAColor(r: 250, g: 10, b: 128, a: 255), CompositeMode.sourceOver),
                              (RGBAColor(r: 17, g: 220, b: 64, a: 140), .sourceOver),
                              (RGBAColor(r: 0, g: 0, b: 0, a: 255), .destinationOut),
                              (RGBAColor(r: 0, g: 0, b: 0, a: 99), .destinationOut)] {
            var canvas = try RasterCanvas(width: w + 3, height: h + 4, background: background)
            // Vary the destination pixels too.
            for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
                let a = UInt8((i / 4 * 37) % 256)
                canvas.pixels[i + 3] = a
                for c in 0..<3 { canvas.pixels[i + c] = UInt8((Int(a) * ((i / 4 * (c + 3)) % 256)) / 255) }
            }
            let before = canvas.pixels
            canvas.fill(mask, color: color, mode: mode)
            let s = RasterCanvas.premultiply(color)
            let src: [UInt32] = [UInt32(s.r), UInt32(s.g), UInt32(s.b), UInt32(s.a)]
            var mismatches = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let c = UInt32(mask[x, y]), i = (y * canvas.width + x) * 4
                    for ch in 0..<4 {
                        let d = UInt32(before[i + ch])
                        let expected: UInt32
                        if c == 0 {
                            expected = d
                        } else if mode == .sourceOver {
                            expected = RasterCanvas.mul255(src[ch], c) + RasterCanvas.mul255(d, 255 - RasterCanvas.mul255(src[3], c))
                        } else {
                            expected = RasterCanvas.mul255(d, 255 - RasterCanvas.mul255(src[3], c))
                        }
                        if UInt32(canvas.pixels[i + ch]) != expected { mismatches += 1 }
                    }
                }
            }
            #expect(mismatches == 0, "\(mode) with \(color): \(mismatches) channels differ")
        }
    }

    /// A canvas cleared to a colour whose bytes differ (vector stores) or agree (one memset) holds it everywhere.
    @Test func backgroundFillsEveryPixel() throws {
        for color in [RGBAColor(r: 1, g: 2, b: 3, a: 255), .white, .black, .transparent] {
            var c = try RasterCanvas(width: 7, height: 5, background: color)
            let p = RasterCanvas.premultiply(color)
            #expect(stride(from: 0, to: c.pixels.count, by: 4).allSatisfy {
                c.pixels[$0] == p.r && c.pixels[$0 + 1] == p.g && c.pixels[$0 + 2] == p.b && c.pixels[$0 + 3] == p.a
            })
            c.clear(to: RGBAColor(r: 9, g: 8, b: 7, a: 255))
            #expect(c.pixels.count == 7 * 5 * 4 && c.pixels.suffix(4) == [9, 8, 7, 255] && c.pixels.prefix(4) == [9, 8, 7, 255])
        }
    }

    /// A letter knocked out of a filled circle: the letter shows what is behind the image.
    @Test func knockoutLeavesTransparentLetter() throws {
        let font = try Typeface(path: TestSupport.font("NotoSans-Regular.ttf"))
        let glyph = try #require(font.harfBuzz.glyph(for: "R"))
        let letter = font.outline(glyph: glyph, size: 120)
        let place = Affine.translate(Vector(62, 142))
        var canvas = try RasterCanvas(width: 200, height: 200)
        let circle = BezPath.circle(center: Point(100, 100), radius: 90)
        canvas.fill(circle, color: RGBAColor(r: 20, g: 90, b: 200))
        canvas.fill(letter, transform: place, color: .black, mode: .destinationOut)

        var r = Rasterizer()
        let letterMask = r.rasterize(letter, transform: place)
        let circleMask = r.rasterize(circle)
        var inside = 0, outside = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = canvas.premultipliedPixel(x: x, y: y).a
                if letterMask[x, y] == 255 { #expect(a == 0); inside += 1 }
                if letterMask[x, y] == 0 && circleMask[x, y] == 255 { #expect(a == 255); outside += 1 }
                // Partial letter edges leave partial alpha: 1 − coverage, within rounding.
                if letterMask[x, y] > 0 && circleMask[x, y] == 255 {
                    #expect(abs(Int(a) - (255 - Int(letterMask[x, y]))) <= 1)
                }
            }
        }
        #expect(inside > 1500 && outside > 15000)
    }

    @Test func fillClipsToCanvas() throws {
        // A disc hanging off the top-left corner: the visible quarter has a quarter of the area.
        var canvas = try RasterCanvas(width: 60, height: 50)
        canvas.fill(BezPath.circle(center: Point(0, 0), radius: 40), color: .black)
        var sum = 0.0
        for y in 0..<50 { for x in 0..<60 { sum += Double(canvas.premultipliedPixel(x: x, y: y).a) / 255 } }
        let quarter = Double.pi * 1600 / 4
        #expect(abs(sum - quarter) / quarter < 0.001, "\(sum) vs \(quarter)")
        // Shapes fully off the canvas do nothing.
        let before = canvas.pixels
        canvas.fill(TestSupport.rect(-100, 10, 50, 10), color: .black)
        canvas.fill(TestSupport.rect(70, 10, 50, 10), color: .black)
        #expect(canvas.pixels == before)
    }

    @Test func maskFillUsesCanvasCoordinates() throws {
        var canvas = try RasterCanvas(width: 10, height: 10)
        let mask = CoverageMask(bounds: PixelRect(x: 8, y: -1, width: 4, height: 3), coverage: [UInt8](repeating: 255, count: 12))
        canvas.fill(mask, color: .black)
        #expect(canvas.pixel(x: 8, y: 0) == .black && canvas.pixel(x: 9, y: 1) == .black)
        #expect(canvas.pixel(x: 7, y: 0) == .transparent && canvas.pixel(x: 9, y: 2) == .transparent)
    }
}
