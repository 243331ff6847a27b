import Support
import JSON
import Geometry
import Layout
import Requests

/// A zoom's placement as text another process reads back: what lets a cluster place each zoom once and
/// hand the result to every task that draws the zoom's metatiles (Python's `pathtext.dask.tiles`).
///
/// The record holds, for each placed label in placing order, its request, the requests of its path, its
/// text, its path (after joining and cutting), its offset along it and the bounds of its collision boxes
/// (`null` for none); ``TileJob/placement(record:zoom:resolver:)`` lays each label out again from these
/// (the layout is a function of them), so the glyphs and boxes are bit for bit the placer's and the tiles
/// drawn from either are the same bytes. The bounds let a task that draws a few metatiles lay out only the
/// labels that reach into them (``ZoomRecord``). Every number is written as the shortest text that reads
/// back as the same `Double` (``JSONNumber``).
///
/// `{"pathtextPlacement": 2, "job": "9c1d…", "zoom": 16, "labels": [{"request": 3, "requests": [3, 7],
///   "text": "Mannerheimintie", "offset": -12.5, "bounds": [minX, minY, maxX, maxY],
///   "path": [{"start": [x, y], "segments": [[x, y], [cx, cy, x, y], …], "closed": false}]}]}`:
/// a segment of 2 numbers is a line to its end, 4 a quadratic (control, end), 6 a cubic (two controls, end).
extension TileJob {
    /// The version of the record ``record(_:)`` writes and ``placement(record:zoom:resolver:)`` reads.
    public static let recordVersion = 2

    /// `zone` as a record (see the extension's overview), tagged with the job's ``fingerprint``.
    /// - Throws: ``SceneError`` for a label on a path with an elliptical arc (roads are polylines; the record
    ///   does not hold arcs).
    public func record(_ zone: ZoomPlacement) throws(SceneError) -> String {
        var out: [UInt8] = []
        func text(_ s: String) { out.append(contentsOf: s.utf8) }
        func number(_ v: Double) { JSONNumber.append(v, to: &out) }
        func point(_ p: Point) { number(p.x); text(","); number(p.y) }
        text("{\"pathtextPlacement\":\(Self.recordVersion),\"job\":\"\(Self.hex(fingerprint))\",\"zoom\":\(zone.zoom),\"labels\":[")
        for (i, p) in zone.result.placed.enumerated() {
            text(i > 0 ? ",{\"request\":" : "{\"request\":")
            text("\(p.request),\"requests\":[\(p.requests.map(String.init).joined(separator: ","))],\"text\":")
            JSONStringLiteral.append(p.text, to: &out)
            text(",\"offset\":")
            number(p.offset)
            let bounds = p.boxes.reduce(Rect.empty) { $0.union($1.bounds) }
            if bounds.isEmpty { text(",\"bounds\":null") } else {
                text(",\"bounds\":["); point(Point(bounds.minX, bounds.minY)); text(","); point(Point(bounds.maxX, bounds.maxY)); text("]")
            }
            text(",\"path\":[")
            for (k, sp) in p.path.subpaths.enumerated() {
                text(k > 0 ? ",{\"start\":[" : "{\"start\":[")
                point(sp.start)
                text("],\"segments\":[")
                var at = sp.start
                for (n, s) in sp.segments.enumerated() {
                    guard s.start == at else { throw SceneError("placed[\(i)].path", "a segment that does not start where the one before it ends, which a placement record does not hold") }
                    text(n > 0 ? ",[" : "[")
                    switch s {
                    case .line(let l): point(l.p1)
                    case .quad(let q): point(q.p1); text(","); point(q.p2)
                    case .cubic(let c): point(c.p1); text(","); point(c.p2); text(","); point(c.p3)
                    case .arc: throw SceneError("placed[\(i)].path", "an elliptical arc, which a placement record does not hold")
                    }
                    text("]")
                    at = s.end
                }
                text("],\"closed\":\(sp.isClosed)}")
            }
            text("]}")
        }
        text("]}\n")
        return String(decoding: out, as: UTF8.self)
    }

    /// The zone a record (``record(_:)``) holds, for `zoom` of this job: its roads and requests made again,
    /// and its labels laid out again from their requests, paths and offsets.
    /// - Throws: ``SceneError`` naming `placement` or the bad part of it (`placement.labels[3].path`): not a
    ///   record, another version, another job (its ``fingerprint``) or zoom, a request or text that is not
    ///   the job's, a number out of range, or a label that no longer lays out.
    /// (To lay out only the labels a few metatiles draw, read the record as a ``ZoomRecord``.)
    public func placement(record text: String, zoom: Int, resolver: SceneResolver = SceneResolver()) throws(SceneError) -> ZoomPlacement {
        var record = try ZoomRecord(text, zoom: zoom, job: self)
        return try record.zone(resolver: resolver)
    }

    /// The most bytes a record may have.
    public static let maximumRecordBytes = 64 << 20

    /// The labels of a record, checked against the job's `requests`.
    static func recordLabels(_ text: String, fingerprint: UInt64, zoom: Int, requests: [PlaceRequest]) throws(SceneError) -> [Placer.LaidOut] {
        let top = "placement"
        guard text.utf8.count <= maximumRecordBytes else {
            throw SceneError(top, "the record is \(text.utf8.count) bytes, over the limit of \(maximumRecordBytes)")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw SceneError(top, "not a placement record: \(error.description)") }
        guard case .number(let version) = value["pathtextPlacement"] ?? .null else {
            throw SceneError(top, "not a placement record (no \"pathtextPlacement\" version; expected what tiles_place returns)")
        }
        guard version == Double(recordVersion) else {
            throw SceneError(top + ".pathtextPlacement", "a record of version \(MessageText.number(version)); this library reads version \(recordVersion)")
        }
        guard case .string(let job) = value["job"] ?? .null, job == hex(fingerprint) else {
            throw SceneError(top + ".job", "the placement is of another tiles job (\((value["job"] ?? .null).shownInMessage), this job is \"\(hex(fingerprint))\"): place the zoom with this job")
        }
        guard case .number(let z) = value["zoom"] ?? .null, z == Double(zoom) else {
            throw SceneError(top + ".zoom", "the placement is of zoom \((value["zoom"] ?? .null).shownInMessage), the metatiles of zoom \(zoom)")
        }
        guard case .array(let items) = value["labels"] ?? .null else {
            throw SceneError(top + ".labels", "expected a list of placed labels, got \((value["labels"] ?? .null).shownInMessage)")
        }
        guard items.count <= requests.count * LabelLayout.maximumRepeatCount else {
            throw SceneError(top + ".labels", "\(items.count) labels, more than the job's \(requests.count) requests can have")
        }
        var out: [Placer.LaidOut] = []
        out.reserveCapacity(items.count)
        var segments = 0
        for (i, item) in items.enumerated() {
            let at = "\(top).labels[\(i)]"
            func index(_ v: JSONValue?, _ key: String) throws(SceneError) -> Int {
                guard case .number(let n) = v ?? .null, n >= 0, n < Double(requests.count), n == n.rounded() else {
                    throw SceneError("\(at).\(key)", "expected a request of the job, 0 to \(requests.count - 1), got \((v ?? .null).shownInMessage)")
                }
                return Int(n)
            }
            let request = try index(item["request"], "request")
            guard case .array(let list) = item["requests"] ?? .null, !list.isEmpty, list.count <= requests.count else {
                throw SceneError("\(at).requests", "expected the list of the label's requests, got \((item["requests"] ?? .null).shownInMessage)")
            }
            var members: [Int] = []
            for (k, r) in list.enumerated() { members.append(try index(r, "requests[\(k)]")) }
            guard members.contains(request) else { throw SceneError("\(at).requests", "does not hold the label's request \(request)") }
            guard case .string(let name) = item["text"] ?? .null, name == requests[request].text else {
                throw SceneError("\(at).text", "the job's request \(request) is \(MessageText.quoted(requests[request].text)), the record's \((item["text"] ?? .null).shownInMessage): the placement is of another job")
            }
            guard case .number(let offset) = item["offset"] ?? .null, abs(offset) <= Placer.maximumCoordinate else {
                throw SceneError("\(at).offset", "expected a number from -\(MessageText.number(Placer.maximumCoordinate)) to \(MessageText.number(Placer.maximumCoordinate)), got \((item["offset"] ?? .null).shownInMessage)")
            }
            let bounds = try recordBounds(item["bounds"], at: "\(at).bounds")
            let path = try recordPath(item["path"], at: "\(at).path")
            segments += path.subpaths.reduce(0) { $0 + $1.segments.count }
            guard segments <= Placer.maximumTotalSegments else {
                throw SceneError("\(at).path", "the record's paths hold over \(Placer.maximumTotalSegments) segments (the segments budget)")
            }
            out.append(Placer.LaidOut(request: request, requests: members, path: path, offset: offset, bounds: bounds))
        }
        return out
    }

    /// A label's bounds in a record: `[minX, minY, maxX, maxY]` within the coordinate limit, or `null`.
    static func recordBounds(_ value: JSONValue?, at: String) throws(SceneError) -> Rect? {
        if value == .null { return nil }
        let limit = Placer.maximumCoordinate
        guard case .array(let numbers) = value ?? .null, numbers.count == 4 else {
            throw SceneError(at, "expected [minX, minY, maxX, maxY] or null, got \((value ?? .null).shownInMessage)")
        }
        var v: [Double] = []
        for (k, n) in numbers.enumerated() {
            guard case .number(let x) = n, abs(x) <= limit else {
                throw SceneError("\(at)[\(k)]", "expected a coordinate from -\(MessageText.number(limit)) to \(MessageText.number(limit)), got \(n.shownInMessage)")
            }
            v.append(x)
        }
        guard v[0] <= v[2], v[1] <= v[3] else { throw SceneError(at, "expected minX ≤ maxX and minY ≤ maxY, got \((value ?? .null).shownInMessage)") }
        return Rect(minX: v[0], minY: v[1], maxX: v[2], maxY: v[3])
    }

    /// A label's path in a record: subpaths of a start and segments of 2, 4 or 6 coordinates.
    static func recordPath(_ value: JSONValue?, at: String) throws(SceneError) -> BezPath {
        guard case .array(let items) = value ?? .null, !items.isEmpty else {
            throw SceneError(at, "expected a list of subpaths, got \((value ?? .null).shownInMessage)")
        }
        func points(_ v: JSONValue, _ at: String, counts: Set<Int>) throws(SceneError) -> [Point] {
            guard case .array(let numbers) = v, counts.contains(numbers.count) else {
                throw SceneError(at, "expected \(counts.sorted().map(String.init).joined(separator: ", ")) coordinates, got \(v.shownInMessage)")
            }
            var out: [Point] = []
            for k in stride(from: 0, to: numbers.count, by: 2) {
                guard case .number(let x) = numbers[k], case .number(let y) = numbers[k + 1],
                      abs(x) <= Placer.maximumCoordinate, abs(y) <= Placer.maximumCoordinate else {
                    throw SceneError("\(at)[\(k)]", "expected coordinates from -\(MessageText.number(Placer.maximumCoordinate)) to \(MessageText.number(Placer.maximumCoordinate)), got \(numbers[k].shownInMessage), \(numbers[k + 1].shownInMessage)")
                }
                out.append(Point(x, y))
            }
            return out
        }
        var path = BezPath()
        for (k, item) in items.enumerated() {
            let here = "\(at)[\(k)]"
            guard case .array(let list) = item["segments"] ?? .null, let start = item["start"] else {
                throw SceneError(here, "expected {\"start\": [x, y], \"segments\": [...], \"closed\": false}, got \(item.shownInMessage)")
            }
            guard case .bool(let closed) = item["closed"] ?? .null else {
                throw SceneError("\(here).closed", "expected true or false, got \((item["closed"] ?? .null).shownInMessage)")
            }
            var sp = Subpath(start: try points(start, "\(here).start", counts: [2])[0], isClosed: closed)
            var now = sp.start
            for (n, s) in list.enumerated() {
                let p = try points(s, "\(here).segments[\(n)]", counts: [2, 4, 6])
                let segment: Segment
                switch p.count {
                case 1: segment = .line(Line(now, p[0]))
                case 2: segment = .quad(QuadBez(now, p[0], p[1]))
                default: segment = .cubic(CubicBez(now, p[0], p[1], p[2]))
                }
                sp.segments.append(segment)
                now = segment.end
            }
            path.subpaths.append(sp)
        }
        return path
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
