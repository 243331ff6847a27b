import Foundation

/// Reading and writing scene files.
public enum SceneJSON {
    /// Keys each kind of object may have; anything else is reported (a typo would otherwise be ignored).
    static let sceneKeys = Set(Scene.CodingKeys.allCases.map(\.rawValue))
    static let shapeKeys: Set<String> = [
        "type", "id", "center", "radius", "innerRadius", "outerRadius", "startAngle", "endAngle", "clockwise", "d",
        "x", "y", "width", "height", "cornerRadius", "fill", "stroke", "strokeWidth", "strokeCap", "fillRule", "blend",
    ]
    static let runKeys: Set<String> = ["text", "font", "size", "color", "features", "lang", "letterSpacing"]
    static let labelKeys: Set<String> = runKeys.union([
        "runs", "path", "shape", "dir", "align", "offset", "side", "baseline", "dy", "shift", "upright", "method",
        "overflow", "minSize", "fit", "length", "warp", "maxAngle", "repeat", "blend",
    ])

    /// Reads a scene from JSON bytes.
    /// - Throws: ``SceneError`` naming the JSON path of the first bad value.
    public static func decode(_ data: Data) throws(SceneError) -> Scene {
        let any: Any
        do { any = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw SceneError("", "not valid JSON (\((error as NSError).userInfo["NSDebugDescription"] as? String ?? "parse error"))")
        }
        try checkKeys(any)
        do {
            return try JSONDecoder().decode(Scene.self, from: data)
        } catch let error as DecodingError {
            throw translate(error)
        } catch {
            throw SceneError("", "\(error)")
        }
    }

    /// Reads a scene file.
    public static func read(path: String) throws(SceneError) -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError("", "cannot read scene file \(path)")
        }
        do { return try decode(data) } catch { throw SceneError(error.path, error.message + " (in \(path))") }
    }

    /// Writes a scene as pretty-printed JSON with sorted keys.
    public static func encode(_ scene: Scene) -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(scene)) ?? Data()
    }

    private static func checkKeys(_ any: Any) throws(SceneError) {
        guard let root = any as? [String: Any] else { throw SceneError("", "expected an object with width, height, shapes and labels") }
        try unknown(root, sceneKeys, "")
        for (i, s) in ((root["shapes"] as? [Any]) ?? []).enumerated() {
            guard let shape = s as? [String: Any] else { throw SceneError("shapes[\(i)]", "expected an object") }
            try unknown(shape, shapeKeys, "shapes[\(i)]")
        }
        for (i, l) in ((root["labels"] as? [Any]) ?? []).enumerated() {
            guard let label = l as? [String: Any] else { throw SceneError("labels[\(i)]", "expected an object") }
            try unknown(label, labelKeys, "labels[\(i)]")
            for (k, r) in ((label["runs"] as? [Any]) ?? []).enumerated() {
                guard let run = r as? [String: Any] else { throw SceneError("labels[\(i)].runs[\(k)]", "expected an object") }
                try unknown(run, runKeys, "labels[\(i)].runs[\(k)]")
            }
        }
    }

    private static func unknown(_ object: [String: Any], _ known: Set<String>, _ path: String) throws(SceneError) {
        for key in object.keys.sorted() where !known.contains(key) {
            let near = known.sorted().first { $0.lowercased() == key.lowercased() || editDistance($0, key) <= 2 }
            throw SceneError(path.isEmpty ? key : "\(path).\(key)",
                             "unknown key" + (near.map { " (did you mean \($0)?)" } ?? ""))
        }
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        guard abs(a.utf8.count - b.utf8.count) <= 8 else { return .max }  // far apart (a 16 MB key): not O(n·m)
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var prev = row[0]; row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }

    /// `labels[2].align` from a coding path.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return out
    }

    private static func translate(_ error: DecodingError) -> SceneError {
        switch error {
        case .typeMismatch(let type, let ctx):
            return SceneError(jsonPath(ctx.codingPath), "expected \(describe(type))")
        case .valueNotFound(let type, let ctx):
            return SceneError(jsonPath(ctx.codingPath), "expected \(describe(type)), found null")
        case .keyNotFound(let key, let ctx):
            return SceneError(jsonPath(ctx.codingPath + [key]), "required")
        case .dataCorrupted(let ctx):
            return SceneError(jsonPath(ctx.codingPath), ctx.debugDescription)
        @unknown default:
            return SceneError("", "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [String].Type: "a list of strings"
        case is [Double].Type: "a list of numbers"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
