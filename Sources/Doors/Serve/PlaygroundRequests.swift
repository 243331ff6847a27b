import JSON
import PathText

/// Decoding the playground's small requests (drag, measure, sleep): plain objects. Label and scene requests go
/// through the ``Engine``, the same request format as the CLI, the C API and Python.
enum PlaygroundRequests {
    /// A JSON object, read by the strict parser every front door shares.
    static func object(_ body: [UInt8]) throws(RequestError) -> JSONValue {
        guard let value = try? JSONValue.parse(body), case .object = value else { throw RequestError("expected a JSON object") }
        return value
    }

    /// A path measured from path data.
    static func measure(_ value: JSONValue?) throws(RequestError) -> PathMeasure {
        guard case .string(let d)? = value else { throw RequestError("path: expected SVG path data") }
        do {
            let path = try BezPath(svgPathData: d)
            guard path.subpaths.reduce(0, { $0 + $1.segments.count }) <= PlaygroundService.limits.pathSegments else {
                throw RequestError("path: more than \(PlaygroundService.limits.pathSegments) segments")
            }
            return try PathMeasure(path)
        } catch let e as RequestError { throw e } catch { throw RequestError("path: \(error)") }
    }

    /// A finite number.
    static func number(_ value: JSONValue?, _ key: String) throws(RequestError) -> Double {
        guard case .number(let v)? = value, v.isFinite else { throw RequestError("\(key): expected a number") }
        return v
    }

    /// A point `[x, y]`.
    static func point(_ value: JSONValue?, _ key: String) throws(RequestError) -> Point {
        guard case .array(let pair)? = value, pair.count == 2 else { throw RequestError("\(key): expected [x, y]") }
        return Point(try number(pair[0], key), try number(pair[1], key))
    }

    /// A list of points `[[x, y], …]` (at most 1 000).
    static func points(_ value: JSONValue?, _ key: String) throws(RequestError) -> [Point] {
        guard case .array(let list)? = value, list.count <= 1_000 else { throw RequestError("\(key): expected a list of at most 1000 [x, y]") }
        var out: [Point] = []
        for item in list { out.append(try point(item, key)) }
        return out
    }
}
