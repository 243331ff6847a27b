import Testing
import Geometry
@testable import Shaping
@testable import Render

/// feBlend's modes on premultiplied pixels (FilterBlend.swift), with numbers.
@Suite struct FilterBlendTests {
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
}
