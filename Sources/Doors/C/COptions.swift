import Support
import JSON
import CPathText
import PathText
import PathTextEngine

/// What a `pt_options *` points at: the values set, by key, and the label they make, built at its first use
/// after a change behind a lock (`pt_layout` calls on many threads may read one options object at once).
final class COptions {
    /// How a value was given: a JSON literal, or the flag's text (several for a repeatable flag).
    enum Given: Equatable {
        case json(JSONValue)
        case text([String])
    }

    private(set) var given: [String: Given] = [:]
    private(set) var addedRuns: [SceneRun] = []
    /// The label the values make (``SceneLabel/catalog`` read in catalog order, so `minSize` follows `overflow`).
    /// The label the values make, built at its first use after a change (`nil`: not built since); behind a
    /// lock, since concurrent `pt_layout` calls may be the first to use it together.
    private let built = Locked<SceneLabel?>(nil)

    /// The entry of `key`, or an error with the nearest known key.
    static func entry(_ key: String) throws(EngineError) -> OptionEntry<SceneLabel> {
        if let e = SceneLabel.catalog.first(where: { $0.key == key }) { return e }
        let near = OptionCatalog.nearest(key, among: SceneLabel.catalog.map(\.key))
        throw EngineError("unknown key \(MessageText.shortened(MessageText.escaped(key), limit: 40))"
                          + (near.map { " (did you mean \($0)?)" } ?? ""))
    }

    /// How `value` is read for `entry`: JSON when it parses and the key takes that JSON, else the flag's text.
    static func reading(_ value: String, for entry: OptionEntry<SceneLabel>) throws(EngineError) -> Given {
        var scratch = SceneLabel()
        var jsonError: OptionValueError? = nil
        if let json = try? JSONValue.parse(value) {
            do { try entry.read(json, into: &scratch); return .json(json) } catch { jsonError = error }
        }
        do { try entry.read(arguments: [value], into: &scratch); return .text([value]) } catch {
            // A value written as JSON (or a key that has no text form) reports the JSON reading.
            let first = value.first(where: { !$0.isWhitespace })
            let shown = (jsonError != nil && (entry.flag == nil || first == "[" || first == "{" || first == "\"")) ? jsonError! : error
            throw EngineError(key: entry.key + shown.subpath, shown.message)
        }
    }

    /// Sets (or, with `nil`, clears) `key`.
    func set(_ key: String, _ value: String?) throws(EngineError) {
        let entry = try Self.entry(key)
        given[key] = try value.map { v throws(EngineError) in try Self.reading(v, for: entry) }
        built.withLock { $0 = nil }
    }

    /// Adds one value to the repeatable `key`.
    func add(_ key: String, _ value: String) throws(EngineError) {
        let entry = try Self.entry(key)
        guard entry.repeatable else {
            let keys = SceneLabel.catalog.filter(\.repeatable).map(\.key).joined(separator: ", ")
            throw EngineError(key: key, "takes one value (pt_options_set); pt_options_add adds to \(keys)")
        }
        var texts: [String] = []
        switch given[key] {
        case nil: break
        case .text(let t)?: texts = t
        case .json(let j)?:
            let items: [JSONValue] = if case .array(let a) = j { a } else { [j] }
            for item in items {
                guard case .string(let s) = item else { throw EngineError(key: key, "set as JSON that is not a list of strings; set it again") }
                texts.append(s)
            }
        }
        var scratch = SceneLabel()
        do { try entry.read(arguments: [value], into: &scratch) } catch { throw EngineError(key: key, error.message) }
        given[key] = .text(texts + [value])
        built.withLock { $0 = nil }
    }

    /// Adds a run with `style`'s run attributes.
    func addRun(_ text: String, style: COptions?) throws(EngineError) {
        var run = SceneRun(text: text)
        if let style {
            let runKeys = Set(LabelOptionCatalog.style.map(\.key))
            if let other = style.given.keys.sorted().first(where: { !runKeys.contains($0) }) {
                throw EngineError(key: "style", "a run takes only \(LabelOptionCatalog.style.map(\.key).joined(separator: ", ")), not \(other)")
            }
            guard style.addedRuns.isEmpty else { throw EngineError(key: "style", "a run's style has no runs of its own") }
            run.style = try style.label.style
        }
        addedRuns.append(run)
        built.withLock { $0 = nil }
    }

    /// The label the values make, read through the catalog once per change of the values (each value was
    /// checked alone when it was set, so setting n keys costs n readings, not n²).
    var label: SceneLabel {
        get throws(EngineError) {
            try built.withLock { (cached: inout SceneLabel?) throws(EngineError) -> SceneLabel in
                if let cached { return cached }
                let made = try Self.make(given, addedRuns)
                cached = made
                return made
            }
        }
    }

    /// The label of `given` values and added runs, every key read by its catalog entry.
    private static func make(_ given: [String: Given], _ runs: [SceneRun]) throws(EngineError) -> SceneLabel {
        var made = SceneLabel()
        for e in SceneLabel.catalog {
            guard let g = given[e.key] else { continue }
            do {
                switch g {
                case .json(let j): try e.read(j, into: &made)
                case .text(let t): try e.read(arguments: t, into: &made)
                }
            } catch { throw EngineError(key: e.key + error.subpath, error.message) }
        }
        if !runs.isEmpty { made.runs = (made.runs ?? []) + runs }
        return made
    }

    /// The options as a label request (the label's JSON object).
    var json: String { get throws(EngineError) { SceneJSON.json(of: try label).serialized() } }
}
