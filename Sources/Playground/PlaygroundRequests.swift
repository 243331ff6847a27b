import Foundation
import PathText

/// Decoding the playground's requests: label and scene JSON go through the library's scene decoder (the
/// same request format as the CLI, the C API and Python); the small drag/measure/sleep requests are plain objects.
enum PlaygroundRequests {
    /// A label request (one scene label as JSON), resolved with `resolver`.
    static func label(_ body: [UInt8], resolver: SceneResolver) throws(RequestError) -> ResolvedLabel {
        let label: SceneLabel
        do { label = try SceneJSON.decodeLabel(body) } catch { throw RequestError(error.description) }
        try checkFonts(label.fontFiles, at: "font")
        do { return try resolver.resolve(label, index: 0) } catch {
            throw RequestError(trimmed(error.description))
        }
    }

    /// A scene request.
    static func scene(_ body: [UInt8]) throws(RequestError) -> Scene {
        let scene: Scene
        do { scene = try SceneJSON.decode(body) } catch { throw RequestError(error.description) }
        for (i, label) in scene.labels.enumerated() { try checkFonts(label.fontFiles, at: "labels[\(i)].font") }
        return scene
    }

    /// Fonts come from the embedded folder and Fontconfig only: a request may name a font file, not a path.
    static func checkFonts(_ names: [String], at key: String) throws(RequestError) {
        for name in names where name.contains("/") || name.hasPrefix(".") {
            throw RequestError("\(key): the playground takes font names from the fonts folder, not paths (\(name))")
        }
    }

    /// `labels[0].align: …` → `align: …`.
    static func trimmed(_ message: String) -> String {
        message.hasPrefix("labels[0].") ? String(message.dropFirst("labels[0].".count)) : message
    }

    /// A JSON object.
    static func object(_ body: [UInt8]) throws(RequestError) -> [String: Any] {
        guard let value = try? JSONSerialization.jsonObject(with: Data(body)), let object = value as? [String: Any] else {
            throw RequestError("expected a JSON object")
        }
        return object
    }

    /// A path measured from path data.
    static func measure(_ value: Any?) throws(RequestError) -> PathMeasure {
        guard let d = value as? String else { throw RequestError("path: expected SVG path data") }
        do {
            let path = try BezPath(svgPathData: d)
            guard path.subpaths.reduce(0, { $0 + $1.segments.count }) <= PlaygroundService.limits.pathSegments else {
                throw RequestError("path: more than \(PlaygroundService.limits.pathSegments) segments")
            }
            return try PathMeasure(path)
        } catch let e as RequestError { throw e } catch { throw RequestError("path: \(error)") }
    }

    /// A finite number.
    static func number(_ value: Any?, _ key: String) throws(RequestError) -> Double {
        guard let v = (value as? NSNumber)?.doubleValue, v.isFinite else { throw RequestError("\(key): expected a number") }
        return v
    }

    /// A point `[x, y]`.
    static func point(_ value: Any?, _ key: String) throws(RequestError) -> Point {
        guard let pair = value as? [Any], pair.count == 2 else { throw RequestError("\(key): expected [x, y]") }
        return Point(try number(pair[0], key), try number(pair[1], key))
    }

    /// A list of points `[[x, y], …]` (at most 1 000).
    static func points(_ value: Any?, _ key: String) throws(RequestError) -> [Point] {
        guard let list = value as? [Any], list.count <= 1_000 else { throw RequestError("\(key): expected a list of at most 1000 [x, y]") }
        var out: [Point] = []
        for item in list { out.append(try point(item, key)) }
        return out
    }
}

/// Scene resolvers shared by the server's threads: each request borrows one (a resolver caches the fonts it
/// loads and is not itself thread-safe), so fonts load once per resolver, not once per request.
final class ResolverPool: @unchecked Sendable {
    // `idle` is only touched under `lock` (an NSLock, which ThreadSanitizer sees).
    private let lock = NSLock()
    private var idle: [SceneResolver] = []
    private let fontsDir: String?
    private let limits: ResourceLimits

    init(fontsDir: String?, limits: ResourceLimits) {
        self.fontsDir = fontsDir
        self.limits = limits
    }

    /// Runs `body` with a resolver no other thread is using.
    func with<R, E: Error>(_ body: (SceneResolver) throws(E) -> R) throws(E) -> R {
        lock.lock()
        let resolver = idle.popLast() ?? {
            let r = SceneResolver(fontsDir: fontsDir)
            r.limits = limits
            return r
        }()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(resolver)
            lock.unlock()
        }
        return try body(resolver)
    }
}
