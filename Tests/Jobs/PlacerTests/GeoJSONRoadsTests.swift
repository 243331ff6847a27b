import Testing
import JSON
import Geometry
@testable import Placer

/// Reading roads from GeoJSON, and its errors naming the feature.
@Suite struct GeoJSONRoadsTests {
    func read(_ text: String, name: String = "name") throws -> [GeoJSONRoad] {
        try GeoJSONRoads.read(try JSONValue.parse(text), nameProperty: name)
    }

    @Test func theFixturesRoadsAreReadWithNamesAndClasses() throws {
        let roads = try read(String(decoding: fixture("geojson/edges.geojson"), as: UTF8.self))
        // Six line features: the point and the feature without geometry are skipped.
        #expect(roads.count == 6)
        #expect(roads.map(\.feature) == [0, 1, 2, 3, 4, 5])
        #expect(roads[0].name == "Mannerheimintie" && roads[0].roadClass == "primary" && roads[0].lines[0].count == 3)
        #expect(roads[3].name == nil && roads[3].roadClass == "footway")
        #expect(roads[5].lines.count == 2)
        #expect(abs(roads[0].lines[0][0].x - 24.9360681) < 1e-12 && abs(roads[0].lines[0][0].y - 60.173239) < 1e-12)
    }

    @Test func anotherNamePropertyGivesAnotherMap() throws {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Esplanadi","name:sv":"Esplanaden"},"geometry":{"type":"LineString","coordinates":[[24.94,60.16],[24.95,60.16]]}}]}"#
        #expect(try read(text, name: "name:sv")[0].name == "Esplanaden")
        #expect(try read(text, name: "ref")[0].name == nil)
    }

    @Test(arguments: [
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1],[200,0]]}}]}"#,
         "features[0].geometry.coordinates[2]: longitude 200 is outside -180…180"),
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":null,"geometry":null},{"type":"Feature","properties":{},"geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[0,0],[1,95]]]}}]}"#,
         "features[1].geometry.coordinates[1][1]: latitude 95 is outside -90…90"),
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0]]}}]}"#,
         "features[0].geometry.coordinates: a line needs at least two positions, got 1"),
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":7},"geometry":null}]}"#,
         "features[0].properties.name: expected a string, got 7"),
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Line","coordinates":[]}}]}"#,
         "features[0].geometry.type: expected a GeoJSON geometry type (LineString, MultiLineString, …), got \"Line\""),
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,"a"],[1,1]]}}]}"#,
         "features[0].geometry.coordinates[0]: expected a position [longitude, latitude], got a list"),
        (#"{"type":"Topology"}"#, "type: expected \"FeatureCollection\" or \"Feature\", got \"Topology\""),
        (#"{"type":"FeatureCollection","features":{}}"#, "features: expected a list of features, got an object"),
    ])
    func badGeoJSONIsAnErrorNamingTheFeature(_ text: String, _ message: String) throws {
        #expect(throws: JSONError.self) { try read(text) }
        do { _ = try read(text) } catch let error as JSONError { #expect(error.description == message) }
    }

    @Test func theFeatureCountIsBoundedBeforeAnyIsRead() throws {
        let one = #"{"type":"Feature","geometry":null}"#
        let text = #"{"type":"FeatureCollection","features":["# + Array(repeating: one, count: GeoJSONRoads.maximumFeatures + 1).joined(separator: ",") + "]}"
        do { _ = try read(text); Issue.record("no error") } catch let error as JSONError {
            #expect(error.description == "features: \(GeoJSONRoads.maximumFeatures + 1) features, over the limit of \(GeoJSONRoads.maximumFeatures)")
        }
    }
}
