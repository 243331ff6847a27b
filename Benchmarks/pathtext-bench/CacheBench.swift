import Foundation
import Geometry
import Shaping
import Layout
import Requests
import Placer
import Check

/// `cache/…`: how often the shared shaping cache (``ShapeCache/shared``) answers in the jobs that repeat
/// labels, from its own counters (cleared before each figure).
/// - `cache/helsinki/…`: the placer on the Helsinki roads: one placement from a cold cache (the placer
///   itself shapes each label style once per placement), then the same map cut into 512 px metatiles
///   (256 px tiles, a 64 px buffer) as a tile server places it, one placement per metatile, then the
///   whole map placed again (the next render of the same data).
/// - `cache/dial-50-locales/…`: the locale check of the dial in 50 locales from a cold cache, and run again
///   (a translator's second check after editing one string).
enum CacheBench {
    static func run(_ config: BenchConfig, fontsDir: String, root: String) -> [Row] {
        let cache = ShapeCache.shared
        func fresh() { cache.removeAll(); cache.resetStatistics() }
        func row(_ name: String, _ s: ShapeCache.Statistics, _ what: String) -> Row {
            progress("\(name): \(s)")
            return makeRow(name, unit: "%", ours: [100 * s.hitRate],
                           note: "\(what): \(s.hits) hits, \(s.misses) misses; \(s.entries) entries, \(s.bytes / 1024) KiB (budget \(s.byteBudget / 1024) KiB), \(s.evictions) evictions")
        }
        var rows: [Row] = []

        let file = SmokeCheck.helsinkiFile(config, root: root) ?? root + "/fixtures/osm/helsinki-roads.json"  // smoke: a few ways
        if let bytes = FileManager.default.contents(atPath: file) {
            let document = try! PlaceDocument.decode(Array(bytes))
            let resolver = SceneResolver(fontsDir: fontsDir)
            fresh()
            let first = try! document.place(resolver: resolver)
            rows.append(row("cache/helsinki/cold", cache.statistics,
                            "one placement of \(document.requests.count) named ways (\(first.paths) paths, \(first.placed.count) labels) from an empty cache"))
            cache.resetStatistics()
            let w = Double(document.scene.width), h = Double(document.scene.height), size = 512.0
            var metatiles = 0
            for y in stride(from: 0.0, to: h, by: size) {
                for x in stride(from: 0.0, to: w, by: size) {
                    _ = try! Metatile.place(document.requests, obstacles: document.obstacles,
                                            metatile: Rect(x: x, y: y, width: min(size, w - x), height: min(size, h - y)),
                                            tileSize: 256, buffer: 64, options: document.options, resolver: resolver)
                    metatiles += 1
                }
            }
            rows.append(row("cache/helsinki/metatiles", cache.statistics,
                            "the same map as \(metatiles) metatiles of 512 px (256 px tiles, 64 px buffer), one placement each, after the cold placement"))
            cache.resetStatistics()
            _ = try! document.place(resolver: resolver)
            rows.append(row("cache/helsinki/again", cache.statistics, "the whole map placed again"))
        } else {
            progress("cache: cannot read \(file)")
        }

        let (scene, strings) = CheckBench.dialInputs()
        let resolver = SceneResolver(fontsDir: fontsDir)
        resolver.systemFallback = false
        fresh()
        _ = try! LocaleChecker.check(scene, strings: strings, resolver: resolver)
        rows.append(row("cache/dial-50-locales/cold", cache.statistics,
                        "the dial's 4 labels in \(strings.locales.count) locales from an empty cache (each locale's language is in the key)"))
        cache.resetStatistics()
        _ = try! LocaleChecker.check(scene, strings: strings, resolver: resolver)
        rows.append(row("cache/dial-50-locales/again", cache.statistics, "the same check run again"))
        fresh()
        return rows
    }
}
