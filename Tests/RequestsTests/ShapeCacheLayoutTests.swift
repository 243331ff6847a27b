import Testing
import Foundation
import Geometry
import Shaping
import Layout
@testable import Requests

/// Labels laid out through the shared shaping cache (``ResolvedLabel/layout()``) are placed exactly as
/// labels shaped afresh.
@Suite struct ShapeCacheLayoutTests {
    static let labels = [
        ##"{"text": "Mannerheimintie", "path": "M 10 100 C 100 20 200 180 300 100", "size": 13, "systemFonts": false}"##,
        ##"{"text": "Mannerheimintie", "path": "M 10 100 C 100 20 200 180 300 100", "size": 13, "color": "#c00000", "letterSpacing": 2, "systemFonts": false}"##,
        ##"{"text": "مرحبا بالعالم", "path": "M 300 100 L 10 100", "size": 20, "align": "center", "systemFonts": false}"##,
        ##"{"text": "नमस्ते दुनिया", "path": "M 10 200 Q 150 50 300 200", "size": 18, "upright": "auto", "systemFonts": false}"##,
        ##"{"text": "A label far too long for this short path", "path": "M 0 50 L 120 50", "size": 16, "overflow": "ellipsis", "systemFonts": false}"##,
        ##"{"text": "office", "path": "M 0 50 L 200 50", "size": 30, "features": "liga=0", "systemFonts": false}"##,
    ]

    func uncached(_ r: ResolvedLabel) throws -> [PlacedLabel] {
        let direction = r.direction
        return try LabelLayout.layout(r.text, along: r.path, options: r.options) { Shaper.shape($0, direction: direction) }
    }

    @Test func cachedPlacementsEqualUncachedOnes() throws {
        let resolver = SceneResolver(fontsDir: fontsDir)
        let before = ShapeCache.shared.statistics
        for _ in 0..<3 {
            for json in Self.labels {
                let resolved = try resolver.resolve(try SceneJSON.decodeLabel(Array(json.utf8)), index: 0)
                let cached = try resolved.layout(), fresh = try uncached(resolved)
                #expect(cached.count == fresh.count && !cached.isEmpty)
                for (a, b) in zip(cached, fresh) {
                    #expect(a.glyphs == b.glyphs, "\(json)")
                    #expect(!a.glyphs.isEmpty)
                    #expect(a.advance == b.advance)
                    #expect(a.start == b.start)
                    #expect(a.flipped == b.flipped)
                    #expect(a.overflow == b.overflow)
                    #expect(a.droppedClusters == b.droppedClusters)
                    #expect(a.size == b.size)
                    #expect(a.diagnostics == b.diagnostics)
                }
            }
        }
        // The second and third rounds were hits (other tests share the cache, so only a lower bound holds).
        #expect(ShapeCache.shared.statistics.hits - before.hits >= 2 * Self.labels.count)
        // The colour and the spacing are the caller's even though the text was shaped for another label.
        let red = try resolver.resolve(try SceneJSON.decodeLabel(Array(Self.labels[1].utf8)), index: 0).layout()[0]
        #expect(red.glyphs[0].color == RGBAColor(r: 0xC0, g: 0, b: 0))
    }
}
