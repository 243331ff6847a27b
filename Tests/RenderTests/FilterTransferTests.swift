import Testing
import Geometry
@testable import Shaping
@testable import Render

/// feComponentTransfer's functions (FilterTransfer.swift), with numbers.
@Suite struct FilterTransferTests {
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
