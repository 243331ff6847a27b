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
}
