import Support
import Foundation
import Testing
import Geometry
@testable import Shaping

/// Outlines read from many threads through the lock-free table equal those of a font read by one thread.
@Suite struct OutlineTableTests {
    /// Four threads ask a fresh font for every glyph in different orders, racing to load each one first;
    /// every answer equals the outline a second fresh font gives single-threaded. Run under
    /// `make sanitize` (TSan) for the atomics.
    @Test func racingThreadsSeeTheSingleThreadedOutlines() throws {
        let path = fontsDir + "/NotoSans-Regular.ttf"
        let shared = try Typeface(path: path), reference = try Typeface(path: path)
        let glyphs = (0..<UInt32(min(shared.glyphCount, 1200)))
        let expected = glyphs.map { reference.outline(glyph: $0) }
        #expect(expected.filter { !$0.subpaths.isEmpty }.count > 1000)
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            // Each thread walks the glyphs with its own stride, so loads race on different glyphs.
            let stride = [1, 7, 13, 31][t], n = glyphs.count
            var bad = 0
            for k in 0..<n {
                let g = UInt32((k * stride + t * 101) % n)
                if shared.outline(glyph: g) != expected[Int(g)] { bad += 1 }
            }
            mismatches.withLock { $0 += bad }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// A glyph id past the font's glyphs (only damaged substitutions make one) is an empty outline and
    /// a typed error, never a read outside the table.
    @Test func aGlyphPastTheEndIsAnErrorNotACrash() throws {
        let font = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
        let past = UInt32(font.glyphCount + 5)
        #expect(font.outline(glyph: past).subpaths.isEmpty)
        #expect(throws: FontError.self) { try font.checkedOutline(glyph: past) }
        #expect(!font.outline(glyph: 36).subpaths.isEmpty)
    }

    /// The check before drawing reads the table without a lock: a glyph counts as checked only once its
    /// outline is published as loaded; one not loaded yet, one past the font's glyphs and one FreeType
    /// failed on each stop the scan at their index, so the caller loads (or reports) them.
    @Test func theCheckStopsAtTheFirstGlyphNotPublishedAsLoaded() throws {
        let font = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
        func glyphs(_ ids: [UInt32]) -> [ShapedGlyph] { ids.map { ShapedGlyph(glyph: $0, cluster: 0, advance: 1, size: 16) } }
        func first(_ ids: [UInt32], from start: Int = 0) -> Int {
            glyphs(ids).withUnsafeBufferPointer { font.outlineTable.firstUnloaded($0, from: start) }
        }
        #expect(first([36, 37]) == 0)                     // nothing published yet: no table at all
        _ = font.outline(glyph: 36)
        #expect(first([36, 37, 36]) == 1)                 // 37 not loaded yet
        _ = font.outline(glyph: 37)
        #expect(first([36, 37, 36]) == 3)
        #expect(first([36, 37, 36], from: 2) == 3)
        let past = UInt32(font.glyphCount + 5)
        #expect(first([36, past, 37]) == 1)
        func unreadable(_ ids: [UInt32]) -> UInt32? {
            guard case .unreadableGlyph(_, let glyph, _)? = glyphs(ids).withUnsafeBufferPointer({ font.firstUnreadable($0) }) else { return nil }
            return glyph
        }
        #expect(unreadable([36, 37]) == nil)
        #expect(unreadable([36, past, 37]) == past)
        #expect(unreadable([36, past, 37]) == past)  // asked again: still found
    }

    /// A glyph FreeType failed on is published as a failure, which the lock-free scan never takes for
    /// loaded: a line's second check throws as its first did.
    @Test func aFailedGlyphIsFoundOnEveryCheck() throws {
        let bytes = FontDamageTests.sansBytes
        let h = try #require(TestFonts.sans.harfBuzz.glyph(for: "H"))
        let font = try Typeface(bytes: FontDamage.glyphUnloadable.apply(to: bytes, glyph: Int(h)), name: "t.ttf")
        let line = Shaper.shape(AttributedText("eHe", attributes: TextAttributes(fonts: [font], size: 16, systemFallback: false)))
        let error = FontError.unreadableGlyph(name: "t.ttf", glyph: h, reason: "FreeType error 0x14: invalid outline")
        #expect(throws: error) { try line.checkOutlines() }
        #expect(throws: error) { try line.checkOutlines() }
        let e = try #require(font.harfBuzz.glyph(for: "e"))
        let checked = [e, h, e].map { ShapedGlyph(glyph: $0, cluster: 0, advance: 1, size: 16) }.withUnsafeBufferPointer {
            font.outlineTable.firstUnloaded($0, from: 0)
        }
        #expect(checked == 1)  // the good glyph before it is published as loaded, the failure is not
    }
}
