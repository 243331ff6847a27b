import Pipeline
import Testing
import Foundation
import Geometry
import Shaping
import Layout
@testable import Requests

@Suite struct SceneJSONTests {
    func decode(_ json: String) throws(SceneError) -> Scene { try SceneJSON.decode(Array(json.utf8)) }

    func error(_ json: String) -> String? {
        do { _ = try decode(json); return nil } catch { return error.description }
    }

    @Test func readsAMinimalScene() throws {
        let s = try decode(#"{"width": 100, "height": 50}"#)
        #expect(s.width == 100 && s.height == 50 && s.shapes.isEmpty && s.labels.isEmpty)
    }

    @Test func errorsNameTheJSONPath() {
        #expect(error(#"{"width": "wide", "height": 50}"#) == "width: expected a whole number from 1 to 1000000, got \"wide\"")
        #expect(error(#"{"width": 400.5, "height": 50}"#) == "width: expected a whole number from 1 to 1000000, got 400.5")
        #expect(error(#"{"height": 50}"#) == "width: required (or give fitCanvas: a margin in pixels, to fit the canvas to the labels)")
        #expect(error(##"{"width": 1, "height": 1, "labels": [{}, {}, {"text": "x", "path": "M0 0", "colour": "#fff"}]}"##)
                == "labels[2].colour: unknown key (did you mean color?)")
        #expect(error(#"{"width": 1, "height": 1, "shapes": [{"type": "circle", "radius": "big"}]}"#)
                == "shapes[0].radius: expected a number, got \"big\"")
        #expect(error("{not json") != nil)
    }

    @Test func resolvingNamesTheBadValue() throws {
        #expect(error(#"{"width": 10, "height": 10, "labels": [{"text": "a", "path": "M0 0 L 9 0"}, {"text": "a", "path": "M0 0 L 9 0"}, {"text": "b", "path": "M0 0 L9 0", "align": "middle-ish"}]}"#)
                == "labels[2].align: expected start|center|end, got \"middle-ish\"")
        #expect(error(#"{"width": 10, "height": 10, "labels": [{"text": "x", "path": "M 0 0 L 10"}]}"#)
                == "labels[0].path: bad path data at character 10: expected a number")
        let resolver = SceneResolver()
        let missing = SceneLabel(text: "x", shape: "ring")
        #expect(throws: SceneError("labels[0].shape", "no shape has the id \"ring\"")) {
            _ = try resolver.resolve(missing, index: 0)
        }
    }

    @Test func roundTripsThroughJSON() throws {
        var shape = SceneShape(type: .ring, id: "band")
        shape.center = Point(50, 50); shape.innerRadius = 30; shape.outerRadius = 40; shape.fill = RGBAColor(rgb: 0x336699)
        var label = SceneLabel(text: "Round trip", shape: "band")
        label.options.offset = .percent(-25); label.options.align = .center; label.style.size = 12
        label.options.overflow = .shrink(minimumSize: 3); label.options.fit = .stretch(length: 80)
        label.style.features = [FeatureSetting(tag: "kern", value: 0), FeatureSetting(tag: "smcp", start: 0, end: 3)]
        label.runs = nil
        let scene = Scene(width: 100, height: 100, background: .white, shapes: [shape], labels: [label])
        let again = try SceneJSON.decode(SceneJSON.encode(scene))
        #expect(again == scene)
    }

    @Test func shapesBecomeTheirPaths() throws {
        var ring = SceneShape(type: .ring); ring.center = .zero; ring.innerRadius = 10; ring.outerRadius = 20
        let p = try ring.path(at: "shapes[0]")
        #expect(p.subpaths.count == 2)
        #expect(abs(try PathMeasure(p).length - 2 * .pi * 30) < 1e-9)
        var sector = SceneShape(type: .sector); sector.center = .zero; sector.innerRadius = 10; sector.outerRadius = 20
        sector.startAngle = 330; sector.endAngle = 30
        let sp = try sector.path(at: "shapes[1]")
        // 60° of two arcs plus two radial lines of 10.
        #expect(abs(try PathMeasure(sp).length - (Double.pi / 3 * 30 + 20)) < 1e-9)
        var bad = SceneShape(type: .circle); bad.center = .zero
        #expect(throws: SceneError("shapes[2].radius", "required for a circle")) { _ = try bad.path(at: "shapes[2]") }
        #expect(error(#"{"width": 1, "height": 1, "shapes": [{"type": "blob"}]}"#)
                == "shapes[0].type: expected circle|ring|sector|arc|rect|path, got \"blob\"")
    }

    @Test func sceneFilesOverTheLimitAreRefusedBeforeReading() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-big-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(SceneJSON.maximumBytes + 1))   // sparse: nothing is written
        try handle.close()
        #expect(throws: SceneError("", "the file is \(SceneJSON.maximumBytes + 1) bytes, over the limit of \(SceneJSON.maximumBytes)")) {
            _ = try SceneJSON.read(path: file)
        }
    }

    @Test func fontFamilyErrorsNameTheirKey() throws {
        let scene = try decode(#"{"width": 10, "height": 10, "labels": [{"text": "a", "path": "M0 0 L9 0", "runs": null, "fontFamily": "No Such Family Anywhere"}]}"#)
        // FontLookup accepts Fontconfig's proposal only when its family matches, so this always fails.
        #expect(throws: SceneError("labels[0].fontFamily", "no installed font matches the family \"No Such Family Anywhere\"")) {
            _ = try SceneResolver().resolve(scene.labels[0], index: 0)
        }
    }

    /// #13 row 12: a stroke width of 1e300 drew nothing; it is refused by name.
    @Test func hugeStrokeWidthIsRefused() throws {
        let scene = try decode(##"{"width": 10, "height": 10, "shapes": [{"type": "circle", "center": [5, 5], "radius": 3, "stroke": "#000", "strokeWidth": 1e300}]}"##)
        #expect(throws: SceneError("shapes[0].strokeWidth", "expected a width above 0 and at most 1000000000, got 1e+300")) {
            _ = try SceneRenderer.render(scene)
        }
    }
}
