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
}
