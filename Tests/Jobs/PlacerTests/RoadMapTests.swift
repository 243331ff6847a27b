import Testing
import JSON
import Geometry
import Requests
@testable import Placer

/// GeoJSON roads as a place document: canvas, requests, shapes; and through a place file's `geojson` key.
@Suite struct RoadMapTests {
    @Test func theFixtureBecomesACanvasOverItsRoadsAtTheZoom() throws {
        var options = RoadMapOptions()
        options.zoom = 16
        let map = try RoadMap(geoJSON: fixture("geojson/edges.geojson"), options: options)
        let doc = try map.document()
        // The roads span x 9550648…9551364 and y 4855668…4856194 at zoom 16 (the fixture's design, in world pixels).
        #expect(doc.scene.width == 717, "\(doc.scene.width)")
        #expect(doc.scene.height == 527, "\(doc.scene.height)")
        // One request per named line: five named features, one of them two lines.
        #expect(doc.requests.count == 6)
        #expect(doc.requests.map(\.id) == ["features[0]", "features[1]", "features[2]", "features[4]", "features[5]", "features[5]"])
        #expect(doc.requests.map(\.priority) == [9, 8, 6, 7, 7, 7])
        #expect(doc.requests[0].label.style.size == 13 && doc.requests[0].minDistance == 120)
        // Casings then fills, five classes each.
        #expect(doc.scene.shapes.count == 10)
        let placed = try doc.place(resolver: resolver())
        #expect(Set(placed.placed.map(\.text)) == ["Mannerheimintie", "Aleksanterinkatu", "Unioninkatu", "Kaivokatu", "Esplanadi"])
    }

    @Test func aPlaceFileTakesGeoJSONWithTheMapKeys() throws {
        let geojson = String(decoding: fixture("geojson/edges.geojson"), as: UTF8.self)
        let doc = try PlaceDocument.decode(Array(#"{"geojson": \#(geojson), "zoom": 17, "labelDefaults": {"size": 15}}"#.utf8))
        #expect(doc.scene.width == 1433, "\(doc.scene.width)")
        #expect(doc.requests.count == 6 && doc.requests[0].label.style.size == 15)
        #expect(doc.scene.background == RoadMap.background)
        // The bbox cuts the map (and leaves out the roads wholly outside it).
        let bbox = try PlaceDocument.decode(Array(#"{"geojson": \#(geojson), "bbox": [24.936, 60.1725, 24.94, 60.1735]}"#.utf8))
        #expect(bbox.scene.width < 200 && bbox.requests.count < 6, "\(bbox.scene.width) \(bbox.requests.count)")
        for (text, message) in [
            (#"{"geojson": \#(geojson), "width": 100}"#, "width: not with geojson: the canvas is the roads' area (or bbox) at the zoom"),
            (#"{"geojson": \#(geojson), "zoom": 21}"#, "zoom: expected a whole number from 0 to 20, got 21"),
            (#"{"geojson": \#(geojson), "bbox": [25, 60, 24, 61]}"#, "bbox: expected west, south, east, north in degrees (west < east within -180…180, south < north within -90…90), got 25,60,24,61"),
            (#"{"geojson": \#(geojson), "zoom": 18, "bbox": [24.9, 60.1, 25, 60.2]}"#, "zoom: the map is 18642 × 37453 px at zoom 18, over the limit of 100000000 pixels (a lower zoom or a smaller bbox)"),
            (#"{"width": 10, "height": 10, "zoom": 3}"#, "zoom: only with geojson"),
            (#"{"geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 91]]}}]}}"#,
             "geojson.features[0].geometry.coordinates[1]: latitude 91 is outside -90…90"),
        ] {
            do { _ = try PlaceDocument.decode(Array(text.utf8)) } catch { #expect(error.description == message) }
            if (try? PlaceDocument.decode(Array(text.utf8))) != nil { Issue.record("no error for \(message)") }
        }
    }
}
