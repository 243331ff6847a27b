import Support
import JSON
import Shaping
import Geometry
import Layout

/// Reading and writing scenes and label requests as JSON: the one request format of every front door.
///
/// Reading uses ``JSONValue``'s strict parser (duplicate keys, invalid UTF-8 and deep nesting are
/// errors) and the catalogs (``SceneLabel/catalog``, ``SceneShape/catalog``, ``Scene/catalog``), so an
/// unknown key is reported with the nearest known one and a bad value with its JSON path and what was
/// given: `labels[0].size: expected a number above 0 and at most 10000, got -3`.
public enum SceneJSON {
    /// The largest scene or label file read, in bytes (16 MB).
    public static let maximumBytes = 16 << 20

    /// Reads a scene from JSON bytes.
    /// - Throws: ``SceneError`` naming the JSON path of the first bad value.
    public static func decode(_ bytes: [UInt8]) throws(SceneError) -> Scene {
        do throws(JSONError) { return try scene(try document(bytes)) } catch { throw SceneError(error.path, error.message) }
    }

    /// Reads one label request (a label object, as in a scene's `labels`) from JSON bytes.
    /// - Throws: ``SceneError`` naming the key at fault (`align`, `runs[1].color`).
    public static func decodeLabel(_ bytes: [UInt8]) throws(SceneError) -> SceneLabel {
        do throws(JSONError) { return try label(try document(bytes), at: "") } catch { throw SceneError(error.path, error.message) }
    }

    /// Reads a scene file (errors name the JSON path within it, not the file).
    public static func read(path: String) throws(SceneError) -> Scene {
        switch Syscalls.readFile(path, limit: maximumBytes) {
        case .success(let bytes): return try decode(bytes)
        case .failure(.tooLarge(let size)): throw SceneError("", "the file is \(size) bytes, over the limit of \(maximumBytes)")
        case .failure: throw SceneError("", "cannot read the file (missing, unreadable or a folder)")
        }
    }

    /// Writes a scene as pretty-printed JSON with sorted keys; options at their defaults are left out.
    public static func encode(_ scene: Scene) -> [UInt8] {
        Array(json(of: scene).serialized(pretty: true, sortedKeys: true).utf8)
    }

    /// Writes a label request as compact JSON; options at their defaults are left out.
    public static func encodeLabel(_ label: SceneLabel) -> [UInt8] {
        Array(json(of: label).serialized(sortedKeys: true).utf8)
    }

    static func document(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        guard bytes.count <= maximumBytes else { throw JSONError("", "the JSON is \(bytes.count) bytes, over the limit of \(maximumBytes)") }
        return try JSONValue.parse(bytes)
    }

    /// A scene from its JSON value.
    package static func scene(_ json: JSONValue) throws(JSONError) -> Scene {
        var s = Scene(width: 0, height: 0)
        try OptionCatalog.read(json, into: &s, entries: Scene.catalog, at: "")
        for key in ["width", "height"] where s.fitCanvas == nil && (json[key] == nil || json[key] == .null) {
            throw JSONError(key, "required (or give fitCanvas: a margin in pixels, to fit the canvas to the labels)")
        }
        if s.fitCanvas != nil {  // fitted: the size comes from the labels
            if json["width"] == nil || json["width"] == .null { s.width = 1 }
            if json["height"] == nil || json["height"] == .null { s.height = 1 }
        }
        return s
    }

    /// A label from its JSON value at `path`.
    package static func label(_ json: JSONValue, at path: String) throws(JSONError) -> SceneLabel {
        var l = SceneLabel()
        try OptionCatalog.read(json, into: &l, entries: SceneLabel.catalog, at: path)
        return l
    }

    /// A run from its JSON value at `path`.
    static func run(_ json: JSONValue, at path: String) throws(JSONError) -> SceneRun {
        var r = SceneRun(text: "")
        try OptionCatalog.read(json, into: &r, entries: SceneRun.catalog, at: path)
        guard let t = json["text"], t != .null else { throw JSONError(OptionCatalog.join(path, "text"), "required") }
        return r
    }

    /// A shape from its JSON value at `path`.
    static func shape(_ json: JSONValue, at path: String) throws(JSONError) -> SceneShape {
        var s = SceneShape(type: .path)
        try OptionCatalog.read(json, into: &s, entries: SceneShape.catalog, at: path)
        guard let t = json["type"], t != .null else { throw JSONError(OptionCatalog.join(path, "type"), "required") }
        return s
    }

    /// The JSON value of a scene.
    package static func json(of scene: Scene) -> JSONValue {
        // Shapes and labels are written even when empty, as a reader expects to find them.
        var members: [JSONMember] = []
        guard case .object(let written) = OptionCatalog.write(scene, entries: Scene.catalog) else { return .null }
        members = written
        for key in ["shapes", "labels"] where !members.contains(where: { $0.key == key }) { members.append(JSONMember(key, .array([]))) }
        return .object(members)
    }

    /// The JSON value of a label.
    package static func json(of label: SceneLabel) -> JSONValue { OptionCatalog.write(label, entries: SceneLabel.catalog) }

    /// The JSON value of a run (its text is always written).
    static func json(of run: SceneRun) -> JSONValue {
        guard case .object(var members) = OptionCatalog.write(run, entries: SceneRun.catalog) else { return .null }
        if !members.contains(where: { $0.key == "text" }) { members.insert(JSONMember("text", .string("")), at: 0) }
        return .object(members)
    }

    /// The JSON value of a shape (its type is always written).
    static func json(of shape: SceneShape) -> JSONValue {
        guard case .object(var members) = OptionCatalog.write(shape, entries: SceneShape.catalog) else { return .null }
        if !members.contains(where: { $0.key == "type" }) { members.insert(JSONMember("type", .string(shape.type.rawValue)), at: 0) }
        return .object(members)
    }
}
