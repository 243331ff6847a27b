import Foundation
import Testing
import PathText
@testable import Playground

/// `POST /api/place`: the placer behind the playground's API.
@Suite struct PlaceRouteTests {
    static let service = try! PlaygroundService()

    func post(_ body: String, query: [String: String] = [:]) -> HTTPResponse {
        Self.service.handle(HTTPRequest(method: "POST", path: "/api/place", query: query, body: Array(body.utf8)))
    }

    static let request = """
        {"width": 400, "height": 200, "background": "#ffffff",
         "shapes": [{"type": "path", "d": "M 20 100 L 380 100 M 200 20 L 200 180", "stroke": "#cccccc", "strokeWidth": 6}],
         "labelDefaults": {"size": 13, "haloWidth": 1.5},
         "labels": [{"text": "Mannerheimintie", "path": "M 20 100 L 380 100", "priority": 9},
                    {"text": "Simonkatu", "path": "M 200 20 L 200 180", "priority": 5},
                    {"text": "Pieni Roobertinkatu", "path": "M 20 150 L 60 150", "id": "way/3"}]}
        """

    @Test func placesAndSaysWhyTheRestWasDropped() throws {
        let reply = post(Self.request)
        #expect(reply.status == 200 && reply.contentType == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        let placed = try #require(json["placed"] as? [[String: Any]])
        #expect(placed.first?["text"] as? String == "Mannerheimintie")
        let dropped = try #require(json["dropped"] as? [[String: Any]])
        #expect(dropped.contains { $0["id"] as? String == "way/3" && $0["reason"] as? String == "tooShort" })
        // The same as the library's own call.
        let document = try PlaceDocument.decode(Array(Self.request.utf8))
        #expect(String(decoding: reply.body, as: UTF8.self) == (try document.place()).json())
    }

    @Test func drawsTheMap() throws {
        let png = post(Self.request, query: ["format": "png"])
        #expect(png.contentType == "image/png")
        let canvas = try RasterCanvas(pngData: png.body)
        #expect(canvas.width == 400 && canvas.height == 200)
    }

    @Test func badRequestsAre400() {
        for (body, query, message) in [(#"{"width": 10, "height": 10, "lables": []}"#, [String: String](), "did you mean labels?"),
                                       (Self.request, ["format": "gif"], "format: expected json or png"),
                                       (#"{"width": 10, "height": 10, "labels": [{"text": "A", "path": "M 0 0 L 9 0", "font": ["/etc/x.ttf"]}]}"#, [:],
                                        "labels[0].font: fonts are taken by name here")] {
            let reply = post(body, query: query)
            #expect(reply.status == 400)
            #expect(String(decoding: reply.body, as: UTF8.self).contains(message), "\(String(decoding: reply.body, as: UTF8.self))")
        }
        #expect(Self.service.handle(HTTPRequest(method: "GET", path: "/api/place")).status == 405)
    }
}
