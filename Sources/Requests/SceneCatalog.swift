import JSON
import Support
import Geometry
import Shaping
import Layout

extension SceneLabel {
    /// Every key of a label, in reading order: the text and path, the run attributes
    /// (``LabelOptionCatalog/style``), the direction, the placement options (``LabelOptionCatalog/placement``)
    /// and the blend. Scene files, `pathtext layout`/`render` flags, their `--help` and README's option
    /// table come from this list.
    public static let catalog: [OptionEntry<SceneLabel>] = {
        var entries: [OptionEntry<SceneLabel>] = [
            .optional("text", \.text, .string("T"), help: "the text (a scene label may give runs instead)").sample(.string("Sample text")),
            .objects("runs", \.runs, help: "runs of text, each with text and its own font, size, color, features, lang, letterSpacing",
                     read: { j, at throws(JSONError) in try SceneJSON.run(j, at: at) }, write: SceneJSON.json(of:))
                .sample(.array([.object([JSONMember("text", .string("Two ")), JSONMember("size", .number(40))]),
                                .object([JSONMember("text", .string("runs")), JSONMember("color", .string("#dc2626"))])])),
            .optional("path", \.path, .pathData, help: "SVG path data to follow").sample(.string("M 30 250 Q 200 20 370 250")),
            .optional("shape", \.shape, .string("ID"), help: "or: the id of a scene shape whose outline to follow", flag: false)
                .sample(.string("ring")),
        ]
        entries += LabelOptionCatalog.style.map { $0.lifted(\SceneLabel.style) }
        entries.append(.value("dir", \.direction, .cases(), default: .auto, help: "paragraph direction").sample(.string("rtl")))
        entries += LabelOptionCatalog.placement.map { $0.lifted(\SceneLabel.options) }
        entries.append(.value("blend", \.blend, .blend, default: .sourceOver,
                              help: "normal paints the text; knockout cuts it out of what is below").sample(.string("knockout")))
        return entries
    }()

    /// The keys whose values are input data rather than options (a bad value is bad input, not a bad
    /// command line).
    public static let inputKeys: Set<String> = ["text", "runs", "path", "shape", "font", "fontFamily"]
}

extension SceneRun {
    /// The keys of a run: `text` and the run attributes.
    public static let catalog: [OptionEntry<SceneRun>] =
        [.value("text", \.text, .string("T"), default: "", help: "the run's text")]
            + LabelOptionCatalog.style.map { $0.lifted(\SceneRun.style) }
}

extension Scene {
    /// The keys of a scene.
    public static let catalog: [OptionEntry<Scene>] = {
        [
            .value("width", \.width, .whole("W", 1...1_000_000), default: -1, help: "canvas width in pixels")
                .shownDefault(nil).sample(.number(300)),
            .value("height", \.height, .whole("H", 1...1_000_000), default: -1, help: "canvas height in pixels")
                .shownDefault(nil).sample(.number(200)),
            .optional("background", \.background, .color, default: "none", help: "background colour, or none").sample(.string("#ffffff")),
            .optional("fitCanvas", \.fitCanvas, .number("PX", 0...1000),
                      help: "fit the canvas to the labels' ink with this margin in pixels (then width and height may be left out)")
                .sample(.number(20)),
            .objects("shapes", \.shapes, help: "shapes, drawn first",
                     read: { j, at throws(JSONError) in try SceneJSON.shape(j, at: at) }, write: SceneJSON.json(of:)),
            .objects("labels", \.labels, help: "labels, drawn after the shapes",
                     read: { j, at throws(JSONError) in try SceneJSON.label(j, at: at) }, write: SceneJSON.json(of:)),
        ]
    }()
}

extension SceneShape {
    /// The keys of a shape.
    public static let catalog: [OptionEntry<SceneShape>] = {
        let n = OptionSyntax<Double>.number("N", -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, expected: "a number")
        return [
            .value("type", \.type, .cases(), default: .path, help: "circle, ring, sector, arc, rect or path", flag: false),
            .optional("id", \.id, .string("ID"), help: "a name labels follow with \"shape\"", flag: false),
            .optional("center", \.center, .point, help: "centre [x, y]", flag: false),
            .optional("radius", \.radius, n, help: "radius of a circle or arc", flag: false),
            .optional("innerRadius", \.innerRadius, n, help: "inner radius of a ring or sector", flag: false),
            .optional("outerRadius", \.outerRadius, n, help: "outer radius of a ring or sector", flag: false),
            .optional("startAngle", \.startAngle, n, help: "degrees, 0 at 3 o'clock, clockwise", flag: false),
            .optional("endAngle", \.endAngle, n, help: "where a sector or arc ends, degrees", flag: false),
            .optional("clockwise", \.clockwise, .bool, default: "true", help: "direction of a circle, sector or arc", flag: false),
            .optional("d", \.d, .pathData, help: "SVG path data of a path", flag: false),
            .optional("x", \.x, n, help: "left of a rect", flag: false),
            .optional("y", \.y, n, help: "top of a rect", flag: false),
            .optional("width", \.width, n, help: "width of a rect", flag: false),
            .optional("height", \.height, n, help: "height of a rect", flag: false),
            .optional("cornerRadius", \.cornerRadius, n, help: "corner radius of a rect", flag: false),
            .optional("fill", \.fill, .color, help: "fill colour", flag: false),
            .optional("fillGradient", \.fillGradient, .gradient, help: "a gradient fill over the shape's box, painted instead of fill (as a label's fillGradient)", flag: false),
            .optional("stroke", \.stroke, .color, help: "stroke colour", flag: false),
            .optional("strokeGradient", \.strokeGradient, .gradient, help: "a gradient stroke over the shape's box, painted instead of stroke (as a label's strokeGradient)", flag: false),
            .optional("strokeWidth", \.strokeWidth, n, default: "1", help: "stroke width in pixels", flag: false),
            .optional("strokeCap", \.strokeCap, .cases(), default: "round", help: "stroke caps", flag: false),
            .optional("strokeDasharray", \.strokeDasharray, .numberList("PX", 0...OptionLimits.distance), default: "none",
                      help: "dash and gap lengths in turn (as a label's strokeDasharray)", flag: false),
            .optional("strokeDashoffset", \.strokeDashoffset, .number("PX", -OptionLimits.distance...OptionLimits.distance), default: "0",
                      help: "how far into the dash pattern the stroke starts", flag: false),
            .optional("fillRule", \.fillRule, .cases(), default: "nonzero", help: "fill rule", flag: false),
            .optional("blend", \.blend, .blend, default: "normal", help: "normal or knockout", flag: false),
        ]
    }()
}

extension OptionSyntax where Value == CompositeMode {
    /// `normal` (source-over) or `knockout` (destination-out).
    package static var blend: OptionSyntax {
        words([("normal", .sourceOver), ("knockout", .destinationOut)], wordOf: { $0 == .sourceOver ? "normal" : "knockout" })
    }
}

extension OptionSyntax where Value == Point {
    /// A point: `[x, y]` in JSON, `x,y` on the command line.
    package static var point: OptionSyntax {
        let expected = "[x, y] (two numbers)"
        return OptionSyntax(placeholder: "X,Y", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .array(let a) = j, a.count == 2, case .number(let x) = a[0], case .number(let y) = a[1] else {
                throw OptionValueError(expected: expected, got: j.shownInMessage)
            }
            return Point(x, y)
        }, fromText: { t throws(OptionValueError) in
            let parts = t.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                throw OptionValueError(expected: "X,Y", got: MessageText.quoted(t))
            }
            return Point(x, y)
        }, toJSON: { .array([.number($0.x), .number($0.y)]) })
        .with(schema: JSONSchemaText.object(["type": .string("array"), "items": JSONSchemaText.object(["type": .string("number")]),
                                             "minItems": .number(2), "maxItems": .number(2)]))
    }
}

extension OptionEntry {
    /// A list of JSON objects, each read by `read` at its path (`[2]`) and written by `write`; scene files only.
    /// An empty list is not written.
    static func objects<T>(_ key: String, _ keyPath: @autoclosure @escaping () -> WritableKeyPath<Model, [T]>, help: String,
                           read: @escaping (JSONValue, String) throws(JSONError) -> T,
                           write: @escaping (T) -> JSONValue) -> OptionEntry {
        objects(key, help: help, read: read, write: write) {
            let keyPath = keyPath()
            return ({ m in m[keyPath: keyPath].isEmpty ? nil : m[keyPath: keyPath] }, { m, list in m[keyPath: keyPath] = list })
        }
    }

    /// ``objects(_:_:help:read:write:)`` for an optional list, written whenever it is there (empty too).
    static func objects<T>(_ key: String, _ keyPath: @autoclosure @escaping () -> WritableKeyPath<Model, [T]?>, help: String,
                           read: @escaping (JSONValue, String) throws(JSONError) -> T,
                           write: @escaping (T) -> JSONValue) -> OptionEntry {
        objects(key, help: help, read: read, write: write) {
            let keyPath = keyPath()
            return ({ m in m[keyPath: keyPath] }, { m, list in m[keyPath: keyPath] = list })
        }
    }

    /// The one entry both ``objects(_:_:help:read:write:)`` make: `access` gives, on first use, the list to
    /// write (`nil`: none) and how to set one read.
    private static func objects<T>(_ key: String, help: String, read: @escaping (JSONValue, String) throws(JSONError) -> T,
                                   write: @escaping (T) -> JSONValue,
                                   access: @escaping () -> (get: (Model) -> [T]?, set: (inout Model, [T]) -> Void)) -> OptionEntry {
        OptionEntry(key: key, flag: nil, help: help, parts: Lazy {
            let (get, set) = access()
            return Parts(placeholder: "[…]", expected: "a list of objects", defaultText: nil,
                         schema: JSONSchemaText.object(["type": .string("array"), "items": JSONSchemaText.object(["type": .string("object")])]),
                         readJSON: { j, m throws(OptionValueError) in set(&m, try readObjects(j, read)) },
                         readText: { _, _ throws(OptionValueError) in throw OptionValueError("only scene files have \(key)") },
                         write: { m in get(m).map { .array($0.map(write)) } })
        })
    }

    private static func readObjects<T>(_ j: JSONValue, _ read: (JSONValue, String) throws(JSONError) -> T) throws(OptionValueError) -> [T] {
        guard case .array(let items) = j else { throw OptionValueError(expected: "a list", got: j.shownInMessage) }
        var out: [T] = []
        for (k, item) in items.enumerated() {
            do throws(JSONError) { out.append(try read(item, "[\(k)]")) } catch { throw OptionValueError(error.message, subpath: error.path) }
        }
        return out
    }
}
