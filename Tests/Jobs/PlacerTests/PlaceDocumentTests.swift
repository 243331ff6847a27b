import Testing
import Geometry
import Layout
import Requests
@testable import Placer

/// Reading place files.
@Suite struct PlaceDocumentTests {
    func decode(_ text: String) throws(SceneError) -> PlaceDocument { try PlaceDocument.decode(Array(text.utf8)) }

    @Test func labelsStartFromTheDefaults() throws {
        let doc = try decode("""
            {"width": 400, "height": 200, "labelDefaults": {"size": 13, "haloWidth": 1.5, "minDistance": 120, "priority": 2},
             "placement": {"spacing": 250, "maxTurn": 45},
             "labels": [{"text": "A", "path": "M 0 0 L 100 0", "priority": 5, "class": "primary", "id": "way/7"}, {"text": "B", "path": "M 0 10 L 100 10"}],
             "obstacles": [{"box": [1, 2, 3, 4]}, {"path": "M 0 0 L 10 0", "width": 6}]}
            """)
        #expect(doc.requests.count == 2)
        #expect(doc.requests[0].priority == 5 && doc.requests[1].priority == 2)
        #expect(doc.requests[1].label.style.size == 13 && doc.requests[1].minDistance == 120)
        #expect(doc.requests[0].roadClass == "primary" && doc.requests[0].id == "way/7")
        #expect(doc.options.spacing == 250 && doc.options.maxTurn == 45)
        #expect(doc.obstacles == [.box(Rect(x: 1, y: 2, width: 3, height: 4)),
                                  .path(BezPath.polyline([Point(0, 0), Point(10, 0)], closed: false), width: 6)])
    }

    @Test func badValuesNameTheirPlace() {
        #expect(throws: SceneError("labels[1].priorty", "unknown key (did you mean priority?)")) {
            try decode(#"{"width": 10, "height": 10, "labels": [{"text": "A"}, {"text": "B", "priorty": 1}]}"#)
        }
        #expect(throws: SceneError("placement.maxTurn", "expected a number from 0 to 360, got 400")) {
            try decode(#"{"width": 10, "height": 10, "placement": {"maxTurn": 400}}"#)
        }
        #expect(throws: SceneError("obstacles[0].box", "expected [x, y, width, height] with width and height at least 0, got a list")) {
            try decode(#"{"width": 10, "height": 10, "obstacles": [{"box": [1, 2]}]}"#)
        }
        #expect(throws: SceneError("lables", "unknown key (did you mean labels?)")) {
            try decode(#"{"width": 10, "height": 10, "lables": []}"#)
        }
    }
}
