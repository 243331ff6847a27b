import Testing
import Foundation
import TestSupport
@testable import Shaping
@testable import Layout

/// Chromium's whole-device-pixel rounding of vertical text (DevicePixelVerticalMetrics), on the resvg suite's
/// fonts at the sizes its vertical tests reach in Chromium's references (20 px at device scale 3: 60 px).
/// VerticalRoundingChromiumTests measures the same numbers in Chromium's screenshots.
@Suite struct DevicePixelVerticalMetricsTests {
    static let suiteFonts = PackagePaths.root + "/fixtures/resvg-text/fonts"
    static let mplus = try! Typeface(path: suiteFonts + "/MPLUS1p-Regular.ttf")
    static let amiri = try! Typeface(path: suiteFonts + "/Amiri-Regular.ttf")

    /// Blink's ascent and descent: Mplus 1p at 60 px has 64.5 and 19.2 px (hhea 1075 and −320 per 1000),
    /// rounded to 65 and 19; the descent was rounded down, so it takes a pixel of the ascent: 64 and 20. Its
    /// central baseline then sits (64 − 20) / 2 = 22 px above the alphabetic one instead of 22.65: a sideways
    /// H moves 0.65 px across its column, which Chromium's screenshot shows (0.64 px).
    @Test func ascentAndDescentRoundToWholePixelsARoundedDownDescentBorrowingOne() {
        let m = DevicePixelVerticalMetrics.rounded(Self.mplus.metrics(size: 60))
        #expect(abs(Self.mplus.metrics(size: 60).ascender - 64.5) < 1e-9 && abs(Self.mplus.metrics(size: 60).descender + 19.2) < 1e-9)
        #expect(m.ascender == 64 && m.descender == -20)
        // Amiri at 60 px: 67.38 and 38.09 px round down to 67 and 38, the descent borrowing: 66 and 39.
        let a = DevicePixelVerticalMetrics.rounded(Self.amiri.metrics(size: 60))
        #expect(a.ascender == 66 && a.descender == -39)
        // A descent rounded up borrows nothing: Mplus 1p at 40 px, 43 and 12.8 px, gives 43 and 13.
        let b = DevicePixelVerticalMetrics.rounded(Self.mplus.metrics(size: 40))
        #expect(b.ascender == 43 && b.descender == -13)
    }

    /// An upright glyph of a font with vmtx (Mplus 1p) is drawn below its vertical origin by its top from
    /// Skia's whole-pixel glyph box: こ's top, 713 units, is 42.78 px at 60 px and Skia's box says 43, so
    /// the glyph drops 0.22 px. Above 256 px Skia measures the box at 64 px: at 300 px the top is 45.632 px
    /// at 64, rounded up to 46, 215.625 px at 300, where the exact top is 213.9: a drop of 1.725 px.
    @Test func anUprightGlyphDropsToSkiasWholePixelTop() throws {
        #expect(Self.mplus.verticalOrigins == .topSideBearings)
        let ko = try #require(Self.mplus.harfBuzz.glyph(for: "こ"))
        #expect(Self.mplus.outlineControlBox(glyph: ko, emboldened: false).maxY == 713)
        #expect(abs(DevicePixelVerticalMetrics.uprightDrop(Self.mplus, glyph: ko, size: 60, offset: 0) - 0.22) < 1e-9)
        #expect(abs(DevicePixelVerticalMetrics.uprightDrop(Self.mplus, glyph: ko, size: 300, offset: 0) - 1.725) < 1e-9)
        // A glyph without contours keeps HarfBuzz's origin.
        let space = try #require(Self.mplus.harfBuzz.glyph(for: "\u{3000}"))
        #expect(DevicePixelVerticalMetrics.uprightDrop(Self.mplus, glyph: space, size: 60, offset: 0) == 0)
    }

    /// A font without vmtx (Amiri): Blink puts the vertical origin the whole-pixel ascent (66 px at 60 px)
    /// above the horizontal origin, where HarfBuzz centres the glyph's ink; the drop is the difference from
    /// HarfBuzz's offset.
    @Test func withoutVmtxTheOriginIsTheRoundedAscentAbove() throws {
        #expect(Self.amiri.verticalOrigins == .none)
        let alef = try #require(Self.amiri.harfBuzz.glyph(for: "ا"))
        #expect(DevicePixelVerticalMetrics.uprightDrop(Self.amiri, glyph: alef, size: 60, offset: -70) == 66 - 70)
    }
}
