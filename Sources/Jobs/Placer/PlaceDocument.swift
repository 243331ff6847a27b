import Pipeline
import JSON
import Geometry
import Layout
import Render
import Requests

/// A place file: a canvas with shapes drawn under the labels (as in a scene file), the label requests,
/// the obstacles and the placer's options.
///
/// ```json
/// {"width": 851, "height": 1401, "background": "#efece6", "shapes": [ … ],
///  "placement": {"spacing": 300, "maxTurn": 60},
///  "labelDefaults": {"size": 13, "haloWidth": 1.5, "maxAngle": 30, "minDistance": 120},
///  "labels": [{"text": "Mannerheimintie", "path": "M 421.9 574.3 L …", "priority": 9, "class": "primary"}],
///  "obstacles": [{"box": [10, 10, 40, 40]}, {"path": "M 0 0 L 100 0", "width": 6}]}
/// ```
/// `labelDefaults` holds any request key; each label starts from it. `attribution` is kept as text.
///
/// Instead of `width` and `height`, a `geojson` key may hold a GeoJSON FeatureCollection of roads
/// (``RoadMap``): the canvas is then its area at `zoom` (and `bbox`), each named road a label request
/// (`nameProperty`, `classProperty`, ranked by ``RoadClasses``), the roads drawn under the labels, and
/// `labelDefaults` and `background` default to ``RoadMap/labelDefaults`` and ``RoadMap/background``:
///
/// ```json
/// {"geojson": {"type": "FeatureCollection", "features": [ … ]}, "zoom": 16, "bbox": [24.93, 60.16, 24.96, 60.18]}
/// ```
public struct PlaceDocument: Sendable {
    /// The canvas and the shapes drawn under the labels (its `labels` are empty).
    public var scene: Scene
    /// The label requests.
    public var requests: [PlaceRequest]
    /// What labels must not cover.
    public var obstacles: [Obstacle]
    /// How the placer searches.
    public var options: PlacerOptions
    /// The data's attribution line, if the file gives one.
    public var attribution: String?

    /// Creates a document.
    public init(scene: Scene, requests: [PlaceRequest], obstacles: [Obstacle] = [], options: PlacerOptions = PlacerOptions(),
                attribution: String? = nil) {
        self.scene = scene; self.requests = requests; self.obstacles = obstacles; self.options = options; self.attribution = attribution
    }

    static let keys = ["attribution", "width", "height", "background", "shapes", "placement", "labelDefaults", "labels", "obstacles", "geojson"]
        + RoadMapOptions.catalog.map(\.key)

    /// Reads a place file from JSON bytes (at most ``SceneJSON/maximumBytes``).
    /// - Throws: ``SceneError`` naming the JSON path of the first bad value.
    public static func decode(_ bytes: [UInt8]) throws(SceneError) -> PlaceDocument {
        do throws(JSONError) {
            guard bytes.count <= SceneJSON.maximumBytes else {
                throw JSONError("", "the JSON is \(bytes.count) bytes, over the limit of \(SceneJSON.maximumBytes)")
            }
            return try document(try JSONValue.parse(bytes))
        } catch { throw SceneError(error.path, error.message) }
    }

    /// Reads a place file from its JSON value.
    package static func document(_ json: JSONValue) throws(JSONError) -> PlaceDocument {
        guard case .object(let members) = json else { throw JSONError("", "expected an object, got \(json.shownInMessage)") }
        for m in members where !keys.contains(m.key) {
            let near = OptionCatalog.nearest(m.key, among: keys)
            throw JSONError(MessageText.shortened(MessageText.escaped(m.key), limit: 40), "unknown key" + (near.map { " (did you mean \($0)?)" } ?? ""))
        }
        let sceneKeys: Set<String> = ["width", "height", "background", "shapes"]
        let geojson = json["geojson"].flatMap { $0 == .null ? nil : $0 }
        var options = PlacerOptions()
        if let p = json["placement"], p != .null { try OptionCatalog.read(p, into: &options, entries: PlacerOptions.catalog, at: "placement") }
        var defaults = geojson == nil ? PlaceRequest(label: SceneLabel()) : RoadMap.labelDefaults
        if let d = json["labelDefaults"], d != .null { try OptionCatalog.read(d, into: &defaults, entries: PlaceRequest.catalog, at: "labelDefaults") }
        var scene: Scene
        var requests: [PlaceRequest] = []
        if let geojson {
            for key in ["width", "height"] where json[key] != nil {
                throw JSONError(key, "not with geojson: the canvas is the roads' area (or bbox) at the zoom")
            }
            var mapOptions = RoadMapOptions()
            let mapKeys = Set(RoadMapOptions.catalog.map(\.key))
            try OptionCatalog.read(.object(members.filter { mapKeys.contains($0.key) }), into: &mapOptions, entries: RoadMapOptions.catalog, at: "")
            let map = try RoadMap(geoJSON: geojson, options: mapOptions, at: "geojson")
            let background = try SceneJSON.scene(.object([JSONMember("width", .number(1)), JSONMember("height", .number(1))]
                + members.filter { $0.key == "background" })).background ?? RoadMap.background
            let document: PlaceDocument
            do throws(SceneError) { document = try map.document(defaults: defaults, placement: options, background: background) } catch {
                throw JSONError(error.path, error.message)
            }
            scene = document.scene
            if json["shapes"] != nil {
                let given = try SceneJSON.scene(.object([JSONMember("width", .number(1)), JSONMember("height", .number(1))]
                    + members.filter { $0.key == "shapes" }))
                scene.shapes += given.shapes
            }
            requests = document.requests
        } else {
            scene = try SceneJSON.scene(.object(members.filter { sceneKeys.contains($0.key) }))
            for key in RoadMapOptions.catalog.map(\.key) where json[key] != nil { throw JSONError(key, "only with geojson") }
        }
        if let l = json["labels"], l != .null {
            guard case .array(let items) = l else { throw JSONError("labels", "expected a list, got \(l.shownInMessage)") }
            requests.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                var r = defaults
                try OptionCatalog.read(item, into: &r, entries: PlaceRequest.catalog, at: "labels[\(i)]")
                requests.append(r)
            }
        }
        var obstacles: [Obstacle] = []
        if let o = json["obstacles"], o != .null {
            guard case .array(let items) = o else { throw JSONError("obstacles", "expected a list, got \(o.shownInMessage)") }
            for (i, item) in items.enumerated() { obstacles.append(try obstacle(item, at: "obstacles[\(i)]")) }
        }
        var attribution: String? = nil
        if let a = json["attribution"], a != .null {
            guard case .string(let s) = a else { throw JSONError("attribution", "expected a string, got \(a.shownInMessage)") }
            attribution = s
        }
        return PlaceDocument(scene: scene, requests: requests, obstacles: obstacles, options: options, attribution: attribution)
    }

    /// An obstacle: `{"box": [x, y, width, height]}` or `{"path": "M …", "width": PX}`.
    static func obstacle(_ json: JSONValue, at path: String) throws(JSONError) -> Obstacle {
        guard case .object(let members) = json else { throw JSONError(path, "expected an object, got \(json.shownInMessage)") }
        for m in members where !["box", "path", "width"].contains(m.key) {
            throw JSONError(OptionCatalog.join(path, MessageText.shortened(MessageText.escaped(m.key), limit: 40)), "unknown key (an obstacle has box, or path and width)")
        }
        if let box = json["box"] {
            guard case .array(let v) = box, v.count == 4, case .number(let x) = v[0], case .number(let y) = v[1],
                  case .number(let w) = v[2], case .number(let h) = v[3], w >= 0, h >= 0 else {
                throw JSONError(OptionCatalog.join(path, "box"), "expected [x, y, width, height] with width and height at least 0, got \(box.shownInMessage)")
            }
            return .box(Rect(x: x, y: y, width: w, height: h))
        }
        guard let p = json["path"] else { throw JSONError(path, "needs a box [x, y, width, height] or a path") }
        let d: BezPath
        do { d = try OptionSyntax<BezPath>.pathData.fromJSON(p) } catch { throw JSONError(OptionCatalog.join(path, "path"), error.message) }
        var width = 0.0
        if let w = json["width"] {
            do { width = try OptionSyntax<Double>.number("PX", 0...1000).fromJSON(w) } catch { throw JSONError(OptionCatalog.join(path, "width"), error.message) }
        }
        return .path(d, width: width)
    }
}

extension PlaceDocument {
    /// Places the requests on the document's canvas.
    public func place(resolver: SceneResolver = SceneResolver()) throws(SceneError) -> PlacementResult {
        try Placer.place(requests, obstacles: obstacles, width: scene.width, height: scene.height, options: options, resolver: resolver)
    }

    /// Places the requests, then draws the shapes and the placed labels.
    public func render(resolver: SceneResolver = SceneResolver()) throws(SceneError) -> (canvas: RasterCanvas, result: PlacementResult) {
        let result = try place(resolver: resolver)
        return (try Self.draw(scene, result, resolver: resolver), result)
    }

    /// Draws `scene`'s shapes (long strokes by neighbourhood, ``RoadStrokes``), then `result`'s labels.
    public static func draw(_ scene: Scene, _ result: PlacementResult, resolver: SceneResolver = SceneResolver()) throws(SceneError) -> RasterCanvas {
        try draw(scene, result, resolver: resolver, cell: RoadStrokes.cell)
    }

    /// ``draw(_:_:resolver:)`` with the strokes cut into cells of side `cell` (`nil`: not cut).
    package static func draw(_ scene: Scene, _ result: PlacementResult, resolver: SceneResolver, cell: Double?) throws(SceneError) -> RasterCanvas {
        var canvas: RasterCanvas
        do { canvas = try RasterCanvas(width: scene.width, height: scene.height, background: scene.background ?? .transparent,
                                       pixelLimit: resolver.limits.canvasPixels) } catch {
            throw SceneError(scene.width <= 0 ? "width" : scene.height <= 0 ? "height" : "", error.description)
        }
        var shapesOnly = scene
        shapesOnly.labels = []
        // Without a paint order, the pieces of a cut stroke take its place among the shapes.
        if let cell, scene.order == nil { shapesOnly.shapes = RoadStrokes.split(scene.shapes, cell: cell) }
        _ = try SceneRenderer.draw(shapesOnly, on: &canvas, resolver: resolver)
        for p in result.placed { canvas.draw(p.label, mode: p.blend) }
        canvas.releaseScratch()
        return canvas
    }
}
