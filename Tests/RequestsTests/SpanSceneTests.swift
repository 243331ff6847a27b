import Pipeline
import Testing
import Foundation
import Geometry
import Shaping
import Layout
import Render
@testable import Requests

/// Spans in scene files: degrees on circle and arc shapes, the `arc` shape, and the dial scene's labels.
@Suite struct SpanSceneTests {
    func render(_ json: String) throws -> RenderedScene {
        try SceneRenderer.render(try SceneJSON.decode(Array(json.utf8)), resolver: SceneResolver(fontsDir: fontsDir))
    }

    /// Dial angle (0 at 3 o'clock, clockwise, degrees) of a point about (200, 200).
    func degrees(_ p: Point) -> Double { Angle.normalized((p - Point(200, 200)).angle) * 180 / .pi }

    /// A span in degrees on a circle that starts at 180°: every glyph's midpoint lies between the bounds.
    @Test func degreesOnACircleBoundTheLabel() throws {
        let scene = ##"""
        {"width": 400, "height": 400, "shapes": [{"type": "circle", "id": "c", "center": [200, 200], "radius": 150, "startAngle": 180}],
         "labels": [{"text": "A LABEL FAR TOO LONG FOR THE TOP THIRD OF THE DIAL", "shape": "c", "span": ["210deg", "330deg"],
                     "align": "center", "size": 20, "systemFonts": false}]}
        """##
        let label = try render(scene).labels[0]
        #expect(abs(label.pathLength - 150 * 2 * .pi / 3) < 1e-9)
        #expect(label.overflow && !label.droppedClusters.isEmpty)
        for g in label.glyphs {
            let a = degrees(g.origin + g.direction * (g.advance / 2))
            #expect(a >= 210 - 1e-6 && a <= 330 + 1e-6, "\(a)")
        }
    }

    /// The `arc` shape is an open arc: a label on it overflows at its ends; degrees bound it as on a circle.
    @Test func arcShapesAndTheirDegrees() throws {
        let scene = ##"""
        {"width": 400, "height": 400, "shapes": [{"type": "arc", "id": "a", "center": [200, 200], "radius": 150,
                                                  "startAngle": 200, "endAngle": 340, "stroke": "#000000"}],
         "labels": [{"text": "SHORT", "shape": "a", "align": "center", "size": 20, "systemFonts": false},
                    {"text": "SHORT", "shape": "a", "span": ["250deg", "340deg"], "align": "center", "size": 20, "systemFonts": false}]}
        """##
        let labels = try render(scene).labels
        #expect(abs(labels[0].pathLength - 150 * 140 * .pi / 180) < 1e-9)
        let mid0 = labels[0].glyphs.map { degrees($0.origin) }
        #expect(abs((mid0.first! + mid0.last!) / 2 - 270) < 3)
        // The span ends at the arc's end (340°, which is the arc's length, not its start).
        #expect(abs(labels[1].pathLength - 150 * 90 * .pi / 180) < 1e-9)
        #expect(labels[1].glyphs.allSatisfy { degrees($0.origin) > 250 })
    }

    @Test func degreesNeedACircleOrArc() throws {
        let bad = ##"""
        {"width": 100, "height": 100, "labels": [{"text": "x", "path": "M 0 50 L 100 50", "span": ["10deg", "20deg"]}]}
        """##
        #expect(throws: SceneError.self) { try render(bad) }
        do { _ = try render(bad) } catch {
            #expect("\(error)" == "labels[0].span: a span in degrees needs a label that follows a circle or arc shape")
        }
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(##"{"span": ["10%"]}"##.utf8)) }
        #expect(throws: SceneError.self) { try SceneJSON.decodeLabel(Array(##"{"span": ["10", "x%"]}"##.utf8)) }
    }

    /// The dial scene: the top label overflows into its own half only, so a long translation is reported.
    @Test func theDialsLabelsStayInTheirHalves() throws {
        var scene = try SceneJSON.read(path: packageRoot + "/fixtures/scenes/dial.json")
        let english = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir))
        #expect(!english.labels[0].overflow && !english.labels[1].overflow)
        #expect(english.labels[1].flipped)
        scene.labels[0].text = "VERFÜGBARER KONTOSTAND UND GESAMTGUTHABEN ALLER KONTEN"
        let german = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir))
        let top = german.labels[0]
        #expect(top.diagnostics.contains { if case .shrunk(_, _, let fits) = $0 { !fits } else { false } })
        #expect(top.overflow)
        for g in top.glyphs {
            let a = Angle.normalized((g.origin + g.direction * (g.advance / 2) - Point(400, 400)).angle) * 180 / .pi
            #expect(a >= 190 - 1e-6 && a <= 350 + 1e-6, "\(a)")
        }
    }
}
