import Testing
import Geometry
@testable import Shaping
@testable import Render

/// SVG filter primitives on the raster canvas (FilterRaster.swift, FilterBlur.swift, FilterImage.swift,
/// RasterCanvas+Filter.swift), with numbers: regions, sums, deviations, offsets, operators.
@Suite struct FilterRasterTests {
    /// A `w` × `h` image, transparent but for opaque premultiplied `value` (sRGB) at the pixels `at`.
    func image(_ w: Int, _ h: Int, _ at: [(Int, Int)], value: [Float] = [1, 1, 1, 1]) -> FilterImage {
        var img = FilterImage(width: w, height: h, linear: false)
        for (x, y) in at { for c in 0..<4 { img.pixels[(y * w + x) * 4 + c] = value[c] } }
        return img
    }

    func alphaSum(_ img: FilterImage) -> Double { stride(from: 3, to: img.pixels.count, by: 4).reduce(0) { $0 + Double(img.pixels[$1]) } }

    @Test func floodFillsExactlyTheRegion() throws {
        // A 20 × 20 canvas; a resolved filter region from (3.2, 4) to (12, 9.5): whole pixels 3…11 × 4…9.
        var canvas = try RasterCanvas(width: 20, height: 20)
        canvas.beginGroup()
        let f = FilterEffect(region: Rect(minX: 3.2, minY: 4, maxX: 12, maxY: 9.5), units: .userSpaceOnUse,
                             primitives: [FilterPrimitive(.flood(RGBAColor(r: 0, g: 128, b: 0)))])
        canvas.endGroup(filter: f)
        var inside = 0
        for y in 0..<20 { for x in 0..<20 where canvas.pixel(x: x, y: y).a > 0 {
            inside += 1
            #expect(canvas.pixel(x: x, y: y) == RGBAColor(r: 0, g: 128, b: 0), "(\(x), \(y))")
        } }
        #expect(inside == 9 * 6)
        #expect(canvas.pixel(x: 3, y: 4).a == 255 && canvas.pixel(x: 11, y: 9).a == 255)
        #expect(canvas.pixel(x: 2, y: 4).a == 0 && canvas.pixel(x: 12, y: 4).a == 0 && canvas.pixel(x: 3, y: 10).a == 0)
    }

    @Test func floodInLinearLightIsTheSameColourBack() {
        // 50 % grey flooded in linearRGB, back in sRGB: the colour given (linear 0.2158).
        let img = FilterRaster.apply(FilterEffect(region: Rect(x: 0, y: 0, width: 1, height: 1), units: .userSpaceOnUse,
                                                  primitives: [FilterPrimitive(.flood(RGBAColor(r: 128, g: 128, b: 128, a: 128)))]),
                                     source: FilterImage(width: 1, height: 1, linear: false))
        #expect(img.bytes == [64, 64, 64, 128])
        #expect(abs(FilterImage.toLinear(128 / 255) - 0.2158) < 0.0005)
    }

    @Test func transferTablesAreWithinAFractionOfAByte() {
        // The 4096-step tables against the functions, over 0…1 in steps of 1/65536: far below 1/255.
        var worstLinear: Float = 0, worstSRGB: Float = 0
        FilterImage.linearTable.withUnsafeBufferPointer { lin in
            FilterImage.sRGBTable.withUnsafeBufferPointer { srgb in
                for k in 0...65536 {
                    let v = Float(k) / 65536
                    worstLinear = max(worstLinear, abs(FilterImage.lookUp(lin, v) - FilterImage.toLinear(v)))
                    worstSRGB = max(worstSRGB, abs(FilterImage.lookUp(srgb, v) - FilterImage.toSRGB(v)))
                }
            }
        }
        #expect(worstLinear < 1e-6, "\(worstLinear)")
        #expect(worstSRGB < 1e-4, "\(worstSRGB)")
        print("transfer tables: worst error \(worstLinear) (to linear), \(worstSRGB) (to sRGB)")
    }

    @Test func boxSizesAreTheSpecs() {
        // d = ⌊σ·3√(2π)/4 + 0.5⌋: σ = 2 → 4 (even: boxes of 4, 4 and 5), σ = 4 → 8, σ = 3 → 6, σ = 5 → 9 (odd).
        #expect(FilterRaster.blurPasses(sigma: 2) == [.box(lo: -2, hi: 1), .box(lo: -1, hi: 2), .box(lo: -2, hi: 2)])
        #expect(FilterRaster.blurPasses(sigma: 4) == [.box(lo: -4, hi: 3), .box(lo: -3, hi: 4), .box(lo: -4, hi: 4)])
        #expect(FilterRaster.blurPasses(sigma: 5) == Array(repeating: .box(lo: -4, hi: 4), count: 3))
        #expect(FilterRaster.blurPasses(sigma: 0).isEmpty)
        guard case .kernel(let w) = FilterRaster.blurPasses(sigma: 1).first else { Issue.record("σ = 1 is a kernel"); return }
        #expect(w.count == 7)
        #expect(abs(w.reduce(0, +) - 1) < 1e-12)
    }

    /// A point blurred by `sigma`: the sum is kept, the spread along x and y is the deviation (within the
    /// box approximation's error), and the picture is symmetric.
    @Test(arguments: [0.7, 1.5, 2.0, 4.0, 7.3])
    func blurOfAPointKeepsTheSumAndHasTheDeviation(sigma: Double) {
        let n = 81, c = 40
        let out = FilterRaster.blur(image(n, n, [(c, c)]), x: sigma, y: sigma)
        #expect(abs(alphaSum(out) - 1) < 1e-4)
        var varX = 0.0, meanX = 0.0
        for y in 0..<n { for x in 0..<n {
            let a = Double(out.pixels[(y * n + x) * 4 + 3])
            meanX += a * Double(x); varX += a * Double((x - c) * (x - c))
        } }
        // The box blur's mean is the point (the even boxes' half-pixel shifts cancel), its variance within 10 %.
        #expect(abs(meanX - Double(c)) < 1e-3)
        let measured = varX.squareRoot()
        #expect(abs(measured - sigma) / sigma < 0.1, "σ \(sigma): measured \(measured)")
        #expect(abs(out.pixels[(c * n + c - 3) * 4 + 3] - out.pixels[(c * n + c + 3) * 4 + 3]) < 1e-6)
        #expect(abs(out.pixels[((c - 3) * n + c) * 4 + 3] - out.pixels[((c + 3) * n + c) * 4 + 3]) < 1e-6)
    }

    @Test func blurAlongOneAxisLeavesTheOther() {
        let out = FilterRaster.blur(image(21, 21, [(10, 10)]), x: 3, y: 0)
        for y in 0..<21 where y != 10 { for x in 0..<21 { #expect(out.pixels[(y * 21 + x) * 4 + 3] == 0) } }
        #expect(out.pixels[(10 * 21 + 13) * 4 + 3] > 0)
    }

    @Test func offsetMovesByWholePixels() {
        let out = FilterRaster.offset(image(10, 10, [(2, 3)]), dx: 4, dy: -2)
        #expect(out.pixels[(1 * 10 + 6) * 4 + 3] == 1)
        #expect(alphaSum(out) == 1)
        // Moved out of the region: gone.
        #expect(alphaSum(FilterRaster.offset(image(10, 10, [(2, 3)]), dx: -3, dy: 0)) == 0)
    }

    @Test func compositeOperatorsOnOnePixel() {
        // A: red at alpha 0.6, B: blue at alpha 0.5 (premultiplied).
        let a = image(1, 1, [(0, 0)], value: [0.6, 0, 0, 0.6]), b = image(1, 1, [(0, 0)], value: [0, 0, 0.5, 0.5])
        func px(_ op: FilterCompositeOperator) -> [Float] { FilterRaster.composite(a, b, op).pixels }
        func near(_ x: [Float], _ y: [Float]) -> Bool { zip(x, y).allSatisfy { abs($0 - $1) < 1e-6 } }
        #expect(near(px(.over), [0.6, 0, 0.2, 0.8]))
        #expect(near(px(.in), [0.3, 0, 0, 0.3]))
        #expect(near(px(.out), [0.3, 0, 0, 0.3]))
        #expect(near(px(.atop), [0.3, 0, 0.2, 0.5]))
        #expect(near(px(.xor), [0.3, 0, 0.2, 0.5]))
        // k2 = k3 = 1: a plus b, clamped; k4 = 0.5 alone: 0.5 everywhere, the colour kept within alpha.
        #expect(near(px(.arithmetic(k1: 0, k2: 1, k3: 1, k4: 0)), [0.6, 0, 0.5, 1]))
        #expect(near(px(.arithmetic(k1: 0, k2: 0, k3: 0, k4: 0.5)), [0.5, 0.5, 0.5, 0.5]))
        #expect(near(px(.arithmetic(k1: 1, k2: 0, k3: 0, k4: 0)), [0, 0, 0, 0.3]))
    }

    @Test func colorMatrixOnStraightAlpha() {
        // Luminance to alpha of opaque white: alpha 1, colour 0; of a half-transparent pure green: 0.7154.
        let l2a: [Double] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
        #expect(FilterRaster.colorMatrix(image(1, 1, [(0, 0)]), l2a).pixels.map { ($0 * 1e4).rounded() / 1e4 } == [0, 0, 0, 1])
        let g = FilterRaster.colorMatrix(image(1, 1, [(0, 0)], value: [0, 0.5, 0, 0.5]), l2a).pixels
        #expect(abs(g[3] - 0.7154) < 1e-6)
        // Alpha times 0.5 (the matrix's a row): the colour stays (straight), premultiplied by the new alpha.
        var half: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
        half[18] = 0.5
        #expect(FilterRaster.colorMatrix(image(1, 1, [(0, 0)], value: [0.8, 0, 0, 0.8]), half).pixels == [0.4, 0, 0, 0.4])
    }

    @Test func mergeNamedResultsAndSourceAlpha() {
        // A drop shadow: SourceAlpha offset by (2, 1), flooded red, under the source.
        let src = image(8, 8, [(2, 2)], value: [0, 0, 1, 1])
        let f = FilterEffect(region: Rect(x: 0, y: 0, width: 8, height: 8), units: .userSpaceOnUse, primitives: [
            FilterPrimitive(.offset(dx: 2, dy: 1), input: .sourceAlpha, result: "moved"),
            FilterPrimitive(.flood(RGBAColor(r: 255, g: 0, b: 0))),
            FilterPrimitive(.composite(.in, in2: .named("moved"))),
            FilterPrimitive(.merge([.previous, .sourceGraphic])),
        ])
        let out = FilterRaster.apply(f, source: src).bytes
        #expect(Array(out[(2 * 8 + 2) * 4..<(2 * 8 + 3) * 4]) == [0, 0, 255, 255])
        #expect(Array(out[(3 * 8 + 4) * 4..<(3 * 8 + 5) * 4]) == [255, 0, 0, 255])
        #expect(out.enumerated().filter { $0.offset % 4 == 3 && $0.element > 0 }.count == 2)
    }

    @Test func blurInLinearLightDiffersFromSRGB() {
        // A white pixel next to black ones, blurred: in linearRGB the spread light is brighter once back in sRGB.
        var src = FilterImage(width: 9, height: 1, linear: false)
        for x in 0..<9 { src.pixels[x * 4 + 3] = 1 }
        for c in 0..<3 { src.pixels[4 * 4 + c] = 1 }
        func run(_ linear: Bool) -> [UInt8] {
            FilterRaster.apply(FilterEffect(region: Rect(x: 0, y: 0, width: 9, height: 1), units: .userSpaceOnUse,
                                            primitives: [FilterPrimitive(.gaussianBlur(x: 1, y: 0), linearRGB: linear)]), source: src).bytes
        }
        let lin = run(true), s = run(false)
        #expect(lin[5 * 4] > s[5 * 4] + 20)
    }

    @Test func resolvedRegionAndLengths() throws {
        // objectBoundingBox defaults on a 100 × 50 box at (10, 20), scaled by 2: 10 % beyond each side.
        let f = FilterEffect(transform: .scale(2), primitives: [FilterPrimitive(.gaussianBlur(x: 3, y: 1)), FilterPrimitive(.offset(dx: 4, dy: -1))])
        let r = try #require(f.resolved(box: Rect(x: 10, y: 20, width: 100, height: 50)))
        #expect(abs(r.region.minX - 0) < 1e-9 && abs(r.region.minY - 15) < 1e-9 && abs(r.region.maxX - 120) < 1e-9 && abs(r.region.maxY - 75) < 1e-9)
        #expect(r.primitives[0].operation == .gaussianBlur(x: 6, y: 2))
        #expect(r.primitives[1].operation == .offset(dx: 8, dy: -2))
        #expect(f.resolved(box: nil) == nil)
        // primitiveUnits objectBoundingBox: fractions of the box on the canvas.
        var g = f
        g.primitiveUnits = .objectBoundingBox
        g.primitives = [FilterPrimitive(.gaussianBlur(x: 0.1, y: 0.1))]
        #expect(g.resolved(box: Rect(x: 0, y: 0, width: 100, height: 50))?.primitives[0].operation == .gaussianBlur(x: 10, y: 5))
    }

    @Test func svgDocumentWritesTheFilter() {
        var doc = SVGDocument(width: 10, height: 10)
        doc.openGroup()
        doc.addPath(.polyline([Point(1, 1), Point(5, 1), Point(5, 5)], closed: true), fill: .black)
        doc.closeGroup(filter: FilterEffect(region: Rect(x: 0, y: 0, width: 10, height: 8), units: .userSpaceOnUse, primitives: [
            FilterPrimitive(.gaussianBlur(x: 2, y: 2), input: .sourceAlpha, result: "blur"),
            FilterPrimitive(.offset(dx: 1, dy: 1), input: .named("blur"), linearRGB: false),
            FilterPrimitive(.merge([.previous, .sourceGraphic])),
        ]))
        let t = doc.text
        #expect(t.contains("<filter id=\"filter1\" filterUnits=\"userSpaceOnUse\" primitiveUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"10\" height=\"8\">"))
        #expect(t.contains("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"2 2\" result=\"r0\"/>"))
        #expect(t.contains("<feOffset in=\"r0\" dx=\"1\" dy=\"1\" color-interpolation-filters=\"sRGB\"/>"))
        #expect(t.contains("<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>"))
        #expect(t.contains("<g filter=\"url(#filter1)\"><path"))
    }
}
