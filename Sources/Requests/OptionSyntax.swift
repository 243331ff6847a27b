import JSON
import Layout
import Geometry
import Shaping

/// Why an option's value was refused, without saying where: the caller adds the JSON path
/// (`labels[0].width`) or the flag (`--width`).
public struct OptionValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path below the option, for values inside it (`[2].color` inside `runs`), else empty.
    public var subpath: String
    /// What is wrong: `expected a whole number, got 400.5`.
    public var message: String

    /// Creates an error with a message.
    public init(_ message: String, subpath: String = "") { self.message = message; self.subpath = subpath }

    /// `expected WHAT, got GIVEN`.
    public init(expected: String, got given: String) { self.init("expected \(expected), got \(given)") }

    /// The message.
    public var description: String { message }
}

/// How one option's value is written, in JSON and on the command line, and how it is read into its
/// typed value: the words, numbers and ranges an option accepts are declared here once.
///
/// Like ``OptionEntry``, a syntax is immutable and its closures capture only immutable values.
package struct OptionSyntax<Value>: @unchecked Sendable {
    /// The placeholder in help: `start|center|end`, `PX`, `#RRGGBB[AA]`.
    package var placeholder: String
    /// What a message says was expected: `start|center|end`, `a number above 0`.
    package var expected: String
    /// Reads a JSON value.
    package var fromJSON: (JSONValue) throws(OptionValueError) -> Value
    /// Reads a command-line word.
    package var fromText: (String) throws(OptionValueError) -> Value
    /// Writes the value as JSON.
    package var toJSON: (Value) -> JSONValue
    /// The JSON Schema of the JSON form (`{"type": "number", "minimum": 0}`), for `schema/request.schema.json`;
    /// empty (anything) unless the constructor states one.
    package var schema: JSONValue = .object([])

    /// The same syntax with `schema` as its JSON Schema.
    package func with(schema: JSONValue) -> OptionSyntax {
        var s = self
        s.schema = schema
        return s
    }

    /// Creates a syntax from its parts.
    package init(placeholder: String, expected: String, fromJSON: @escaping (JSONValue) throws(OptionValueError) -> Value,
                fromText: @escaping (String) throws(OptionValueError) -> Value, toJSON: @escaping (Value) -> JSONValue) {
        self.placeholder = placeholder; self.expected = expected
        self.fromJSON = fromJSON; self.fromText = fromText; self.toJSON = toJSON
    }

    /// A syntax whose JSON form is a string read like the command-line word.
    package static func text(_ placeholder: String, expected: String, parse: @escaping (String) -> Value?,
                            write: @escaping (Value) -> String) -> OptionSyntax {
        let fromText: (String) throws(OptionValueError) -> Value = { t throws(OptionValueError) in
            guard let v = parse(t) else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            return v
        }
        return OptionSyntax(placeholder: placeholder, expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .string(let s) = j else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
            return try fromText(s)
        }, fromText: fromText, toJSON: { .string(write($0)) }).with(schema: JSONSchemaText.object(["type": .string("string")]))
    }

    /// One of a fixed set of words; `synonyms` are accepted too but never written. Matching ignores case.
    package static func words(_ table: [(String, Value)], synonyms: [(String, Value)] = [],
                             wordOf: @escaping (Value) -> String) -> OptionSyntax {
        // Closures, not key paths: a key path in a generic function is made anew at every call.
        let list = table.map { $0.0 }.joined(separator: "|")
        let all = table + synonyms
        return text(list, expected: list, parse: { t in
            let w = t.lowercased()
            return all.first { $0.0 == w }?.1
        }, write: wordOf).with(schema: JSONSchemaText.object(["type": .string("string"), "enum": .array(all.map { .string($0.0) })]))
    }

    /// A number within `range` (finite); `above` excludes the lower bound. `placeholder` names the unit.
    package static func number(_ placeholder: String, _ range: ClosedRange<Double>, above: Bool = false,
                              expected: String? = nil) -> OptionSyntax where Value == Double {
        let expected = expected ?? Self.rangeText(range, above: above)
        func check(_ v: Double, _ shown: String) throws(OptionValueError) -> Double {
            guard v.isFinite, range.contains(v), !(above && v == range.lowerBound) else {
                throw OptionValueError(expected: expected, got: shown)
            }
            // A subnormal (1e-320) is not a size or a distance anyone means, and it loses its precision
            // in any arithmetic: refused like a number out of range.
            guard v == 0 || v.isNormal else {
                throw OptionValueError(expected: expected + " (0 or at least \(MessageText.number(Double.leastNormalMagnitude)) in magnitude)", got: shown)
            }
            return v == 0 ? 0 : v  // -0 is 0
        }
        return OptionSyntax(placeholder: placeholder, expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .number(let v) = j else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
            return try check(v, MessageText.number(v))
        }, fromText: { t throws(OptionValueError) in
            guard let v = JSONNumber.parse(t) else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            return try check(v, MessageText.quoted(t))
        }, toJSON: { .number($0) }).with(schema: JSONSchemaText.number(range, above: above))
    }

    /// A whole number within `range`.
    package static func whole(_ placeholder: String, _ range: ClosedRange<Int>) -> OptionSyntax where Value == Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return OptionSyntax(placeholder: placeholder, expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .number(let v) = j, v == v.rounded(), abs(v) < 1e15, range.contains(Int(v)) else {
                throw OptionValueError(expected: expected, got: j.shownInMessage)
            }
            return Int(v)
        }, fromText: { t throws(OptionValueError) in
            guard let d = JSONNumber.parse(t), d == d.rounded(), abs(d) < 1e15, range.contains(Int(d)) else {
                throw OptionValueError(expected: expected, got: MessageText.quoted(t))
            }
            return Int(d)
        }, toJSON: { .number(Double($0)) })
        .with(schema: JSONSchemaText.object(["type": .string("integer"), "minimum": .number(Double(range.lowerBound)),
                                             "maximum": .number(Double(range.upperBound))]))
    }

}

extension OptionSyntax where Value == Bool {
    /// `true` or `false` (the words on the command line).
    package static var bool: OptionSyntax {
        OptionSyntax(placeholder: "true|false", expected: "true or false", fromJSON: { j throws(OptionValueError) in
            guard case .bool(let b) = j else { throw OptionValueError(expected: "true or false", got: j.shownInMessage) }
            return b
        }, fromText: { t throws(OptionValueError) in
            switch t.lowercased() {
            case "true": return true
            case "false": return false
            default: throw OptionValueError(expected: "true or false", got: MessageText.quoted(t))
            }
        }, toJSON: { .bool($0) }).with(schema: JSONSchemaText.object(["type": .string("boolean")]))
    }
}

extension OptionSyntax {

    /// Any string (`placeholder` names it); `nonEmpty` refuses "".
    package static func string(_ placeholder: String, nonEmpty: Bool = false) -> OptionSyntax where Value == String {
        // A name (non-empty: a font, a language, an id) never holds NUL, which C would cut it at.
        text(placeholder, expected: nonEmpty ? "a non-empty string without NUL" : "a string",
             parse: { nonEmpty && ($0.isEmpty || $0.contains("\u{0}")) ? nil : $0 }, write: { $0 })
            .with(schema: JSONSchemaText.object(nonEmpty ? ["type": .string("string"), "minLength": .number(1)] : ["type": .string("string")]))
    }

    /// A list of values of `item`: a JSON array (a single value is accepted as a list of one); on the
    /// command line, one value per repetition of the flag.
    package static func list<Item>(_ item: OptionSyntax<Item>) -> OptionSyntax where Value == [Item] {
        OptionSyntax(placeholder: item.placeholder, expected: "\(item.expected), or a list of them", fromJSON: { j throws(OptionValueError) in
            guard case .array(let items) = j else { return [try item.fromJSON(j)] }
            var out: [Item] = []
            for (k, v) in items.enumerated() {
                do throws(OptionValueError) { out.append(try item.fromJSON(v)) } catch { throw OptionValueError(error.message, subpath: "[\(k)]" + error.subpath) }
            }
            return out
        }, fromText: { t throws(OptionValueError) in [try item.fromText(t)] }, toJSON: { .array($0.map(item.toJSON)) })
        .with(schema: JSONSchemaText.oneOrList(item.schema))
    }

    /// Numbers within `range`, as SVG writes `dx`, `dy` and `rotate`: a JSON number or array of numbers;
    /// on the command line one word of numbers separated by commas or spaces (`"1,2,-3"`). A single
    /// number is written back as a number.
    package static func numberList(_ placeholder: String, _ range: ClosedRange<Double>) -> OptionSyntax where Value == [Double] {
        let item = OptionSyntax<Double>.number(placeholder, range)
        let expected = "\(item.expected), or a list of them"
        return OptionSyntax(placeholder: placeholder + "[,\(placeholder)…]", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .array(let items) = j else { return [try item.fromJSON(j)] }
            var out: [Double] = []
            for (k, v) in items.enumerated() {
                do throws(OptionValueError) { out.append(try item.fromJSON(v)) } catch { throw OptionValueError(error.message, subpath: "[\(k)]") }
            }
            return out
        }, fromText: { t throws(OptionValueError) in
            let words = t.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            guard !words.isEmpty else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            var out: [Double] = []
            for w in words { out.append(try item.fromText(String(w))) }
            return out
        }, toJSON: { $0.count == 1 ? .number($0[0]) : .array($0.map { .number($0) }) }).with(schema: JSONSchemaText.oneOrList(item.schema))
    }

    static func rangeText(_ r: ClosedRange<Double>, above: Bool) -> String {
        let lo = MessageText.number(r.lowerBound), hi = MessageText.number(r.upperBound)
        if above { return "a number above \(lo) and at most \(hi)" }
        return "a number from \(lo) to \(hi)"
    }
}

extension OptionSyntax {
}

extension OptionSyntax where Value == RGBAColor {
    /// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or `none`.
    package static var color: OptionSyntax {
        text("#RRGGBB[AA]", expected: "a colour #RRGGBB or #RRGGBBAA", parse: RGBAColor.init(hex:), write: \.description)
            .with(schema: JSONSchemaText.object(["type": .string("string"),
                                                 "pattern": .string("^(#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[Nn][Oo][Nn][Ee]|[Tt][Rr][Aa][Nn][Ss][Pp][Aa][Rr][Ee][Nn][Tt])$")]))
    }
}

extension OptionSyntax {

}

extension OptionSyntax where Value == BezPath {
    /// SVG path data.
    package static var pathData: OptionSyntax {
        OptionSyntax(placeholder: "D", expected: "SVG path data", fromJSON: { j throws(OptionValueError) in
            guard case .string(let s) = j else { throw OptionValueError(expected: "SVG path data (a string)", got: j.shownInMessage) }
            return try parsePath(s)
        }, fromText: parsePath, toJSON: { .string($0.svgPathData) }).with(schema: JSONSchemaText.object(["type": .string("string")]))
    }
}

extension OptionSyntax {

    private static func parsePath(_ s: String) throws(OptionValueError) -> BezPath {
        // Path data given before is parsed once (``PathCache``).
        do throws(GeometryError) { return try PathCache.shared.path(svgPathData: s) } catch { throw OptionValueError(error.description) }
    }

}

extension OptionSyntax where Value == [FeatureSetting] {
    /// OpenType features, comma separated in `hb-shape --features` syntax.
    package static var features: OptionSyntax {
        let expected = "OpenType features such as kern=0,liga=0,ss01,+smcp,smcp[0:3]"
        let fromText: (String) throws(OptionValueError) -> [FeatureSetting] = { t throws(OptionValueError) in
            do throws(ShapingError) { return try FeatureList.parse(t) } catch { throw OptionValueError(error.description) }
        }
        return OptionSyntax(placeholder: "LIST", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .string(let s) = j else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
            return try fromText(s)
        }, fromText: fromText, toJSON: { .string($0.map(\.description).joined(separator: ",")) })
        .with(schema: JSONSchemaText.object(["type": .string("string")]))
    }
}

extension OptionSyntax {

}

extension OptionSyntax where Value == PathOffset {
    /// An offset along the path: pixels (a number, or a string such as `"-40"`) or a percentage (`"25%"`),
    /// at most ``OptionLimits/distance`` pixels or ``OptionLimits/percent`` percent in size.
    package static var offset: OptionSyntax {
        let expected = "pixels or a percentage such as \"25%\""
        func inRange(_ o: PathOffset) -> PathOffset? {
            switch o {
            case .pixels(let v): abs(v) <= OptionLimits.distance && OptionNumbers.isZeroOrNormal(v) ? o : nil
            case .percent(let p): abs(p) <= OptionLimits.percent && OptionNumbers.isZeroOrNormal(p) ? o : nil
            }
        }
        let fromText: (String) throws(OptionValueError) -> PathOffset = { t throws(OptionValueError) in
            guard OptionNumbers.isPlain(t, units: ["%"]), let o = PathOffset(parsing: t) else {
                throw OptionValueError(expected: expected, got: MessageText.quoted(t))
            }
            guard let ok = inRange(o) else {
                throw OptionValueError(expected: "an offset of at most \(MessageText.number(OptionLimits.distance)) px or \(MessageText.number(OptionLimits.percent))%", got: MessageText.quoted(t))
            }
            return ok
        }
        return OptionSyntax(placeholder: "PX|N%", expected: expected, fromJSON: { j throws(OptionValueError) in
            switch j {
            case .number(let v):
                guard let ok = inRange(.pixels(v)) else {
                    throw OptionValueError(expected: "an offset of at most \(MessageText.number(OptionLimits.distance)) px", got: MessageText.number(v))
                }
                return ok
            case .string(let s): return try fromText(s)
            default: throw OptionValueError(expected: expected, got: j.shownInMessage)
            }
        }, fromText: fromText, toJSON: { o in
            switch o {
            case .pixels(let v): .number(v)
            case .percent(let p): .string(MessageText.number(p) + "%")
            }
        }).with(schema: JSONSchemaText.object(["anyOf": .array([
            JSONSchemaText.number(-OptionLimits.distance...OptionLimits.distance, above: false),
            JSONSchemaText.object(["type": .string("string"), "pattern": .string("^\\s*[-+]?[0-9.eE+-]+\\s*%?\\s*$")]),
        ])]))
    }
}

extension OptionSyntax {
}

extension OptionSyntax where Value == [TextDecoration] {
    /// Decoration lines: a JSON string or array of words; on the command line words separated by commas.
    package static var decorations: OptionSyntax {
        let word = OptionSyntax<TextDecoration>.cases()
        let expected = "underline, overline or line-through, or a list of them"
        return OptionSyntax(placeholder: "underline|overline|line-through[,…]", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .array(let items) = j else { return [try word.fromJSON(j)] }
            var out: [TextDecoration] = []
            for (k, v) in items.enumerated() {
                do throws(OptionValueError) { out.append(try word.fromJSON(v)) } catch { throw OptionValueError(error.message, subpath: "[\(k)]") }
            }
            return out
        }, fromText: { t throws(OptionValueError) in
            var out: [TextDecoration] = []
            for w in t.split(whereSeparator: { $0 == "," || $0 == " " }) { out.append(try word.fromText(String(w))) }
            guard !out.isEmpty else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            return out
        }, toJSON: { $0.count == 1 ? .string($0[0].rawValue) : .array($0.map { .string($0.rawValue) }) })
        .with(schema: JSONSchemaText.oneOrList(word.schema))
    }
}

/// The bounds on option values that keep every computation finite: distances in pixels, percentages.
package enum OptionLimits {
    /// The largest distance in pixels an option may give (offsets, shifts, spacing, lengths): 10⁹.
    package static let distance = 1e9
    /// The largest percentage an offset may give: 10⁶ %.
    package static let percent = 1e6
}

/// Small builders of JSON Schema objects for ``OptionSyntax/schema``.
package enum JSONSchemaText {
    /// An object schema from `members`, keys sorted.
    package static func object(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.keys.sorted().map { JSONMember($0, members[$0]!) })
    }

    /// A number within `range` (`above`: the lower bound excluded).
    package static func number(_ range: ClosedRange<Double>, above: Bool) -> JSONValue {
        object(["type": .string("number"), above ? "exclusiveMinimum" : "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)])
    }

    /// One value of `item`, or a list of them.
    package static func oneOrList(_ item: JSONValue) -> JSONValue {
        object(["anyOf": .array([item, object(["type": .string("array"), "items": item])])])
    }
}
