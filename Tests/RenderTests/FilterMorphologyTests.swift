import Testing
import Geometry
@testable import Shaping
@testable import Render

/// feMorphology's erode and dilate (FilterMorphology.swift), with numbers.
@Suite struct FilterMorphologyTests {
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
}
