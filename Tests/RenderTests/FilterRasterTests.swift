import Testing
import Geometry
@testable import Shaping
@testable import Render

/// A `w` × `h` image, transparent but for premultiplied `value` (sRGB; opaque white by default) at the pixels `at`.
func image(_ w: Int, _ h: Int, _ at: [(Int, Int)], value: [Float] = [1, 1, 1, 1]) -> FilterImage {
    var img = FilterImage(width: w, height: h, linear: false)
    for (x, y) in at { for c in 0..<4 { img.pixels[(y * w + x) * 4 + c] = value[c] } }
    return img
}

/// The sum of an image's alpha.
func alphaSum(_ img: FilterImage) -> Double { stride(from: 3, to: img.pixels.count, by: 4).reduce(0) { $0 + Double(img.pixels[$1]) } }

/// SVG filter primitives (FilterRaster.swift), with numbers: floods, offsets, operators, matrices, a chain.
@Suite struct FilterRasterTests {
    @Test func floodInLinearLightIsTheSameColourBack() {
        // 50 % grey flooded in linearRGB, back in sRGB: the colour given (linear 0.2158).
        let img = FilterRaster.apply(FilterEffect(region: Rect(x: 0, y: 0, width: 1, height: 1), units: .userSpaceOnUse,
                                                  primitives: [FilterPrimitive(.flood(RGBAColor(r: 128, g: 128, b: 128, a: 128)))]),
                                     source: FilterImage(width: 1, height: 1, linear: false))
        #expect(img.bytes == [64, 64, 64, 128])
        #expect(abs(FilterImage.toLinear(128 / 255) - 0.2158) < 0.0005)
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

    @Test func aSubregionKeepsThePixelsItTouchesAtTheImagesOrigin() {
        // A 10 × 10 image whose top-left pixel is at (100, 50) on the canvas; the flood's subregion
        // x 102.5…105, y 50…53 touches columns 2…4 and rows 0…2: nine pixels.
        let f = FilterEffect(region: Rect(x: 100, y: 50, width: 10, height: 10), units: .userSpaceOnUse, primitives: [
            FilterPrimitive(.flood(.black), subregion: FilterSubregion(x: 102.5, y: 50, width: 2.5, height: 3)),
        ])
        let out = FilterRaster.apply(f, source: FilterImage(width: 10, height: 10, linear: false), origin: (100, 50))
        #expect(alphaSum(out) == 9)
        #expect(out.pixels[(0 * 10 + 2) * 4 + 3] == 1 && out.pixels[(2 * 10 + 4) * 4 + 3] == 1)
        #expect(out.pixels[(0 * 10 + 1) * 4 + 3] == 0 && out.pixels[(3 * 10 + 2) * 4 + 3] == 0 && out.pixels[(0 * 10 + 5) * 4 + 3] == 0)
        var img = image(3, 2, [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)])
        img.keep(PixelRect(x: 1, y: 1, width: 5, height: 5))
        #expect(alphaSum(img) == 2)
        img.keep(.empty)
        #expect(alphaSum(img) == 0)
    }

    @Test func blendModesOnOnePixel() {
        // A (in): red at alpha 0.6, B (in2): blue at alpha 0.5 (premultiplied); a·(1 − αb) + b·(1 − αa) + αa·αb·B.
        let a = image(1, 1, [(0, 0)], value: [0.6, 0, 0, 0.6]), b = image(1, 1, [(0, 0)], value: [0, 0, 0.5, 0.5])
        func px(_ mode: GroupBlend) -> [Float] { FilterRaster.blend(a, b, mode).pixels }
        func near(_ x: [Float], _ y: [Float]) -> Bool { zip(x, y).allSatisfy { abs($0 - $1) < 1e-5 } }
        #expect(near(px(.sourceOver), [0.6, 0, 0.2, 0.8]))      // normal: source-over
        #expect(near(px(.multiply), [0.3, 0, 0.2, 0.8]))
        #expect(near(px(.screen), [0.6, 0, 0.5, 0.8]))
        #expect(near(px(.darken), [0.3, 0, 0.2, 0.8]))
        // luminosity: blue at red's luminosity 0.3, clipped: (0.21348, 0.21348, 1).
        #expect(near(px(.luminosity), [0.3 + 0.3 * 0.213483, 0.3 * 0.213483, 0.5, 0.8]), "\(px(.luminosity))")
        // Transparent both: transparent.
        #expect(FilterRaster.blend(image(1, 1, []), image(1, 1, []), .multiply).pixels == [0, 0, 0, 0])
    }

    @Test func morphologyErodesAndDilatesByWholePixelsWithinTheImage() {
        // A 3 × 2 white block at x 3…5, y 3…4 in a 10 × 8 image.
        let block = image(10, 8, [(3, 3), (4, 3), (5, 3), (3, 4), (4, 4), (5, 4)])
        // Dilate by 1 × 2: x 2…6, y 1…6, 5 × 6 pixels.
        let d = FilterRaster.morphology(block, dilate: true, rx: 1, ry: 2)
        #expect(alphaSum(d) == 30 && d.pixels[(1 * 10 + 2) * 4 + 3] == 1 && d.pixels[(6 * 10 + 6) * 4 + 3] == 1 && d.pixels[(0 * 10 + 2) * 4 + 3] == 0)
        // Erode by 1 × 0 keeps the middle column; by 1 × 1, nothing (the block is two rows high).
        let e = FilterRaster.morphology(block, dilate: false, rx: 1, ry: 0)
        #expect(alphaSum(e) == 2 && e.pixels[(3 * 10 + 4) * 4 + 3] == 1)
        #expect(alphaSum(FilterRaster.morphology(block, dilate: false, rx: 1, ry: 1)) == 0)
        // Outside the image is transparent: a full 5 × 5 image erodes by 1 to its middle 3 × 3 (as Chromium's).
        let full = image(5, 5, (0..<25).map { ($0 % 5, $0 / 5) })
        #expect(alphaSum(FilterRaster.morphology(full, dilate: false, rx: 1, ry: 1)) == 9)
        // Each channel on its own: grey (0.5) beside red dilated by 1 along x, the maximum of each.
        let two = image(2, 1, [(0, 0)], value: [0.5, 0.5, 0.5, 0.5])
        var mixed = two
        for c in 0..<4 { mixed.pixels[4 + c] = [1, 0, 0, 1][c] }
        #expect(FilterRaster.morphology(mixed, dilate: true, rx: 1, ry: 0).pixels == [1, 0.5, 0.5, 1, 1, 0.5, 0.5, 1])
        // Through the chain: radii rounded (1.4 → 1: the 3 × 2 block to 5 × 4), zero along x leaves x (along y by 3:
        // all 8 rows, 3 × 8), a negative or NaN radius passes the input through.
        func run(_ x: Double, _ y: Double) -> FilterImage {
            FilterRaster.apply(FilterEffect(region: Rect(x: 0, y: 0, width: 10, height: 8), units: .userSpaceOnUse,
                                            primitives: [FilterPrimitive(.morphology(dilate: true, x: x, y: y), linearRGB: false)]), source: block)
        }
        #expect(alphaSum(run(1.4, 1.4)) == 20 && alphaSum(run(0, 3)) == 24 && alphaSum(run(-1, 3)) == 6 && alphaSum(run(.nan, .infinity)) == 6)
    }

    @Test func componentTransferFunctionsAndOnePixel() {
        let table = FilterTransferFunction.table([0, 1, 0]), discrete = FilterTransferFunction.discrete([0.2, 0.8])
        #expect(table.apply(0.25) == 0.5 && table.apply(0.75) == 0.5 && table.apply(1) == 0 && table.apply(0.5) == 1)
        #expect(discrete.apply(0.49) == 0.2 && discrete.apply(0.5) == 0.8 && discrete.apply(1) == 0.8)
        #expect(FilterTransferFunction.linear(slope: 2, intercept: -0.5).apply(0.5) == 0.5 && FilterTransferFunction.linear(slope: 2, intercept: -0.5).apply(1) == 1)
        #expect(abs(FilterTransferFunction.gamma(amplitude: 2, exponent: 2, offset: 0.1).apply(0.5) - 0.6) < 1e-12)
        #expect(FilterTransferFunction.table([]).apply(0.3) == 0.3 && FilterTransferFunction.gamma(amplitude: 1, exponent: -1, offset: 0).apply(0) == 1)
        // Premultiplied (0.25, 0.1, 0, 0.5) is straight (0.5, 0.2, 0, 0.5): R linear 2C − 0.5 → 0.5, G as it is,
        // B table [1, 1] → 1, A discrete [0.2, 0.8] → 0.8; premultiplied again (0.4, 0.16, 0.8, 0.8).
        let px = image(1, 1, [(0, 0)], value: [0.25, 0.1, 0, 0.5])
        let out = FilterRaster.componentTransfer(px, [.linear(slope: 2, intercept: -0.5), .identity, .table([1, 1]), discrete])
        #expect(zip(out.pixels, [0.4, 0.16, 0.8, 0.8] as [Float]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(out.pixels)")
    }
}
