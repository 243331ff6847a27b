import Support
import JSON
import Geometry
import Shaping
import Layout
import Requests

/// How GeoJSON roads become a map: the zoom, the area, and the properties that give names and classes.
public struct RoadMapOptions: Hashable, Sendable {
    /// The zoom the roads are projected at (Web Mercator, 256 px tiles at zoom 0).
    public var zoom: Int = 16
    /// The area mapped, `[west, south, east, north]` in degrees; `nil`: the roads' bounds.
    public var bbox: [Double]?
    /// The property holding a road's name (`name`, or `name:sv` for a Swedish map).
    public var nameProperty: String = "name"
    /// The property holding a road's class, ranked by ``RoadClasses``.
    public var classProperty: String = "highway"

    /// The default options.
    public init() {}

    /// The keys of a GeoJSON map, in a place file beside `geojson` and as `place`'s flags.
    public static let catalog: [OptionEntry<RoadMapOptions>] = [
        .value("zoom", \.zoom, .whole("Z", 0...WebMercator.maximumZoom), default: 16,
               help: "the zoom GeoJSON roads are projected at (Web Mercator, 256 px tiles at zoom 0)"),
        .optional("bbox", \.bbox, .bbox, default: "the roads' bounds", help: "the area mapped: west, south, east, north in degrees"),
        .value("nameProperty", \.nameProperty, .string("KEY", nonEmpty: true), default: "name", help: "the GeoJSON property a road's label text comes from"),
        .value("classProperty", \.classProperty, .string("KEY", nonEmpty: true), default: "highway",
               help: "the GeoJSON property ranking the roads (motorway > trunk > primary > secondary > tertiary > residential …)"),
    ]
}

extension OptionSyntax where Value == [Double] {
    /// A bounding box `W,S,E,N` in degrees: on the command line one word, in JSON a list of four numbers.
    static var bbox: OptionSyntax {
        let expected = "west, south, east, north in degrees (west < east within -180…180, south < north within -90…90)"
        func check(_ v: [Double]) throws(OptionValueError) -> [Double] {
            guard v.count == 4, v.allSatisfy(\.isFinite), -180 <= v[0], v[0] < v[2], v[2] <= 180, -90 <= v[1], v[1] < v[3], v[3] <= 90 else {
                throw OptionValueError(expected: expected, got: v.map(MessageText.number).joined(separator: ","))
            }
            return v
        }
        return OptionSyntax(placeholder: "W,S,E,N", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .array(let items) = j else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
            var v: [Double] = []
            for item in items {
                guard case .number(let n) = item else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
                v.append(n)
            }
            return try check(v)
        }, fromText: { t throws(OptionValueError) in
            let words = t.split(separator: ",")
            var v: [Double] = []
            for w in words {
                guard let n = Double(w.trimmingSpaces) else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
                v.append(n)
            }
            return try check(v)
        }, toJSON: { .array($0.map { .number($0) }) })
        .with(schema: JSONSchemaText.object(["type": .string("array"), "items": .object([JSONMember("type", .string("number"))]),
                                             "minItems": .number(4), "maxItems": .number(4)]))
    }
}

extension Substring {
}

/// A road projected to world pixels: its lines, its style and its bounds.
public struct ProjectedRoad: Sendable {
    /// The road.
    public var road: GeoJSONRoad
    /// Its lines in world pixels.
    public var lines: [[Point]]
    /// The lines' bounds.
    public var bounds: Rect
    /// Its class's style.
    public var style: RoadClasses.Style
}

/// GeoJSON roads as a map at a zoom: label requests (name, class and priority from the properties) and
/// the roads drawn under the labels, in Web Mercator pixels.
public struct RoadMap: Sendable {
    /// The roads read from the file.
    public var roads: [GeoJSONRoad]
    /// The zoom, area and properties.
    public var options: RoadMapOptions

    /// The map's background.
    public static let background = RGBAColor(r: 0xEF, g: 0xEC, b: 0xE6)

    /// The labels' defaults: 13 px, dark grey with a 1.5 px white halo, at most 30° between neighbouring
    /// clusters, centred on the road, repeats of one name at least 120 px apart.
    public static let labelDefaults: PlaceRequest = {
        var label = SceneLabel()
        label.style.size = 13
        label.style.color = RGBAColor(r: 0x2B, g: 0x2B, b: 0x2B)
        label.options.haloWidth = 1.5
        label.options.haloColor = .white
        label.options.maxAngle = 30
        label.options.baseline = .middle
        return PlaceRequest(label: label, minDistance: 120)
    }()

    /// Reads the roads of a GeoJSON value.
    /// - Throws: ``JSONError`` naming the feature (`features[3].geometry.coordinates[2]`).
    package init(geoJSON json: JSONValue, options: RoadMapOptions = RoadMapOptions(), at path: String = "") throws(JSONError) {
        roads = try GeoJSONRoads.read(json, nameProperty: options.nameProperty, classProperty: options.classProperty, at: path)
        self.options = options
    }

    /// Reads the roads of GeoJSON bytes (at most ``SceneJSON/maximumBytes``).
    /// - Throws: ``SceneError`` naming the feature and the value.
    public init(geoJSON bytes: [UInt8], options: RoadMapOptions = RoadMapOptions()) throws(SceneError) {
        do throws(JSONError) {
            guard bytes.count <= SceneJSON.maximumBytes else {
                throw JSONError("", "the JSON is \(bytes.count) bytes, over the limit of \(SceneJSON.maximumBytes)")
            }
            try self.init(geoJSON: try JSONValue.parse(bytes), options: options)
        } catch { throw SceneError(error.path, error.message) }
    }

    /// Creates a map of `roads`.
    public init(roads: [GeoJSONRoad], options: RoadMapOptions = RoadMapOptions()) { self.roads = roads; self.options = options }

    /// The area mapped in degrees (longitude as x, latitude as y): the bbox, else the roads' bounds;
    /// `nil` when there is neither.
    public var bounds: Rect? {
        if let b = options.bbox, b.count == 4 { return Rect(minX: b[0], minY: b[1], maxX: b[2], maxY: b[3]) }
        var r = Rect.empty
        for road in roads { for line in road.lines { for p in line { r = r.union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) } } }
        return r.isEmpty ? nil : r
    }

    /// The area mapped in world pixels at `zoom`.
    public func pixelBounds(zoom: Int, tileSize: Double = 256) -> Rect? {
        guard let b = bounds else { return nil }
        let nw = WebMercator.pixel(longitude: b.minX, latitude: b.maxY, zoom: zoom, tileSize: tileSize)
        let se = WebMercator.pixel(longitude: b.maxX, latitude: b.minY, zoom: zoom, tileSize: tileSize)
        return Rect(minX: nw.x, minY: nw.y, maxX: se.x, maxY: se.y)
    }

    /// The roads in world pixels at `zoom` (those reaching into the bbox, when one is given), in file order.
    public func projected(zoom: Int, tileSize: Double = 256) -> [ProjectedRoad] {
        let area = options.bbox == nil ? nil : bounds
        var out: [ProjectedRoad] = []
        out.reserveCapacity(roads.count)
        for road in roads {
            if let area {
                let inside = road.lines.contains { line in
                    let r = Rect(enclosing: line)
                    return r.minX <= area.maxX && area.minX <= r.maxX && r.minY <= area.maxY && area.minY <= r.maxY
                }
                if !inside { continue }
            }
            let lines = road.lines.map { line in line.map { WebMercator.pixel(longitude: $0.x, latitude: $0.y, zoom: zoom, tileSize: tileSize) } }
            out.append(ProjectedRoad(road: road, lines: lines, bounds: Rect(enclosing: lines.joined()), style: RoadClasses.style(of: road.roadClass)))
        }
        return out
    }

    /// A label request for every named road, its path shifted by `shift`: the text from the name
    /// property, the class and priority from the class property, the id `features[i]`.
    public static func requests(_ roads: [ProjectedRoad], shift: Vector = Vector(0, 0), defaults: PlaceRequest = labelDefaults) -> [PlaceRequest] {
        var out: [PlaceRequest] = []
        for r in roads {
            guard let name = r.road.name else { continue }
            for line in r.lines {
                var request = defaults
                request.label.text = name
                request.label.runs = nil
                request.label.path = BezPath.polyline(line.map { $0 + shift }, closed: false)
                request.id = "features[\(r.road.feature)]"
                request.priority = r.style.priority
                request.roadClass = r.road.roadClass
                out.append(request)
            }
        }
        return out
    }

    /// The roads drawn as shapes shifted by `shift`: every casing first, then the fills, lower classes
    /// under higher ones (a class's roads in one path each).
    public static func shapes(_ roads: [ProjectedRoad], shift: Vector = Vector(0, 0), zoom: Int) -> [SceneShape] {
        let scale = RoadClasses.widthScale(zoom: zoom)
        var classes: [RoadClasses.Style: [Subpath]] = [:]
        for r in roads {
            for line in r.lines { classes[r.style, default: []].append(contentsOf: BezPath.polyline(line.map { $0 + shift }, closed: false).subpaths) }
        }
        let order = classes.keys.sorted { a, b in
            a.priority != b.priority ? a.priority < b.priority : a.fill != b.fill ? a.fill < b.fill : a.color.description < b.color.description
        }
        var shapes: [SceneShape] = []
        for (casing, style) in order.map({ (true, $0) }) + order.map({ (false, $0) }) {
            var s = SceneShape(type: .path)
            s.d = BezPath(subpaths: classes[style]!)
            s.stroke = casing ? RoadClasses.casingColor : style.color
            s.strokeWidth = (casing ? style.casing : style.fill) * scale
            s.strokeCap = .round
            shapes.append(s)
        }
        return shapes
    }

    /// The widest stroke the roads are drawn with at `zoom`, pixels.
    public static func widestStroke(zoom: Int) -> Double { 11 * RoadClasses.widthScale(zoom: zoom) }

    /// The map as a place document: a canvas over the area at the zoom (its top-left corner at the whole
    /// world pixel at or before the area's), the roads drawn under the labels, a label request per named road.
    /// - Throws: ``SceneError`` when there is nothing to map or the canvas would exceed `pixelLimit`.
    public func document(defaults: PlaceRequest = RoadMap.labelDefaults, placement: PlacerOptions = PlacerOptions(),
                         background: RGBAColor? = RoadMap.background,
                         pixelLimit: Int = ResourceLimits.default.canvasPixels) throws(SceneError) -> PlaceDocument {
        let zoom = options.zoom
        guard let area = pixelBounds(zoom: zoom) else { throw SceneError("features", "no LineString or MultiLineString feature, and no bbox: nothing to map") }
        let x0 = area.minX.rounded(.down), y0 = area.minY.rounded(.down)
        let w = max(1, area.maxX.rounded(.up) - x0), h = max(1, area.maxY.rounded(.up) - y0)
        guard w * h <= Double(pixelLimit) else {
            throw SceneError("zoom", "the map is \(MessageText.number(w)) × \(MessageText.number(h)) px at zoom \(zoom), over the limit of \(pixelLimit) pixels (a lower zoom or a smaller bbox)")
        }
        let roads = projected(zoom: zoom)
        let shift = Vector(-x0, -y0)
        var scene = Scene(width: Int(w), height: Int(h), background: background)
        scene.shapes = Self.shapes(roads, shift: shift, zoom: zoom)
        return PlaceDocument(scene: scene, requests: Self.requests(roads, shift: shift, defaults: defaults), options: placement)
    }
}
