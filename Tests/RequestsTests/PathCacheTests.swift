import Testing
import Geometry
import Shaping
import Layout
@testable import Requests

/// Paths given again as the same text are parsed and measured once (``PathCache``), and labels laid out
/// on a kept measure are placed exactly as on a fresh one, with the same errors.
@Suite(.serialized) struct PathCacheTests {
    @Test func aKeptPathIsTheParsedPath() throws {
        let cache = PathCache()
        let text = "M 0 100 C 60 60 140 140 200 100"
        let first = try cache.path(svgPathData: text), second = try cache.path(svgPathData: text)
        let parsed = try BezPath(svgPathData: text)
        #expect(first == second && first == parsed)
        #expect(cache.counts.paths == 1)
        // A bad path is refused each time with the parser's error, and not kept.
        #expect(throws: GeometryError.self) { try cache.path(svgPathData: "M 0 0 C 1") }
        #expect(throws: GeometryError.self) { try cache.path(svgPathData: "M 0 0 C 1") }
        #expect(cache.counts.paths == 1)
    }

    @Test func parsedPathsStayWithinTheirSegmentBudget() throws {
        let cache = PathCache()
        // 100 texts of 1.2 KB, each a path of 300 segments: 30 000 segments, over the budget.
        for i in 0..<100 {
            let text = "M \(i) 0" + String(repeating: " h1", count: 300)
            #expect(text.utf8.count <= PathCache.textLimit)
            _ = try cache.path(svgPathData: text)
        }
        #expect(cache.counts.paths == PathCache.parsedSegmentBudget / 300)
    }

    @Test func tablesStayBounded() throws {
        let cache = PathCache()
        for i in 0..<(PathCache.entryLimit + 100) {
            let path = try cache.path(svgPathData: "M 0 \(i) L 100 \(i)")
            #expect(cache.measure(path, segmentsAtMost: 1_000_000) != nil)
        }
        #expect(cache.counts.paths == PathCache.entryLimit && cache.counts.measures == PathCache.entryLimit)
        // Long texts and paths of many segments are not kept.
        let long = "M 0 0" + String(repeating: " L 1 1 L 0 0", count: 200)
        let path = try cache.path(svgPathData: long)
        #expect(cache.measure(path, segmentsAtMost: 1_000_000) == nil)
        #expect(cache.counts.paths == PathCache.entryLimit)
        // Nor one over the caller's segment limit (its own check refuses it).
        let short = try cache.path(svgPathData: "M 0 0 L 5 5 L 9 0")
        #expect(cache.measure(short, segmentsAtMost: 1) == nil && cache.measure(short, segmentsAtMost: 2) != nil)
        // The segment budget holds across evictions.
        let segments = try (0..<300).map { i in try cache.path(svgPathData: "M 0 0" + String(repeating: " L \(i) 1 L 0 \(i)", count: 30)) }
        for p in segments { _ = cache.measure(p, segmentsAtMost: 1_000_000) }
        #expect(cache.counts.segments <= PathCache.segmentBudget && cache.counts.measures >= PathCache.segmentBudget / 60)
    }

    @Test func labelsOnAKeptMeasureArePlacedAsOnAFreshOne() throws {
        let resolver = SceneResolver(fontsDir: fontsDir)
        let requests = [
            ##"{"text": "North 7", "path": "M 0 120 C 60 80 140 160 200 120", "size": 14, "systemFonts": false}"##,
            ##"{"text": "Ring Rd 12", "path": "M 0 120 C 60 80 140 160 200 120", "size": 14, "align": "center", "systemFonts": false}"##,
            ##"{"text": "A label far too long for this short path", "path": "M 0 50 L 120 50", "size": 16, "overflow": "ellipsis", "systemFonts": false}"##,
            ##"{"text": "Closed", "path": "M 100 20 A 80 80 0 1 1 99.9 20 Z", "size": 20, "repeat": 30, "systemFonts": false}"##,
        ]
        for round in 0..<3 {
            for json in requests {
                let label = try resolver.resolve(try SceneJSON.decodeLabel(Array(json.utf8)), index: 0)
                // Kept after the first layout (another suite may empty the shared cache meanwhile, so only
                // right after this label's own call).
                if round > 0 { _ = try label.layout(); #expect(PathCache.shared.holdsMeasure(of: label.path), "\(json)") }
                let kept = try label.layout()
                let direction = label.direction
                let fresh = try LabelLayout.layout(label.text, along: label.path, options: label.options) { ShapeCache.shared.shape($0, direction: direction) }
                #expect(kept.count == fresh.count && !kept.isEmpty && !kept[0].glyphs.isEmpty)
                for (a, b) in zip(kept, fresh) { #expect(a.glyphs == b.glyphs && a.pathLength == b.pathLength, "\(json)") }
                #expect(PlacementsJSON.encode(kept) == PlacementsJSON.encode(fresh))
            }
        }
    }

    /// A path whose coordinates differ only in the sign of a zero is kept on its own (`BezPath`'s `==`
    /// does not tell the zeros apart), so no request is ever placed on a measure of coordinates other than its
    /// own, bit for bit (today's sampling gives both the same tangents, but nothing promises it).
    @Test func signedZerosAreDifferentPaths() throws {
        // (Built by hand: the SVG parser reads "-0" as +0.)
        func line(to y: Double) -> BezPath {
            BezPath(subpaths: [Subpath(start: Point(0, 0), segments: [.line(Line(Point(0, 0), Point(-300, y)))])])
        }
        let a = line(to: -0.0), b = line(to: 0.0)
        #expect(a == b)
        let cache = PathCache()
        #expect(cache.measure(a, segmentsAtMost: 100) != nil)
        #expect(cache.holdsMeasure(of: a) && !cache.holdsMeasure(of: b))
        #expect(cache.measure(b, segmentsAtMost: 100) != nil)
        #expect(cache.holdsMeasure(of: b) && cache.counts.measures == 2)
    }

    @Test func errorsAreThoseOfTheUncachedCall() throws {
        // Two faults at once: the path's own call reports the option before the text; so does the cached one.
        let resolver = SceneResolver(fontsDir: fontsDir)
        var label = try resolver.resolve(try SceneJSON.decodeLabel(Array(##"{"text": "abc", "path": "M 0 0 L 100 0", "systemFonts": false}"##.utf8)), index: 0)
        label.options.limits.textBytes = 1
        label.options.dy = .infinity
        let direction = label.direction
        var expected: LayoutError? = nil
        do { _ = try LabelLayout.layout(label.text, along: label.path, options: label.options) { ShapeCache.shared.shape($0, direction: direction) } }
        catch { expected = error }
        #expect(expected != nil)
        for _ in 0..<2 {
            #expect(throws: expected!) { try label.layout() }
        }
    }
}
