import Testing
import Geometry
@testable import Shaping
@testable import Render

/// Filter images (FilterImage.swift): the sRGB transfer tables.
@Suite struct FilterImageTests {
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
}
