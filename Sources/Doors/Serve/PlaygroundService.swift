import JSON
import Support
import PathText
import Showcase
import PathTextEngine

/// The playground's HTTP API: the page, and the same label/scene requests and placements replies as
/// every other front door.
///
/// | route | request | reply |
/// |---|---|---|
/// | `GET /` | | the page |
/// | `POST /api/layout[?ink=1]` | label JSON | placements JSON |
/// | `POST /api/render?format=png\|svg[&strict=1]` | scene JSON, or an SVG document | the image |
///
/// The query parameters are the request settings of ``RequestSettings/catalog`` (``QuerySettings``).
/// | `GET /api/fonts` | | `{"embedded":[…],"system":[…]}` |
/// | `GET /api/options` | | the option catalog (``OptionCatalogJSON``): every key with its flag, values, default, help, group |
/// | `POST /api/drag` | `{"path","from","to":[[x,y],…]}` | `{"steps":[{"distance","x","y"},…]}` |
/// | `POST /api/measure` | `{"path","step"}` | `{"length","ticks":[{"distance","x","y","angle"},…]}` |
/// | `POST /api/place[?format=json\|png]` | place file JSON (labels, shapes, obstacles, placement) | the placed labels and the dropped requests' reasons, or the map |
/// | `POST /api/sleep` | `{"bedtime","wake","drag":"bedtime\|wake\|whole","from":[x,y],"to":[x,y]}` | the range and its scene |
/// | `GET /api/preset?name=dial\|badge\|sleep\|figure8` | | a scene |
/// | `GET /map` | | the tiles of `--tiles DIR` in Leaflet (``MapPage``) |
/// | `GET /tiles/z/x/y.png`, `GET /tiles/z/x/y.json` | | a tile of `--tiles DIR`, read-only (``TileStore``) |
/// | `GET /leaflet/…` | | Leaflet's files, read at start-up (``LeafletAssets``) |
///
/// Errors are status 400 with `{"error": message, "key": key}` (the key when the error has one). Handlers run concurrently on the server's threads;
/// they share one ``Engine`` (the same one the C library uses: fonts load once, requests run in parallel),
/// which applies ``limits`` to every request. Fonts come only from the embedded fonts, `--fonts-dir` and
/// Fontconfig: a font given as a path is refused.
public final class PlaygroundService: Sendable {
    /// The limits every request gets (smaller than the library's defaults, so one request stays well under a
    /// second of work).
    public static let limits: ResourceLimits = {
        var limits = ResourceLimits(textBytes: 4_000, pathSegments: 10_000, fontSize: 1_000,
                                    canvasPixels: 4096 * 4096, repeatedClusters: 5_000)
        limits.labelLength = 10_000_000
        limits.vectorCommands = 1_000_000  // about 20 MB of SVG
        return limits
    }()

    private let engine: Engine
    /// The tiles folder served at `/tiles/` and shown at `/map` (`--tiles DIR`), if any.
    public let tiles: TileStore?
    /// Leaflet's files for `/map` (read when there are tiles).
    let leaflet: LeafletAssets?
    /// Which hosts and origins may use the service (`nil`: no checks, for calls that do not come over HTTP).
    public let access: AccessPolicy?

    /// Creates the service; `fontsDir` loads the default fonts from a folder instead of the embedded copies.
    /// - Parameter access: the hosts and origins allowed (a server always gives one; see ``AccessPolicy``).
    /// - Throws: ``PlaygroundError/fonts(_:)`` when the default fonts cannot be loaded.
    public convenience init(fontsDir: String? = nil, access: AccessPolicy? = nil) throws(PlaygroundError) {
        var settings = RequestSettings()
        settings.fontsDir = fontsDir
        try self.init(settings: settings, access: access)
    }

    /// Creates the service with the server's settings (``RequestSettings``: its fonts folder and system
    /// fonts, and the defaults of its requests, which a query may change; the time limit is the server's).
    /// - Parameters:
    ///   - tiles: a tiles folder to serve at `/tiles/` and show at `/map`.
    ///   - leafletFolder: where Leaflet's files are, read at once when there are tiles.
    /// - Throws: ``PlaygroundError/leafletMissing(folder:)`` when there are tiles and no Leaflet.
    public init(settings: RequestSettings, access: AccessPolicy? = nil, tiles: TileStore? = nil,
                leafletFolder: String = LeafletAssets.defaultFolder) throws(PlaygroundError) {
        self.access = access
        self.tiles = tiles
        leaflet = tiles == nil ? nil : try LeafletAssets(folder: leafletFolder)
        do { engine = try Engine(settings: settings, limits: Self.limits, allowFontPaths: false) } catch {
            throw .fonts(error.message)
        }
    }

    /// Answers one request: refused by ``access`` (403, 415), or routed.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard let access else { return route(request) }
        if let refusal = access.refusal(request) { return refusal }
        let cors = access.corsHeaders(request)
        if request.method == "OPTIONS", !cors.isEmpty { return HTTPResponse(status: 204, contentType: "text/plain", body: [], headers: cors) }
        var reply = route(request)
        reply.headers.merge(cors) { a, _ in a }
        return reply
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        do {
            switch (request.method, request.path) {
            case ("GET", "/"), ("GET", "/index.html"):
                return HTTPResponse(contentType: "text/html; charset=utf-8", body: PlaygroundPage.html)
            case ("POST", "/api/layout"): return try layout(request)
            case ("POST", "/api/render"): return try render(request)
            case ("GET", "/api/fonts"): return fonts()
            case ("GET", "/api/options"): return HTTPResponse(contentType: "application/json", body: Self.catalog)
            case ("POST", "/api/drag"): return try drag(request)
            case ("POST", "/api/measure"): return try measure(request)
            case ("POST", "/api/sleep"): return try sleep(request)
            case ("POST", "/api/place"): return try place(request)
            case ("GET", "/api/preset"): return try preset(request)
            case ("GET", "/map"):
                guard let tiles else { return Self.error(404, "no map here: start the server with --tiles DIR") }
                return HTTPResponse(contentType: "text/html; charset=utf-8", body: MapPage.html(tiles))
            case ("GET", let path) where path.hasPrefix("/tiles/"):
                guard let tiles else { return Self.error(404, "no tiles here: start the server with --tiles DIR") }
                return tiles.reply(String(path.dropFirst("/tiles/".count)))
            case ("GET", let path) where path.hasPrefix("/leaflet/"):
                guard let leaflet else { return Self.error(404, "no map here: start the server with --tiles DIR") }
                return leaflet.reply(String(path.dropFirst("/leaflet/".count)))
            case (_, "/map"): return Self.error(405, "\(request.method) is not allowed on \(request.path)")
            case (_, let path) where path.hasPrefix("/tiles/") || path.hasPrefix("/leaflet/"):
                return Self.error(405, "\(request.method) is not allowed on \(request.path): the tiles are read-only")
            case (_, "/"), (_, "/api/layout"), (_, "/api/render"), (_, "/api/fonts"), (_, "/api/options"), (_, "/api/drag"),
                 (_, "/api/measure"), (_, "/api/sleep"), (_, "/api/preset"), (_, "/api/place"):
                return Self.error(405, "\(request.method) is not allowed on \(request.path)")
            default:
                return Self.error(404, "no such page: \(request.path)")
            }
        } catch {
            // Work stopped by the request's deadline is the server's limit, not a mistake in the request.
            return Self.error(Deadline.passed != nil ? 503 : 400, error.message, key: error.key)
        }
    }

    /// A JSON error reply: `{"error": message}`, and `"key"` (the request key or query parameter at fault,
    /// as the catalog spells it) when the error has one.
    public static func error(_ status: Int, _ message: String, key: String = "") -> HTTPResponse {
        let keyMember = key.isEmpty ? "" : ",\"key\":" + jsonString(key)
        return HTTPResponse(status: status, contentType: "application/json",
                            body: Array(("{\"error\":" + jsonString(message) + keyMember + "}\n").utf8))
    }

    /// The reply of `GET /api/options`, made once.
    static let catalog: [UInt8] = Array(OptionCatalogJSON.text.utf8)

    // MARK: Routes

    private func layout(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let settings = try QuerySettings.read(request.query, over: engine.settings)
        do {
            let json = try engine.layoutJSON(try Self.text(request.body), inkBoxes: settings.ink)
            return HTTPResponse(contentType: "application/json", body: Array(json.utf8))
        } catch { throw RequestError(keeping: error) }
    }

    private func render(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let settings = try QuerySettings.read(request.query, over: engine.settings)
        let format = settings.format
        // An SVG document (Content-Type image/svg+xml; recognised by its root element) instead of scene JSON.
        if SVGInput.isSVG(path: "", prefix: Array(request.body.prefix(4096))) {
            do {
                let (bytes, _) = try engine.renderSVGDocument(request.body, format: format, strict: settings.strict)
                return HTTPResponse(contentType: format == .png ? "image/png" : "image/svg+xml", body: bytes)
            } catch { throw RequestError(keeping: error) }
        }
        do {
            let bytes = try engine.render(try Self.text(request.body), format: format)
            return HTTPResponse(contentType: format == .png ? "image/png" : "image/svg+xml", body: bytes)
        } catch { throw RequestError(keeping: error) }
    }

    private func place(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let body = try Self.text(request.body)
        do {
            switch request.query["format"] ?? "json" {
            case "json": return HTTPResponse(contentType: "application/json", body: Array(try engine.placeJSON(body).utf8))
            case "png": return HTTPResponse(contentType: "image/png", body: try engine.placePNG(body))
            case let word: throw RequestError("format: expected json or png, got \(MessageText.quoted(word))")
            }
        } catch let error as RequestError { throw error } catch let error as EngineError { throw RequestError(error.message) } catch {
            throw RequestError("\(error)")
        }
    }

    private func fonts() -> HTTPResponse {
        let embedded = DefaultFonts.stackFileNames + ["NotoSans-Bold.ttf", "NotoSerif-Regular.ttf"]
        let system = FontLookup.installedFamilies()
        let body = "{\"embedded\":[" + embedded.map(Self.jsonString).joined(separator: ",") + "],\"system\":["
            + system.map(Self.jsonString).joined(separator: ",") + "]}\n"
        return HTTPResponse(contentType: "application/json", body: Array(body.utf8))
    }

    private func drag(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let object = try PlaygroundRequests.object(request.body)
        let measure = try PlaygroundRequests.measure(object["path"])
        let from = try PlaygroundRequests.number(object["from"], "from")
        let targets = try PlaygroundRequests.points(object["to"], "to")
        var steps: [PathLocation] = []
        var s = from
        for target in targets {
            if let d = Deadline.passed { throw RequestError(d.message) }
            let step = measure.drag(from: s, toward: target)
            steps.append(step)
            s = step.distance
        }
        let rows = steps.map { "{\"distance\":\(n($0.distance)),\"x\":\(n($0.point.x)),\"y\":\(n($0.point.y))}" }
        return json("{\"steps\":[" + rows.joined(separator: ",") + "]}")
    }

    private func measure(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let object = try PlaygroundRequests.object(request.body)
        let measure = try PlaygroundRequests.measure(object["path"])
        let step = try object["step"].map { v throws(RequestError) in try PlaygroundRequests.number(v, "step") } ?? 50
        guard step > 0 else { throw RequestError("step: expected a number above 0") }
        // In floating point first: length / step can be beyond Int's range (1e20 / 1, or 100 / 1e-300).
        let count = Int(min(1_000, (measure.length / step).rounded(.down) + 1))
        var ticks: [String] = []
        for i in 0..<count {
            if let d = Deadline.passed { throw RequestError(d.message) }
            let s = Double(i) * step
            let sample = measure.sample(at: s)
            let angle = atan2(sample.tangent.y, sample.tangent.x) * 180 / .pi
            ticks.append("{\"distance\":\(n(s)),\"x\":\(n(sample.point.x)),\"y\":\(n(sample.point.y)),\"angle\":\(n(angle))}")
        }
        return json("{\"length\":\(n(measure.length)),\"ticks\":[" + ticks.joined(separator: ",") + "]}")
    }

    private func sleep(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let object = try PlaygroundRequests.object(request.body)
        var range = SleepRange(bedtime: try PlaygroundRequests.number(object["bedtime"], "bedtime"),
                               wake: try PlaygroundRequests.number(object["wake"], "wake"))
        let size = 800
        let dial = Dial(center: Point(Double(size) / 2, Double(size) / 2))
        if let drag = object["drag"] {
            guard case .string(let handle) = drag else { throw RequestError("drag: expected bedtime, wake or whole") }
            let to = try PlaygroundRequests.point(object["to"], "to")
            switch handle {
            case "bedtime": range.dragBedtime(to: dial.angle(of: to))
            case "wake": range.dragWake(to: dial.angle(of: to))
            case "whole":
                let from = try PlaygroundRequests.point(object["from"], "from")
                range.dragWhole(from: dial.angle(of: from), to: dial.angle(of: to))
            default: throw RequestError("drag: expected bedtime, wake or whole, got \"\(handle)\"")
            }
        }
        let handles = [range.bedtimeAngle, range.wakeAngle].map { dial.point(at: $0, radius: 290) }
        let scene = String(decoding: SceneJSON.encode(Showcase.sleepClock(range, size: size)), as: UTF8.self)
        var out = "{\"bedtime\":\(n(range.bedtime)),\"wake\":\(n(range.wake)),\"duration\":\(n(range.duration)),"
        out += "\"durationText\":" + Self.jsonString(range.durationText) + ","
        out += "\"bedtimeText\":" + Self.jsonString(SleepRange.clockText(range.bedtime)) + ","
        out += "\"wakeText\":" + Self.jsonString(SleepRange.clockText(range.wake)) + ","
        out += "\"handles\":{\"bedtime\":[\(n(handles[0].x)),\(n(handles[0].y))],\"wake\":[\(n(handles[1].x)),\(n(handles[1].y))]},"
        out += "\"center\":[\(n(dial.center.x)),\(n(dial.center.y))],\"scene\":" + scene + "}"
        return json(out)
    }

    private func preset(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let scene: Scene
        switch request.query["name"] ?? "" {
        case "dial": scene = Showcase.paymentDial()
        case "dial-multilingual": scene = Showcase.multilingualDial()
        case "sleep": scene = Showcase.sleepClock()
        case "badge":
            do { scene = try Badge.sheet(resolver: SceneResolver()) } catch {
                throw RequestError("\(error)")
            }
        case "figure8":
            var stroke = SceneShape(type: .path)
            do { stroke.d = try BezPath(svgPathData: Showcase.figureEight) } catch { throw RequestError("\(error)") }
            stroke.stroke = RGBAColor(hex: "#334155"); stroke.strokeWidth = 6
            scene = Scene(width: 800, height: 600, background: .white, shapes: [stroke])
        case let other: throw RequestError("name: expected dial, dial-multilingual, badge, sleep or figure8, got \"\(other)\"")
        }
        return json(String(decoding: SceneJSON.encode(scene), as: UTF8.self))
    }

    // MARK: Helpers

    /// The body as text, refused when it is not UTF-8 (replacing the bad bytes with U+FFFD would shift the
    /// byte offsets of the clusters in the reply).
    static func text(_ body: [UInt8]) throws(RequestError) -> String {
        guard let text = String(validating: body, as: UTF8.self) else {
            var offset = 0, iterator = body.makeIterator(), decoder = UTF8()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let s): offset += UTF8.width(s)
                case .emptyInput, .error: break loop
                }
            }
            throw RequestError("the request body is not valid UTF-8 (at byte \(offset))")
        }
        return text
    }

    private func json(_ text: String) -> HTTPResponse {
        HTTPResponse(contentType: "application/json", body: Array((text + "\n").utf8))
    }

    private func n(_ v: Double) -> String { PlacementsJSON.number(v) }

    /// A JSON string literal.
    static func jsonString(_ s: String) -> String { PlacementsJSON.string(s) }
}

/// A request the playground cannot answer, with the message for the 400 reply.
struct RequestError: Error {
    /// Where the bad value is (a key of the request, a query parameter), or empty.
    var key: String
    /// What is wrong there.
    var reason: String
    /// `key: reason`, or the reason alone.
    var message: String { key.isEmpty ? reason : "\(key): \(reason)" }
    init(_ message: String) { key = ""; reason = message }
    init(key: String, _ reason: String) { self.key = key; self.reason = reason }
    /// The engine's error, its key kept.
    init(keeping error: any Error) {
        switch error {
        case let e as EngineError: key = e.key; reason = e.reason
        case let e as RequestError: self = e
        default: key = ""; reason = "\(error)"
        }
    }
}

extension Error {
    /// The message of a ``RequestError``, or the error's description.
    var message: String { (self as? RequestError)?.message ?? "\(self)" }
    /// The key of a ``RequestError``, or empty.
    var key: String { (self as? RequestError)?.key ?? "" }
}
