import JSON
import Geometry
import Requests

/// One road of a GeoJSON file: a LineString or MultiLineString feature's lines (longitude, latitude in
/// degrees, WGS 84, as ``Point/x`` and ``Point/y``), its name and its class.
public struct GeoJSONRoad: Hashable, Sendable {
    /// The feature's index in the file's `features` (0 for a lone Feature).
    public var feature: Int
    /// The text to label it with (the name property), `nil` when the feature has none: drawn, not labelled.
    public var name: String?
    /// Its class (the class property: `primary`, `residential`), `nil` when it has none.
    public var roadClass: String?
    /// Its lines, each at least two positions.
    public var lines: [[Point]]

    /// Creates a road.
    public init(feature: Int, name: String?, roadClass: String?, lines: [[Point]]) {
        self.feature = feature; self.name = name; self.roadClass = roadClass; self.lines = lines
    }
}

/// Reading roads from GeoJSON (RFC 7946): a FeatureCollection (or one Feature) whose LineString and
/// MultiLineString features are roads.
///
/// Features of other geometry types (points, polygons, collections) and features whose geometry is
/// `null` are skipped. A position is `[longitude, latitude]` (a third number, the height, is allowed
/// and ignored) within −180…180 and −90…90. Errors name the JSON path of the bad value:
/// `features[3].geometry.coordinates[2]: longitude 200 is outside -180…180`.
public enum GeoJSONRoads {
    /// The most features one file may hold.
    public static let maximumFeatures = 200_000
    /// The most positions all the roads together may hold (as many as the placer's segment budget).
    public static let maximumPositions = Placer.maximumTotalSegments

    /// Whether `json` looks like GeoJSON (an object whose `type` is `FeatureCollection` or `Feature`).
    package static func isGeoJSON(_ json: JSONValue) -> Bool {
        guard case .string(let t) = json["type"] ?? .null else { return false }
        return t == "FeatureCollection" || t == "Feature"
    }

    /// The roads of `json`, names from `nameProperty` and classes from `classProperty`.
    /// - Throws: ``JSONError`` naming the feature and the value (`features[3].geometry.coordinates[2]`).
    package static func read(_ json: JSONValue, nameProperty: String = "name", classProperty: String = "highway",
                             at root: String = "") throws(JSONError) -> [GeoJSONRoad] {
        guard case .object = json else { throw JSONError(root, "expected a GeoJSON object, got \(json.shownInMessage)") }
        guard case .string(let type) = json["type"] ?? .null else {
            throw JSONError(OptionCatalog.join(root, "type"), "expected \"FeatureCollection\" or \"Feature\", got \((json["type"] ?? .null).shownInMessage)")
        }
        var positions = 0
        switch type {
        case "Feature":
            return try feature(json, index: 0, at: root, nameProperty, classProperty, &positions).map { [$0] } ?? []
        case "FeatureCollection":
            let at = OptionCatalog.join(root, "features")
            guard case .array(let items) = json["features"] ?? .null else {
                throw JSONError(at, "expected a list of features, got \((json["features"] ?? .null).shownInMessage)")
            }
            guard items.count <= maximumFeatures else {
                throw JSONError(at, "\(items.count) features, over the limit of \(maximumFeatures)")
            }
            var roads: [GeoJSONRoad] = []
            for (i, item) in items.enumerated() {
                if let road = try feature(item, index: i, at: "\(at)[\(i)]", nameProperty, classProperty, &positions) { roads.append(road) }
            }
            return roads
        default:
            throw JSONError(OptionCatalog.join(root, "type"), "expected \"FeatureCollection\" or \"Feature\", got \(MessageText.quoted(type))")
        }
    }

    static func feature(_ json: JSONValue, index: Int, at path: String, _ nameProperty: String, _ classProperty: String,
                        _ positions: inout Int) throws(JSONError) -> GeoJSONRoad? {
        guard case .object = json else { throw JSONError(path, "expected a Feature object, got \(json.shownInMessage)") }
        guard json["type"] == .string("Feature") else {
            throw JSONError(OptionCatalog.join(path, "type"), "expected \"Feature\", got \((json["type"] ?? .null).shownInMessage)")
        }
        var name: String? = nil, roadClass: String? = nil
        let properties = json["properties"] ?? .null
        switch properties {
        case .null: break
        case .object:
            name = try text(properties[nameProperty], at: path + ".properties." + MessageText.escaped(nameProperty))
            roadClass = try text(properties[classProperty], at: path + ".properties." + MessageText.escaped(classProperty))
        default: throw JSONError(path + ".properties", "expected an object or null, got \(properties.shownInMessage)")
        }
        let geometry = json["geometry"] ?? .null
        let at = path + ".geometry"
        if geometry == .null { return nil }
        guard case .object = geometry, case .string(let type) = geometry["type"] ?? .null else {
            throw JSONError(at, "expected a geometry object with a type, got \(geometry.shownInMessage)")
        }
        let coordinates = geometry["coordinates"] ?? .null
        var lines: [[Point]] = []
        switch type {
        case "LineString":
            lines = [try line(coordinates, at: at + ".coordinates", &positions)]
        case "MultiLineString":
            guard case .array(let items) = coordinates else {
                throw JSONError(at + ".coordinates", "expected a list of lines, got \(coordinates.shownInMessage)")
            }
            for (k, item) in items.enumerated() { lines.append(try line(item, at: at + ".coordinates[\(k)]", &positions)) }
        case "Point", "MultiPoint", "Polygon", "MultiPolygon", "GeometryCollection":
            return nil
        default:
            throw JSONError(at + ".type", "expected a GeoJSON geometry type (LineString, MultiLineString, …), got \(MessageText.quoted(type))")
        }
        return GeoJSONRoad(feature: index, name: name, roadClass: roadClass, lines: lines)
    }

    /// A property's value as text: a string, or `nil` for none (absent or null).
    static func text(_ value: JSONValue?, at path: String) throws(JSONError) -> String? {
        switch value ?? .null {
        case .null: return nil
        case .string(let s): return s.isEmpty ? nil : s
        case let v: throw JSONError(path, "expected a string, got \(v.shownInMessage)")
        }
    }

    /// A line's positions: a list of at least two `[longitude, latitude]`.
    static func line(_ json: JSONValue, at path: String, _ positions: inout Int) throws(JSONError) -> [Point] {
        guard case .array(let items) = json else { throw JSONError(path, "expected a list of positions, got \(json.shownInMessage)") }
        guard items.count >= 2 else { throw JSONError(path, "a line needs at least two positions, got \(items.count)") }
        positions += items.count
        guard positions <= maximumPositions else {
            throw JSONError(path, "the roads hold more than \(maximumPositions) positions, over the limit")
        }
        var points: [Point] = []
        points.reserveCapacity(items.count)
        for (k, item) in items.enumerated() {
            let at = "\(path)[\(k)]"
            guard case .array(let v) = item, v.count >= 2, v.count <= 3, case .number(let lon) = v[0], case .number(let lat) = v[1] else {
                throw JSONError(at, "expected a position [longitude, latitude], got \(item.shownInMessage)")
            }
            guard (-180...180).contains(lon) else { throw JSONError(at, "longitude \(MessageText.number(lon)) is outside -180…180") }
            guard (-90...90).contains(lat) else { throw JSONError(at, "latitude \(MessageText.number(lat)) is outside -90…90") }
            points.append(Point(lon, lat))
        }
        return points
    }
}
