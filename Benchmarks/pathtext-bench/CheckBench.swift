import Foundation
import Geometry
import Shaping
import Layout
import Requests
import Check

/// The locale check: the dial scene's 4 labels in 50 locales (the 31 of fixtures/l10n/dial.csv, then 19
/// of them again under other tags), one core. Peer: laying out the same 200 labels and nothing else
/// (resolve + shape + place), so the ratio is the cost of the check's judgements (fallback fonts, ink
/// overlaps, collisions) on top of the layout it needs anyway. Goal: ≤ 1 s.
enum CheckBench {
    /// The dial scene and its strings in 50 locales.
    static func dialInputs() -> (Scene, StringTable) {
        let root = packageRoot()
        let scene = try! SceneJSON.read(path: root + "/fixtures/scenes/dial.json")
        var strings = try! StringTableReader.read(path: root + "/fixtures/l10n/dial.csv")
        let base = strings.locales
        var k = 0
        while strings.locales.count < 50 {
            let l = base[k % base.count]
            for key in strings.keys { if let t = strings.texts[l]?[key] { strings.set(t, key: key, locale: l + "-x\(k)") } }
            k += 1
        }
        return (scene, strings)
    }

    static func run(_ config: BenchConfig, fontsDir: String) -> [Row] {
        let (scene, strings) = dialInputs()
        // Fonts loaded once, as a long-running checker would; system fallback off so that the figure does
        // not depend on the machine's fonts.
        let resolver = SceneResolver(fontsDir: fontsDir)
        resolver.systemFallback = false
        var shapes: [String: BezPath] = [:], definitions: [String: SceneShape] = [:]
        for (i, s) in scene.shapes.enumerated() where s.id != nil {
            shapes[s.id!] = try! s.path(at: "shapes[\(i)]"); definitions[s.id!] = s
        }
        let localized = strings.locales.flatMap { l in LocaleChecker.scene(scene, locale: l, strings: strings).labels.enumerated().map { $0 } }
        let times = timeInterleaved(config, [
            { blackHole(try! LocaleChecker.check(scene, strings: strings, resolver: resolver)) },
            {
                for (i, label) in localized {
                    blackHole(try! resolver.resolve(label, index: i, shapes: shapes, definitions: definitions).layout())
                }
            },
        ])
        return [makeRow("check/dial-50-locales", ours: times[0], peer: times[1], peerName: "layout only",
                        note: "200 labels, shipped fonts; goal ≤ 1 s")]
    }
}
