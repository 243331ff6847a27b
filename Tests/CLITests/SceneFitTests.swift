import Testing
import PathText

/// A scene's `fitCanvas` is `TextLabel`'s fitted canvas: one rule (`CanvasFit`) for every door.
@Suite struct SceneFitTests {
    static let path = "M 20 200 C 120 40 280 360 380 200"

    @Test func aFittedSceneIsTheFittedTextLabel() throws {
        let label = try TextLabel("Hello, curved world", along: Self.path, size: 40, systemFonts: false)
        let swift = try label.image()
        let scene = try SceneJSON.decode(Array(#"{"fitCanvas": 8, "labels": [{"text": "Hello, curved world", "path": "\#(Self.path)", "size": 40, "systemFonts": false}]}"#.utf8))
        #expect(scene.fitCanvas == 8)
        let rendered = try SceneRenderer.render(scene)
        #expect(rendered.canvas.width == swift.width && rendered.canvas.height == swift.height)
        // The ink box plus 8 px on every side, rounded out: not the path's box, not a fixed size.
        #expect(rendered.canvas.width < 400 && rendered.canvas.height < 300)
        #expect(rendered.canvas.pixels == swift.pixels)
        // The SVG door fits the same canvas.
        let (svg, _) = try SceneRenderer.renderSVG(scene)
        #expect(svg.text.contains(#"width="\#(swift.width)""#) && svg.text.contains(#"height="\#(swift.height)""#))
    }

    @Test func fitIsACatalogKeyAndWidthIsNotRequiredWithIt() throws {
        #expect(Scene.catalog.contains { $0.key == "fitCanvas" })
        #expect(throws: SceneError.self) { try SceneJSON.decode(Array(#"{"labels": []}"#.utf8)) }
        #expect(throws: SceneError.self) { try SceneJSON.decode(Array(#"{"fitCanvas": -1, "labels": []}"#.utf8)) }
        let empty = try SceneRenderer.render(try SceneJSON.decode(Array(#"{"fitCanvas": 4, "labels": []}"#.utf8)))
        #expect(empty.canvas.width == 8 && empty.canvas.height == 8)
    }
}
