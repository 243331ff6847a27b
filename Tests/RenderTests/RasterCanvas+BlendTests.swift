import Testing
import Geometry
@testable import Shaping
@testable import Render

/// Group blends (RasterCanvas+Blend.swift): the Porter–Duff operators and the blend modes of W3C Compositing
/// and Blending, on premultiplied pixels.
@Suite struct RasterCanvasBlendTests {
    /// `layer` blended onto `backdrop` (one premultiplied pixel each).
    func blend(_ layer: [UInt8], _ backdrop: [UInt8], _ mode: GroupBlend, opacity: Double = 1) -> [UInt8] {
        var out = backdrop
        RasterCanvas.blend(layer, onto: &out, opacity: opacity, mode: mode)
        return out
    }

    let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], none: [UInt8] = [0, 0, 0, 0]
    let halfGrey: [UInt8] = [64, 64, 64, 128]   // grey 0.5 at alpha 0.5, premultiplied

    @Test func porterDuffOperators() {
        #expect(blend(red, blue, .sourceIn) == red && blend(red, none, .sourceIn) == none)
        #expect(blend(red, blue, .destinationIn) == blue && blend(none, blue, .destinationIn) == none)
        #expect(blend(red, blue, .sourceOut) == none && blend(red, none, .sourceOut) == red)
        #expect(blend(red, blue, .destinationOut) == none && blend(none, blue, .destinationOut) == blue)
        #expect(blend(red, blue, .sourceAtop) == red && blend(red, blue, .destinationAtop) == blue)
        #expect(blend(red, blue, .xor) == none && blend(red, none, .xor) == red)
        #expect(blend(red, blue, .plus) == [255, 0, 255, 255])
        // Source-over with half opacity: the layer at half over the backdrop.
        #expect(blend(red, blue, .sourceOver, opacity: 0.5) == [128, 0, 128, 255])
    }

    @Test func separableBlendModes() {
        #expect(blend(red, blue, .multiply) == [0, 0, 0, 255] && blend(red, blue, .screen) == [255, 0, 255, 255])
        #expect(blend(red, blue, .darken) == [0, 0, 0, 255] && blend(red, blue, .lighten) == [255, 0, 255, 255])
        #expect(blend(red, blue, .difference) == [255, 0, 255, 255] && blend(red, blue, .exclusion) == [255, 0, 255, 255])
        // Where the backdrop is transparent the layer shows as it is, whatever the mode.
        for mode in GroupBlend.allCases where mode.isSeparable { #expect(blend(red, none, mode) == red, "\(mode)") }
        // Half-transparent grey over blue, multiplied: s(1 − αd) + d(1 − αs) + αs·αd·Cs·Cd.
        #expect(blend(halfGrey, blue, .multiply) == [0, 0, 191, 255])
        #expect(blend(halfGrey, [128, 128, 128, 255], .overlay) == [128, 128, 128, 255])
    }

    @Test func nonSeparableBlendModes() {
        // Hue of red with the saturation and luminosity of blue: Chromium draws (94, 0, 0) for COLRv1's HSL_HUE.
        #expect(blend(red, blue, .hue) == [94, 0, 0, 255])
        // Blue at red's luminosity (0.3): (0.19, 0.19, 1.19) clipped towards its luminosity, (0.21, 0.21, 1).
        #expect(blend(red, blue, .luminosity) == [54, 54, 255, 255])
    }

    /// A group with bounds keeps and combines only its box (grown to whole pixels and one more): a multiply
    /// there, the canvas elsewhere untouched.
    @Test func aBoundedGroupCombinesOnlyItsBox() throws {
        var c = try RasterCanvas(width: 10, height: 1, background: RGBAColor(r: 0, g: 0, b: 255))
        c.beginGroup(bounds: Rect(minX: 3.2, minY: 0, maxX: 5.5, maxY: 1))   // pixels 2..6
        #expect(c.pixel(x: 2, y: 0) == .transparent && c.pixel(x: 6, y: 0) == .transparent && c.pixel(x: 7, y: 0).b == 255)
        c.fill(BezPath.polyline([Point(0, 0), Point(10, 0), Point(10, 1), Point(0, 1)], closed: true), color: RGBAColor(r: 255, g: 0, b: 0))
        c.beginGroup(bounds: Rect(minX: 3.2, minY: 0, maxX: 5.5, maxY: 1))
        c.fill(BezPath.polyline([Point(0, 0), Point(10, 0), Point(10, 1), Point(0, 1)], closed: true), color: RGBAColor(r: 0, g: 255, b: 0))
        c.endGroup(opacity: 1, blend: .multiply)   // red × green: black
        c.endGroup(opacity: 1)
        #expect(c.pixel(x: 4, y: 0) == RGBAColor(r: 0, g: 0, b: 0))
        // Outside the box the fills went straight onto the canvas (the caller promised not to draw there).
        #expect(c.pixel(x: 0, y: 0) == RGBAColor(r: 0, g: 255, b: 0) && c.pixel(x: 9, y: 0) == RGBAColor(r: 0, g: 255, b: 0))
    }
}
