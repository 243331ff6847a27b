import Pipeline
import Testing
import Foundation
import Geometry
import Shaping
import Layout
import Render
@testable import Requests

/// Labels on several lines in scene files: the dial's top arc with a German translation.
@Suite struct WrapSceneTests {
    let centre = Point(400, 400), radius = 295.0

    /// The German row of fixtures/l10n/dial.csv, by the English key.
    func german(_ key: String) throws -> String {
        let csv = try String(contentsOfFile: packageRoot + "/fixtures/l10n/dial.csv", encoding: .utf8)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let column = try #require(rows[0].firstIndex(of: key))
        return try #require(rows.first { $0.first == "de" })[column]
    }

    /// The dial scene with its top label (on the span 190°…350° of the track) in German, set large
    /// enough that it needs two lines.
    func dial(baseline: Baseline) throws -> (Scene, String) {
        var scene = try SceneJSON.read(path: packageRoot + "/fixtures/scenes/dial.json")
        let text = try german("SHOW ME THE MONEY")
        #expect(text == "ZEIG MIR DAS GELD")
        scene.labels[0].text = text
        scene.labels[0].style.size = 80
        scene.labels[0].options.overflow = .wrap
        scene.labels[0].options.baseline = baseline
        return (scene, text)
    }

    func dialAngle(_ p: Point) -> Double { Angle.normalized((p - centre).angle) * 180 / .pi }

    /// A German label wraps onto two lines on the top arc, both inside the span, each cluster's midpoint
    /// on its baseline exactly k line heights from the path (to 1e-6 px, measured with the path's nearest
    /// point): the last line on the path, the first one line height outside it.
    @Test func aGermanLabelWrapsOnTwoLinesOnTheTopArc() throws {
        var (scene, text) = try dial(baseline: .alphabetic)
        // On one line it does not fit the span.
        var single = scene
        single.labels[0].options.overflow = .visible
        let one = try SceneRenderer.render(single, resolver: SceneResolver(fontsDir: fontsDir)).labels[0]
        #expect(one.advance > one.pathLength)

        let label = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir)).labels[0]
        #expect(label.lines == 2 && !label.overflow && !label.flipped)
        #expect(label.droppedClusters.isEmpty)
        let bytes = Array(text.utf8)
        let lineTexts = (0..<2).map { i in String(decoding: label.glyphs.filter { $0.line == i }.map { bytes[$0.cluster] }, as: UTF8.self) }
        #expect(lineTexts == ["ZEIG MIR", "DAS GELD"])
        let bold = try Typeface(path: fontsDir + "/NotoSans-Bold.ttf")
        let m = bold.metrics(size: 80)
        let lh = m.ascender - m.descender + m.lineGap
        let track = try PathMeasure(BezPath.circle(center: centre, radius: radius, startAngle: .degrees(180), clockwise: true))
        let spacing = 6.0   // the dial's letterSpacing
        for g in label.glyphs {
            let mid = g.origin + g.direction * ((g.advance + spacing) / 2)
            let k = Double(1 - g.line)
            let nearest = track.nearest(to: mid)
            #expect(abs(nearest.offset - k * lh) < 1e-6, "line \(g.line): \(nearest.offset) vs \(k * lh)")
            #expect(abs(mid.distance(to: centre) - (radius + k * lh)) < 1e-6)
            // Inside the span.
            let a = dialAngle(mid)
            #expect(a > 190 && a < 350, "\(a)")
        }
        scene.labels[0].options.maxLines = 1
        #expect(try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir)).labels[0].overflow)
    }

    /// The same label with the dial's own `middle` baseline: the block is centred on the path.
    @Test func theDialsMiddleBaselineCentresTheBlock() throws {
        let (scene, _) = try dial(baseline: .middle)
        let label = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir)).labels[0]
        #expect(label.lines == 2 && !label.overflow)
        let bold = try Typeface(path: fontsDir + "/NotoSans-Bold.ttf")
        let m = bold.metrics(size: 80)
        let lh = m.ascender - m.descender + m.lineGap
        for g in label.glyphs {
            let mid = g.origin + g.direction * ((g.advance + 6) / 2)
            let expected = radius + (0.5 - Double(g.line)) * lh - m.xHeight / 2
            #expect(abs(mid.distance(to: centre) - expected) < 1e-6)
        }
    }

    /// The options read from JSON: a word or a chain, maxLines, lineHeight; written back the same way.
    @Test func overflowChainsReadAndWrite() throws {
        let label = try SceneJSON.decodeLabel(Array(#"{"overflow": ["shrink", "wrap", "ellipsis"], "minSize": 20, "maxLines": 3, "lineHeight": 50}"#.utf8))
        #expect(label.options.overflow == .chain([.shrink(minimumSize: 20), .wrap, .ellipsis]))
        #expect(label.options.maxLines == 3 && label.options.lineHeight == 50)
        let back = String(decoding: SceneJSON.encodeLabel(label), as: UTF8.self)
        #expect(back.contains(#""overflow":["shrink","wrap","ellipsis"]"#) || back.contains(#""overflow" : ["#))
        #expect(try SceneJSON.decodeLabel(Array(#"{"overflow": "wrap"}"#.utf8)).options.overflow == .wrap)
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(#"{"overflow": []}"#.utf8)) }
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(#"{"overflow": ["wrap", "squeeze"]}"#.utf8)) }
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(#"{"maxLines": 0}"#.utf8)) }
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(#"{"maxLines": 2.5}"#.utf8)) }
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(#"{"lineHeight": 0}"#.utf8)) }
    }

    /// The placements JSON gives the label's line count and each glyph's line.
    @Test func placementsReportLines() throws {
        let (scene, _) = try dial(baseline: .alphabetic)
        let labels = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir)).labels
        let json = PlacementsJSON.encode([labels[0]])
        #expect(json.contains(#""lines":2"#))
        #expect(json.contains(#""line":0"#) && json.contains(#""line":1"#))
        #expect(json.contains(#""code":"wrapped""#))
        #expect(!PlacementsJSON.encode([labels[2]]).contains(#""line""#))
    }

    /// The gallery's German dial (fixtures/scenes/dial-wrap.json, written by hand): both ring labels on
    /// two lines within their halves, the bottom one flipped with its first line nearer the centre.
    @Test func theGermanDialScene() throws {
        let scene = try SceneJSON.read(path: packageRoot + "/fixtures/scenes/dial-wrap.json")
        let labels = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir)).labels
        #expect(labels[0].lines == 2 && !labels[0].overflow && !labels[0].flipped)
        #expect(labels[1].lines == 2 && !labels[1].overflow && labels[1].flipped)
        func radius(_ g: PlacedGlyph) -> Double { (g.origin + g.direction * ((g.advance + 6) / 2)).distance(to: centre) }
        for label in labels.prefix(2) {
            let r0 = label.glyphs.filter { $0.line == 0 }.map(radius), r1 = label.glyphs.filter { $0.line == 1 }.map(radius)
            // The lines sit one line height apart; on the top the first is outside, on the bottom inside.
            let gap = (r0.reduce(0, +) / Double(r0.count)) - (r1.reduce(0, +) / Double(r1.count))
            #expect(label.flipped ? gap < -40 : gap > 40, "\(gap)")
        }
        // Within the ring (250…340) with their ink.
        for label in labels.prefix(2) { for g in label.glyphs { #expect(radius(g) > 250 && radius(g) < 340) } }
    }
}
