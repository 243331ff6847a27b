import Testing
import Geometry
@testable import Shaping
import TestSupport

/// The embedded fonts (`Fonts/`).
let fontsDir = PackagePaths.fonts

@Suite struct TypefaceTests {
    @Test func loadsNotoSansWithItsMetrics() throws {
        let font = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
        #expect(font.unitsPerEm == 1000)
        #expect(font.familyName == "Noto Sans")
        let m = font.metrics(size: 100)
        #expect(abs(m.ascender - 106.9) < 0.01)   // OS/2 typo ascender 1069
        #expect(abs(m.descender + 29.3) < 0.01)   // -293
        #expect(m.xHeight > 50 && m.xHeight < 56) // 536
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: FontError.unreadable(path: "/nope/x.ttf", reason: "no such file")) { () throws -> Void in
            _ = try Typeface(path: "/nope/x.ttf")
        }
    }

    @Test func garbageBytesAreNotAFont() {
        #expect(throws: FontError.self) { () throws -> Void in _ = try Typeface(bytes: [UInt8](repeating: 7, count: 100), name: "junk.ttf") }
    }

    @Test func outlineOfOIsTwoClosedContours() throws {
        let font = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
        let g = font.harfBuzz.glyph(for: "O")!
        let path = font.outline(glyph: g, size: 100)
        #expect(path.subpaths.count == 2)
        #expect(path.subpaths.allSatisfy { $0.isClosed })
        // Ink of "O" sits on the baseline and rises to cap height (y down: negative).
        let ys = path.flattened(tolerance: 0.01).flatMap { $0.map(\.y) }
        #expect(abs(ys.max()! - 1.0) < 2)        // overshoot below the baseline ≈ 1 px
        #expect(abs(ys.min()! + 72.9) < 2)       // cap height 714 + overshoot
    }
}
