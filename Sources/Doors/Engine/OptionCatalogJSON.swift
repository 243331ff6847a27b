import JSON
import PathText

/// The option catalog (``SceneLabel/catalog``, ``SceneRun/catalog``, ``Scene/catalog``, ``SceneShape/catalog``)
/// as JSON, for the doors that are not Swift: `pt_options_catalog_json()`, `GET /api/options`, Python's
/// docstrings and `help()`, the playground's form, and `schema/request.schema.json`
/// (`pathtext help options --schema`).
///
/// Nothing here declares an option: every row is read from an ``OptionEntry``, so a new entry appears in
/// every door. The only thing added is the label options' group (the playground's fieldsets), which
/// follows the catalog's order: an entry belongs to the group of the nearest group start at or before it.
public enum OptionCatalogJSON {
    /// The label options' groups: id, title, and the key that starts each group in catalog order.
    public static let groups: [(id: String, title: String, firstKey: String)] = [
        ("text", "Text & fonts", "text"),
        ("paint", "Paint & stroke", "fillGradient"),
        ("placement", "Placement", "align"),
        ("shift", "Shift & rotation", "dx"),
        ("fit", "Overflow & fit", "overflow"),
        ("vertical", "Vertical", "writingMode"),
        ("decoration", "Decoration & halo", "decoration"),
        ("closed", "Closed path & missing glyphs", "closedPath"),
    ]

    /// Entries placed in another group than their position gives.
    static let groupOverrides: [String: String] = ["blend": "decoration", "dir": "text"]

    /// The group id of each label key, in catalog order.
    public static func groupOfLabelKeys() -> [(key: String, group: String)] {
        var current = groups[0].id
        return SceneLabel.catalog.map { e in
            if let start = groups.first(where: { $0.firstKey == e.key }) { current = start.id }
            return (e.key, groupOverrides[e.key] ?? current)
        }
    }

    /// One catalog row: key, flag, placeholder, expected, default, help, repeatable, sample, schema (and group
    /// when given).
    static func row<Model>(_ e: OptionEntry<Model>, group: String? = nil) -> JSONValue {
        var m: [JSONMember] = [JSONMember("key", .string(e.key))]
        m.append(JSONMember("flag", e.flag.map { .string($0) } ?? .null))
        m.append(JSONMember("placeholder", .string(e.placeholder)))
        m.append(JSONMember("expected", .string(e.expected)))
        m.append(JSONMember("default", e.defaultText.map { .string($0) } ?? .null))
        m.append(JSONMember("help", .string(e.help)))
        if let group { m.append(JSONMember("group", .string(group))) }
        m.append(JSONMember("repeatable", .bool(e.repeatable)))
        m.append(JSONMember("sample", e.sample ?? .null))
        m.append(JSONMember("schema", e.schema))
        return .object(m)
    }

    /// The catalog as one JSON value:
    /// `{"version":1,"groups":[{"id","title"}…],"label":[rows…],"run":[…],"scene":[…],"shape":[…],"settings":[…]}`;
    /// a settings row also says its `scope` (`engine` or `request`) and whether its flag is a `switch`.
    package static var value: JSONValue {
        let groupOf = Dictionary(uniqueKeysWithValues: groupOfLabelKeys().map { ($0.key, $0.group) })
        return .object([
            JSONMember("version", .number(1)),
            JSONMember("groups", .array(groups.map { .object([JSONMember("id", .string($0.id)), JSONMember("title", .string($0.title))]) })),
            JSONMember("label", .array(SceneLabel.catalog.map { row($0, group: groupOf[$0.key]) })),
            JSONMember("run", .array(SceneRun.catalog.map { row($0) })),
            JSONMember("scene", .array(Scene.catalog.map { row($0) })),
            JSONMember("shape", .array(SceneShape.catalog.map { row($0) })),
            JSONMember("settings", .array(RequestSettings.catalog.map { e in
                guard case .object(var m) = row(e) else { return row(e) }
                m.append(JSONMember("scope", .string(RequestSettings.scope(of: e.key).rawValue)))
                m.append(JSONMember("switch", .bool(e.isSwitch)))
                return .object(m)
            })),
        ])
    }

    /// ``value`` as JSON text on one line, newline-terminated (what `GET /api/options` and
    /// `pt_options_catalog_json()` return).
    public static var text: String { value.serialized() + "\n" }

    // MARK: The request schema

    /// `schema/request.schema.json`: a JSON Schema (2020-12) of a label request (one label object of a scene
    /// file) or a scene request (a whole scene file), generated from the catalogs.
    package static var requestSchema: JSONValue {
        func object<Model>(_ entries: [OptionEntry<Model>], description: String, items: [String: String] = [:],
                           extra: [JSONMember] = []) -> JSONValue {
            let properties: [JSONMember] = entries.map { e in
                var schema = e.schema
                if let ref = items[e.key] {
                    schema = JSONSchemaText.object(["type": .string("array"), "items": JSONSchemaText.object(["$ref": .string("#/$defs/" + ref)])])
                }
                var members: [JSONMember] = []
                if case .object(let m) = schema { members = m }
                members.append(JSONMember("description", .string(e.help + (e.defaultText.map { " (default \($0))" } ?? ""))))
                return JSONMember(e.key, .object(members))
            }
            return .object([JSONMember("type", .string("object")), JSONMember("description", .string(description)),
                            JSONMember("properties", .object(properties)), JSONMember("additionalProperties", .bool(false))] + extra)
        }
        let textOrRuns = JSONMember("anyOf", .array([JSONSchemaText.object(["required": .array([.string("text")])]),
                                                      JSONSchemaText.object(["required": .array([.string("runs")])])]))
        return .object([
            JSONMember("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            JSONMember("$id", .string("https://pathtext.invalid/schema/request.schema.json")),
            JSONMember("title", .string("PathText request")),
            JSONMember("description", .string("A label request (one label object of a scene file) or a scene request (a whole scene file). "
                                              + "Generated from the option catalog by `pathtext help options --schema`; do not edit.")),
            JSONMember("anyOf", .array([JSONSchemaText.object(["$ref": .string("#/$defs/label")]),
                                        JSONSchemaText.object(["$ref": .string("#/$defs/scene")])])),
            JSONMember("$defs", .object([
                JSONMember("label", object(SceneLabel.catalog, description: "a label", items: ["runs": "run"], extra: [textOrRuns])),
                JSONMember("run", object(SceneRun.catalog, description: "a run of a label: its text and attributes")),
                JSONMember("shape", object(SceneShape.catalog, description: "a scene shape")),
                JSONMember("settings", object(RequestSettings.catalog, description: "the request settings (pt_engine_new_json, Python's Engine keywords)")),
                JSONMember("scene", object(Scene.catalog, description: "a scene", items: ["labels": "label", "shapes": "shape"],
                                           extra: [JSONMember("anyOf", .array([JSONSchemaText.object(["required": .array([.string("width"), .string("height")])]),
                                                                                 JSONSchemaText.object(["required": .array([.string("fitCanvas")])])]))])),
            ])),
        ])
    }

    /// ``requestSchema`` as the committed file's text (pretty, newline-terminated).
    public static var requestSchemaText: String { requestSchema.serialized(pretty: true) + "\n" }
}
