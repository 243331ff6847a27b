import Foundation
import Testing
import Geometry
import Layout
import Requests
import Placer

/// The DocC article "Labels on roads" (Sources/Doors/PathText/PathText.docc/LabelsOnRoads.md): its first
/// example is this test's body, and says what it prints.
@Suite struct LabelsOnRoadsArticleTests {
    static let example = """
        // Two roads that cross and one too short for its name.
        var style = SceneLabel()
        style.style.size = 13
        style.options.haloWidth = 1.5
        style.options.maxAngle = 30
        var requests: [PlaceRequest] = []
        for (name, d, priority) in [("Mannerheimintie", "M 20 100 L 380 100", 9.0),
                                    ("Simonkatu", "M 200 20 L 200 180", 5.0),
                                    ("Pieni Roobertinkatu", "M 20 150 L 60 150", 4.0)] {
            var label = style
            label.text = name
            label.path = try BezPath(svgPathData: d)
            requests.append(PlaceRequest(label: label, priority: priority, minDistance: 120))
        }
        let result = try Placer.place(requests, width: 400, height: 200)
        """

    @Test func theArticleShowsThisCode() throws {
        let article = try String(contentsOfFile: packageRoot + "/Sources/Doors/PathText/PathText.docc/LabelsOnRoads.md", encoding: .utf8)
        #expect(article.contains(Self.example))
    }

    @Test func theExamplePrintsWhatTheArticleSays() throws {
        // The example, as in the article.
        var style = SceneLabel()
        style.style.size = 13
        style.options.haloWidth = 1.5
        style.options.maxAngle = 30
        var requests: [PlaceRequest] = []
        for (name, d, priority) in [("Mannerheimintie", "M 20 100 L 380 100", 9.0),
                                    ("Simonkatu", "M 200 20 L 200 180", 5.0),
                                    ("Pieni Roobertinkatu", "M 20 150 L 60 150", 4.0)] {
            var label = style
            label.text = name
            label.path = try BezPath(svgPathData: d)
            requests.append(PlaceRequest(label: label, priority: priority, minDistance: 120))
        }
        let result = try Placer.place(requests, width: 400, height: 200)
        #expect(result.placed.map { "\($0.text) \($0.label.glyphs.count)" } == ["Mannerheimintie 15", "Simonkatu 9"])
        #expect(result.dropped.map { "\($0.text) \($0.reason.code)" } == ["Pieni Roobertinkatu tooShort"])
    }
}
