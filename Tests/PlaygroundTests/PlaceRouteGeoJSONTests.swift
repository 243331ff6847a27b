import Foundation
import Testing
import PathText
@testable import Playground
import TestSupport

/// `POST /api/place` with GeoJSON roads: the `geojson` key and the map keys of the catalog.
@Suite struct PlaceRouteGeoJSONTests {
    static let service = try! PlaygroundService()
    static let edges = try! String(contentsOfFile: PackagePaths.file("fixtures/geojson/edges.geojson"), encoding: .utf8)

    func post(_ body: String, query: [String: String] = [:]) -> HTTPResponse {
        Self.service.handle(HTTPRequest(method: "POST", path: "/api/place", query: query, body: Array(body.utf8)))
    }

    @Test func placesGeoJSONRoadsAtAZoom() throws {
        let reply = post(#"{"geojson": \#(Self.edges), "zoom": 16, "nameProperty": "name"}"#)
        #expect(reply.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        let placed = try #require(json["placed"] as? [[String: Any]])
        #expect(Set(placed.compactMap { $0["text"] as? String }) == ["Mannerheimintie", "Aleksanterinkatu", "Unioninkatu", "Kaivokatu", "Esplanadi"])
        let png = post(#"{"geojson": \#(Self.edges), "zoom": 16}"#, query: ["format": "png"])
        let canvas = try RasterCanvas(pngData: png.body)
        #expect(canvas.width == 717 && canvas.height == 527)
    }

    @Test func badGeoJSONIs400NamingTheFeature() {
        let bad = #"{"geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [200, 0]]}}]}}"#
        let reply = post(bad)
        #expect(reply.status == 400)
        #expect(String(decoding: reply.body, as: UTF8.self).contains("geojson.features[0].geometry.coordinates[1]: longitude 200 is outside -180…180"))
        #expect(post(#"{"geojson": \#(Self.edges), "zoom": 99}"#).status == 400)
    }
}
