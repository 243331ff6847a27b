import Support
import JSON
import Layout

extension OptionSyntax where Value == PathSpan {
    /// A span: two bounds, each pixels (a number), a percentage (`"25%"`) or, on a circle or arc shape,
    /// canvas degrees (`"200deg"`); a JSON array of two, or on the command line `FROM,TO` (`10%,90%`).
    package static var span: OptionSyntax {
        let expected = "two bounds [FROM, TO], each pixels, a percentage such as \"25%\" or degrees such as \"200deg\""
        func bound(_ t: String) throws(OptionValueError) -> PathSpan.Bound {
            guard OptionNumbers.isPlain(t.trimmingCharacters(in: " "), units: ["%", "deg"]), let b = PathSpan.Bound(parsing: t) else {
                throw OptionValueError(expected: expected, got: MessageText.quoted(t))
            }
            let ok: Bool = switch b {
            case .pixels(let v): abs(v) <= OptionLimits.distance && OptionNumbers.isZeroOrNormal(v)
            case .percent(let p): abs(p) <= OptionLimits.percent && OptionNumbers.isZeroOrNormal(p)
            case .degrees(let d): abs(d) <= 1e6 && OptionNumbers.isZeroOrNormal(d)
            }
            guard ok else { throw OptionValueError(expected: "a bound of at most \(MessageText.number(OptionLimits.distance)) px, \(MessageText.number(OptionLimits.percent))% or 1000000deg", got: MessageText.quoted(t)) }
            return b
        }
        func boundJSON(_ j: JSONValue) throws(OptionValueError) -> PathSpan.Bound {
            switch j {
            case .number(let v):
                guard abs(v) <= OptionLimits.distance, OptionNumbers.isZeroOrNormal(v) else { throw OptionValueError(expected: "a bound of at most \(MessageText.number(OptionLimits.distance)) px", got: MessageText.number(v)) }
                return .pixels(v)
            case .string(let s): return try bound(s)
            default: throw OptionValueError(expected: expected, got: j.shownInMessage)
            }
        }
        func write(_ b: PathSpan.Bound) -> JSONValue {
            if case .pixels(let v) = b { return .number(v) }
            return .string(b.text)
        }
        return OptionSyntax(placeholder: "FROM,TO", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .array(let items) = j, items.count == 2 else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
            return PathSpan(from: try boundJSON(items[0]), to: try boundJSON(items[1]))
        }, fromText: { t throws(OptionValueError) in
            let words = t.split(separator: ",", omittingEmptySubsequences: false)
            guard words.count == 2 else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            return PathSpan(from: try bound(String(words[0])), to: try bound(String(words[1])))
        }, toJSON: { .array([write($0.from), write($0.to)]) }).with(schema: JSONSchemaText.object([
            "type": .string("array"), "minItems": .number(2), "maxItems": .number(2),
            "items": JSONSchemaText.object(["anyOf": .array([JSONSchemaText.number(-OptionLimits.distance...OptionLimits.distance, above: false),
                                                             JSONSchemaText.object(["type": .string("string"), "pattern": .string("^-?[0-9.eE+-]+(%|deg)?$")])])]),
        ]))
    }
}
