import Pipeline
import Testing
import Foundation
import Geometry
import Shaping
import Layout
import Render
@testable import Requests

/// The multilingual gallery scene (`fixtures/scenes/world-ring.json`, written by hand): nine scripts and
/// colour emoji, the CJK and emoji from the system's fonts.
@Suite struct WorldRingSceneTests {
    @Test func everyScriptAndEmojiFindsAFontAndTheEmojiAreInColour() throws {
        let root = String(fontsDir.dropLast("/Fonts".count))
        let scene = try SceneJSON.read(path: root + "/fixtures/scenes/world-ring.json")
        let rendered = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir))
        #expect(rendered.labels.count == 6)
        for label in rendered.labels {
            #expect(label.diagnostics.isEmpty, "\(label.diagnostics)")
            #expect(!label.overflow && label.droppedClusters.isEmpty)
            #expect(label.glyphs.allSatisfy { $0.glyph != 0 })
        }
        // The system's fonts are real files, and the emoji font among them is a colour font. (Not a count of
        // fonts: with fonts-noto-cjk installed one font draws Japanese, Chinese and Korean alike.)
        let system = Set(rendered.labels.flatMap { l in l.glyphs.map(l.font(of:)) }.filter { !$0.isEmbedded }.map(ObjectIdentifier.init))
        let systemFonts = rendered.labels.flatMap { l in l.glyphs.map(l.font(of:)) }.filter { system.contains(ObjectIdentifier($0)) }
        #expect(!systemFonts.isEmpty)
        for font in systemFonts { #expect(font.absolutePath.map(FileManager.default.fileExists) == true, "\(font.name)") }
        #expect(systemFonts.contains { $0.hasColorGlyphs } && systemFonts.contains { !$0.hasColorGlyphs })
        // The emoji ring is in colour: saturated pixels inside the white disc (radius < 240).
        var saturated = 0
        let c = rendered.canvas
        for y in stride(from: 160, to: 640, by: 2) {
            for x in stride(from: 160, to: 640, by: 2) where Point(Double(x), Double(y)).distance(to: Point(400, 400)) < 238 {
                let p = c.pixel(x: x, y: y)
                if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 120 { saturated += 1 }
            }
        }
        #expect(saturated > 1000, "\(saturated)")
        // The top label reads left to right, the bottom one is flipped to read left to right too.
        #expect(!rendered.labels[0].flipped && rendered.labels[1].flipped)
    }
}
