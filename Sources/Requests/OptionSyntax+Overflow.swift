import Layout
import Support

extension OptionSyntax where Value == OverflowPolicy {
    /// An overflow policy, or a chain of them tried in order: a word (`shrink`) or a JSON array of words
    /// (`["shrink", "wrap", "ellipsis"]`); on the command line words separated by commas
    /// (`shrink,wrap,ellipsis`). `minSize` sets the minimum of a `shrink` (read after this option).
    package static func overflow(minimumSize: Double) -> OptionSyntax {
        let table: [(String, OverflowPolicy)] = [("visible", .visible), ("ellipsis", .ellipsis), ("shrink", .shrink(minimumSize: minimumSize)),
                                                  ("error", .error), ("wrap", .wrap)]
        let word = OptionSyntax<OverflowPolicy>.words(table, wordOf: \.word)
        let words = table.map(\.0).joined(separator: "|")
        let expected = "\(words), or a list of them tried in order such as [shrink, wrap, ellipsis]"
        func chain(_ steps: [OverflowPolicy]) throws(OptionValueError) -> OverflowPolicy {
            guard !steps.isEmpty else { throw OptionValueError(expected: expected, got: "an empty list") }
            guard steps.count <= 8 else { throw OptionValueError(expected: "at most 8 policies in a chain", got: "\(steps.count)") }
            return steps.count == 1 ? steps[0] : .chain(steps)
        }
        return OptionSyntax(placeholder: "\(words)[,…]", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .array(let items) = j else { return try word.fromJSON(j) }
            var out: [OverflowPolicy] = []
            for (k, v) in items.enumerated() {
                do throws(OptionValueError) { out.append(try word.fromJSON(v)) } catch { throw OptionValueError(error.message, subpath: "[\(k)]") }
            }
            return try chain(out)
        }, fromText: { t throws(OptionValueError) in
            var out: [OverflowPolicy] = []
            for w in t.split(separator: ",", omittingEmptySubsequences: false) {
                out.append(try word.fromText(w.trimmingSpaces))
            }
            return try chain(out)
        }, toJSON: { p in
            let steps = p.steps
            return steps.count == 1 ? .string(steps[0].word) : .array(steps.map { .string($0.word) })
        }).with(schema: JSONSchemaText.object(["anyOf": .array([
            word.schema,
            JSONSchemaText.object(["type": .string("array"), "items": word.schema, "minItems": .number(1), "maxItems": .number(8)]),
        ])]))
    }
}

extension OverflowPolicy {
    /// The same policy with `minimum` as the minimum size of every `shrink` in it.
    func withShrinkMinimum(_ minimum: Double) -> OverflowPolicy {
        switch self {
        case .shrink: .shrink(minimumSize: minimum)
        case .chain(let steps): .chain(steps.map { $0.withShrinkMinimum(minimum) })
        default: self
        }
    }
}

