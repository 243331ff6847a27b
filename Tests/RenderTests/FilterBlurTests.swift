import Testing
import Geometry
@testable import Shaping
@testable import Render

/// `feGaussianBlur` (FilterBlur.swift): the spec's box sizes, and a point blurred keeps its sum and has the deviation.
@Suite struct FilterBlurTests {
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
}
