import Testing
import TestSupport
import Geometry
@testable import Shaping

/// Which strike of a bitmap font draws a glyph: the smallest at least as large as the size, else the
/// largest (Skia's rule, so what Chromium draws).
@Suite struct StrikeChoiceTests {
    let ppems = [64, 128, 256, 512].map { $0 * 64 }

    @Test func theSmallestStrikeAtLeastAsLargeAsTheSize() {
        #expect(StrikeChoice.best(for: 96, among: ppems) == 1)
        #expect(StrikeChoice.best(for: 128, among: ppems) == 1)
        #expect(StrikeChoice.best(for: 128.01, among: ppems) == 2)
        #expect(StrikeChoice.best(for: 1, among: ppems) == 0)
        #expect(StrikeChoice.best(for: 192, among: [512, 256, 64].map { $0 * 64 }) == 1)   // in any order
    }

    @Test func theLargestAboveEveryStrikeAndNoneWithout() {
        #expect(StrikeChoice.best(for: 600, among: ppems) == 3)
        #expect(StrikeChoice.best(for: 12, among: []) == nil)
        #expect(StrikeChoice.largest(of: [5, 9, 9, 2]) == 1)
    }

    /// resvg's sbix font (strikes of 64, 128, 256 and 512 ppem, each labelled with its size): a glyph at
    /// 96 px comes from the 128 strike, and with no size from the largest.
    @Test func anSbixGlyphComesFromTheStrikeForItsSize() throws {
        let font = try Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/CFF-and-SBIX.otf"))
        let glyph = try #require(font.harfBuzz.glyph(for: "A"))
        guard case .bitmap(let at96)? = font.colorGlyph(glyph, size: 96),
              case .bitmap(let largest)? = font.colorGlyph(glyph),
              case .bitmap(let at600)? = font.colorGlyph(glyph, size: 600) else { Issue.record("no sbix bitmap"); return }
        #expect(at96.pixelsPerEm == 128)
        #expect(largest.pixelsPerEm == 512)
        #expect(at600.pixelsPerEm == 512)
        // The same glyph box at any strike: the bitmap scales to the size.
        let a = at96.transform(size: 96).apply(Point(Double(at96.width), Double(at96.height)))
        let b = largest.transform(size: 96).apply(Point(Double(largest.width), Double(largest.height)))
        #expect(abs(a.x - b.x) < 1.5 && abs(a.y - b.y) < 1.5, "\(a) vs \(b)")
    }
}
