import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Geometry
import TestSupport
import Shaping
import Layout
@testable import Render

/// Colour glyphs: CBDT bitmaps (Noto Color Emoji) resampled onto the canvas, COLR layers, and both in SVG.
@Suite struct ColorGlyphTests {
    static let emoji = try! Typeface(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    static let layered = try! Typeface(path: TestSupport.packageRoot + "/fixtures/fonts/ColorLayers.ttf")
    static let sans = try! Typeface(path: TestSupport.font("NotoSans-Regular.ttf"))

    /// The bitmap of 😀.
    static let grinning: ColorBitmap = {
        let line = Shaper.shape(AttributedText("😀", attributes: TextAttributes(fonts: [emoji], size: 109)))
        guard case .bitmap(let b) = emoji.colorGlyph(line.glyphs[0].glyph) else { fatalError("😀 has no bitmap") }
        return b
    }()

    /// The straightforward reference: each pixel centre mapped back into the bitmap and read with
    /// bilinear interpolation of premultiplied RGBA (texel centres at i + 0.5, transparent outside),
    /// averaged over `n` × `n` points per pixel.
    static func reference(_ b: ColorBitmap, _ t: Affine, width: Int, height: Int, n: Int = 1) -> [Double] {
        let inv = t.inverse!
        var out = [Double](repeating: 0, count: width * height * 4)
        func texel(_ x: Int, _ y: Int, _ c: Int) -> Double {
            guard x >= 0, y >= 0, x < b.width, y < b.height else { return 0 }
            return Double(b.premultipliedRGBA[(y * b.width + x) * 4 + c])
        }
        for y in 0..<height {
            for x in 0..<width {
                for j in 0..<n {
                    for i in 0..<n {
                        let p = inv.apply(Point(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)))
                        let u = p.x - 0.5, v = p.y - 0.5
                        let u0 = Int(floor(u)), v0 = Int(floor(v))
                        let fu = u - floor(u), fv = v - floor(v)
                        for c in 0..<4 {
                            let top = texel(u0, v0, c) * (1 - fu) + texel(u0 + 1, v0, c) * fu
                            let bottom = texel(u0, v0 + 1, c) * (1 - fu) + texel(u0 + 1, v0 + 1, c) * fu
                            out[(y * width + x) * 4 + c] += (top * (1 - fv) + bottom * fv) / Double(n * n)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Mean and largest absolute difference between a canvas and reference values, per channel.
    static func difference(_ canvas: RasterCanvas, _ ref: [Double]) -> (mean: Double, max: Double) {
        var sum = 0.0, worst = 0.0
        for (i, v) in canvas.pixels.enumerated() {
            let d = abs(Double(v) - ref[i])
            sum += d; worst = max(worst, d)
        }
        return (sum / Double(ref.count), worst)
    }

    @Test func anEmojiOnACurveHasSaturatedPixels() throws {
        let path = BezPath.arc(center: Point(200, 220), radius: 150, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
        var options = LabelOptions()
        options.align = .center
        let text = AttributedText("😀🌍👍🏽", attributes: TextAttributes(fonts: [Self.sans], size: 48))
        let label = try #require(try LabelLayout.layout(text, along: path, options: options).first)
        #expect(label.diagnostics.isEmpty)
        #expect(label.glyphs.count == 3)
        #expect(label.glyphs.allSatisfy { label.font(of: $0).hasColorGlyphs })
        #expect(abs(label.glyphs[0].angle.radians - label.glyphs[2].angle.radians) > 0.2)  // they follow the curve
        var canvas = try RasterCanvas(width: 400, height: 260, background: .white)
        canvas.draw(label)
        var saturated = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let p = canvas.pixel(x: x, y: y)
                if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 120 { saturated += 1 }
            }
        }
        #expect(saturated > 1500, "only \(saturated) saturated pixels")
    }

    @Test func inkBoxesOfColourGlyphsCoverTheirPixels() throws {
        let text = AttributedText("😀A", attributes: TextAttributes(fonts: [Self.layered, Self.sans], size: 48))
        let label = try #require(try LabelLayout.layout(text, along: BezPath.line(from: Point(10, 100), to: Point(400, 100))).first)
        let b = Self.grinning, k = 48 / b.pixelsPerEm
        let emoji = label.inkBox(of: label.glyphs[0]), layers = label.inkBox(of: label.glyphs[1])
        #expect(abs((emoji[1].x - emoji[0].x) - Double(b.width) * k) < 1e-9)
        #expect(abs((emoji[1].y - emoji[2].y) - Double(b.height) * k) < 1e-9)
        #expect(abs(emoji[0].x - (label.glyphs[0].origin.x + b.left * k)) < 1e-9)
        // 'A' of the COLR font: its layers span 100…900 units = 4.8…43.2 px.
        #expect(abs(layers[0].x - label.glyphs[1].origin.x - 4.8) < 1e-9 && abs(layers[1].x - label.glyphs[1].origin.x - 43.2) < 1e-9)
    }

    /// At its own size the rotated bitmap is exactly what a plain bilinear inverse mapping gives.
    @Test func rotationMatchesABilinearReference() throws {
        let b = Self.grinning
        let t = Affine.translate(Vector(100, 100)) * Affine.rotate(.pi / 6) * Affine.translate(Vector(-Double(b.width) / 2, -Double(b.height) / 2))
        var canvas = try RasterCanvas(width: 200, height: 200)
        canvas.draw(b, transform: t)
        let d = Self.difference(canvas, Self.reference(b, t, width: 200, height: 200))
        #expect(d.mean < 0.05 && d.max <= 1, "mean \(d.mean), max \(d.max)")
    }

    /// Shrunk to a third (an emoji at 36 px from the 109 px strike), the bitmap is averaged over several
    /// points per pixel: close to a 12 × 12 supersampled reference (mean 0.05 of 255 here), far closer
    /// than a single bilinear sample per pixel (mean 0.8, up to 79), which skips texels and aliases.
    @Test func shrinkingAveragesInsteadOfSkippingTexels() throws {
        let b = Self.grinning
        let t = Affine.translate(Vector(40, 40)) * Affine.rotate(-0.4) * Affine.scale(0.33)
            * Affine.translate(Vector(-Double(b.width) / 2, -Double(b.height) / 2))
        var canvas = try RasterCanvas(width: 80, height: 80)
        canvas.draw(b, transform: t)
        let fine = Self.reference(b, t, width: 80, height: 80, n: 12)
        let ours = Self.difference(canvas, fine)
        var naive = try RasterCanvas(width: 80, height: 80)
        let single = Self.reference(b, t, width: 80, height: 80)
        for i in naive.pixels.indices { naive.pixels[i] = UInt8(single[i].rounded()) }
        let plain = Self.difference(naive, fine)
        #expect(ours.mean < 0.25 && ours.max < 8, "ours: mean \(ours.mean), max \(ours.max)")
        #expect(ours.mean < plain.mean / 5, "ours \(ours.mean) against one sample \(plain.mean)")
    }

    /// A bitmap scaled far beyond the canvas (fuzz finding: its box overflowed Int before it was clamped)
    /// covers the whole canvas; tiny and degenerate scales draw nothing; none traps.
    @Test func hugeAndDegenerateTransformsNeitherTrapNorLeak() throws {
        let red = ColorBitmap(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16),
                              left: 0, top: 0, pixelsPerEm: 1)
        var canvas = try RasterCanvas(width: 8, height: 8, background: .white)
        canvas.draw(red, transform: Affine.scale(1e300, 1e300) * Affine.translate(Vector(-1, -1)))
        #expect(canvas.pixel(x: 4, y: 4) == RGBAColor(r: 255, g: 255, b: 255, a: 255))
        var blank = try RasterCanvas(width: 8, height: 8, background: .white)
        blank.draw(red, transform: Affine.translate(Vector(1e20, -1e20)))
        blank.draw(red, transform: Affine.scale(0, 0))
        #expect(blank.pixel(x: 4, y: 4) == .white)
    }

    /// An opaque square rotated 30°: its edges are anti-aliased like an exact area coverage (no
    /// staircase), and interpolating premultiplied colour leaves no dark fringe over white.
    @Test func edgesAreSmoothAndWithoutFringes() throws {
        let side = 60
        let red = ColorBitmap(width: side, height: side, premultipliedRGBA: [UInt8](repeating: 0, count: side * side * 4).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 },
                              left: 0, top: 0, pixelsPerEm: 1)
        let t = Affine.translate(Vector(50, 50)) * Affine.rotate(.pi / 6) * Affine.translate(Vector(-30, -30))
        var canvas = try RasterCanvas(width: 100, height: 100, background: .white)
        canvas.draw(red, transform: t)
        let inv = t.inverse!
        var edgeError = 0.0, edgePixels = 0, halfCovered = 0, intermediate = 0
        for y in 0..<100 {
            for x in 0..<100 {
                // Exact coverage of the square, 16 × 16 points per pixel.
                var inside = 0
                for j in 0..<16 { for i in 0..<16 {
                    let p = inv.apply(Point(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16))
                    if p.x >= 0 && p.x <= Double(side) && p.y >= 0 && p.y <= Double(side) { inside += 1 }
                } }
                let coverage = Double(inside) / 256
                let px = canvas.pixel(x: x, y: y)
                // Red over white: red stays 255 and green equals blue (no dark or coloured fringe).
                #expect(px.r >= 254 && abs(Int(px.g) - Int(px.b)) <= 1, "fringe at (\(x), \(y)): \(px)")
                let alpha = 1 - Double(px.g) / 255
                if coverage > 0 && coverage < 1 {
                    edgePixels += 1
                    edgeError += abs(alpha - coverage)
                }
                // A staircase would leave pixels half covered but fully opaque or empty.
                if coverage > 0.15 && coverage < 0.85 {
                    halfCovered += 1
                    if alpha > 0.05 && alpha < 0.95 { intermediate += 1 }
                }
            }
        }
        #expect(edgePixels > 200)
        #expect(edgeError / Double(edgePixels) < 0.04, "mean edge error \(edgeError / Double(edgePixels))")
        #expect(intermediate == halfCovered, "\(intermediate) of \(halfCovered) half-covered pixels are blended")
    }

    @Test func colrLayersAreDrawnInTheirPaletteColours() throws {
        let line = Shaper.shape(AttributedText("A", attributes: TextAttributes(fonts: [Self.layered], size: 100)))
        guard case .layers(let layers) = Self.layered.colorGlyph(line.glyphs[0].glyph) else {
            Issue.record("no COLR layers"); return
        }
        #expect(layers.map(\.color) == [RGBAColor(r: 255, g: 0, b: 0), RGBAColor(r: 0, g: 0, b: 255), nil])
        #expect(Self.layered.colorGlyph(Self.layered.glyphCount > 2 ? 2 : 0) == nil)  // 'B' has no layers

        let text = AttributedText("AB", attributes: TextAttributes(fonts: [Self.layered], size: 100, color: RGBAColor(r: 0, g: 160, b: 0)))
        let label = try #require(try LabelLayout.layout(text, along: BezPath.line(from: Point(0, 150), to: Point(300, 150))).first)
        var canvas = try RasterCanvas(width: 300, height: 200, background: .white)
        canvas.draw(label)
        let a = label.glyphs[0].origin, b = label.glyphs[1].origin
        #expect(canvas.pixel(x: Int(a.x) + 20, y: Int(a.y) - 20) == RGBAColor(r: 255, g: 0, b: 0))   // back layer
        #expect(canvas.pixel(x: Int(a.x) + 35, y: Int(a.y) - 50) == RGBAColor(r: 0, g: 0, b: 255))   // dot layer
        #expect(canvas.pixel(x: Int(a.x) + 50, y: Int(a.y) - 80) == RGBAColor(r: 0, g: 160, b: 0))   // bar: text colour
        #expect(canvas.pixel(x: Int(b.x) + 50, y: Int(b.y) - 50) == RGBAColor(r: 0, g: 160, b: 0))   // plain glyph
    }

    @Test func svgEmbedsColourBitmapsAsPNGAndLayersAsPaths() throws {
        let text = AttributedText("😀", attributes: TextAttributes(fonts: [Self.sans], size: 64))
        let emoji = try #require(try LabelLayout.layout(text, along: BezPath.line(from: Point(10, 90), to: Point(290, 60))).first)
        let colr = try #require(try LabelLayout.layout(AttributedText("A", attributes: TextAttributes(fonts: [Self.layered], size: 50)),
                                                       along: BezPath.line(from: Point(100, 150), to: Point(290, 150))).first)
        var svg = SVGDocument(width: 300, height: 200)
        svg.draw(emoji)
        svg.draw(colr)
        let text2 = svg.text
        #expect(text2.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        #expect(svg.elements.filter { $0.hasPrefix("<image") }.count == 1)
        #expect(text2.contains("fill=\"#ff0000\"") && text2.contains("fill=\"#0000ff\""))
        // The image's PNG holds the bitmap's own pixels.
        let element = try #require(svg.elements.first { $0.hasPrefix("<image") })
        let start = try #require(element.range(of: "base64,")).upperBound
        let end = try #require(element[start...].firstIndex(of: "\""))
        let png = try #require(Data(base64Encoded: String(element[start..<end])))
        let decoded = try PNGCodec.decode(Array(png)) { _, _ in }
        guard case .bitmap(let b) = emoji.font(of: emoji.glyphs[0]).colorGlyph(emoji.glyphs[0].glyph) else { Issue.record("no bitmap"); return }
        #expect(decoded.width == b.width && decoded.height == b.height)
        var worst = 0
        for i in stride(from: 0, to: b.premultipliedRGBA.count, by: 4) where decoded.rgba[i + 3] > 0 {
            let a = Int(decoded.rgba[i + 3])
            #expect(a == Int(b.premultipliedRGBA[i + 3]))
            worst = max(worst, abs(Int(decoded.rgba[i]) * a / 255 - Int(b.premultipliedRGBA[i])))
        }
        #expect(worst <= 1)
        // Well-formed XML: the document parses.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-colour-\(getpid()).svg")
        try svg.write(to: url.path)
        defer { try? FileManager.default.removeItem(at: url) }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
            p.arguments = ["--noout", url.path]
            try p.run(); p.waitUntilExit()
            #expect(p.terminationStatus == 0)
        }
        #expect(XMLParser(contentsOf: url)?.parse() == true)
    }
}
