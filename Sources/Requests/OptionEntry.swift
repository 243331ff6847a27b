import JSON
import Geometry
import Support
import Shaping
import Layout
/// One option declared once: its JSON key, its command-line flag, its values, default and help, and how
/// it is read into and written from the typed model `Model` (``LabelOptions``, ``RunStyle`` or a scene
/// value). Scene keys, CLI flags, `--help`, messages and README's option table all come from entries.
///
/// Entries are immutable, and their closures capture only immutable values (key paths, syntaxes,
/// defaults), so they are shared across threads; catalogs are built once.
///
/// An entry's key, flag and help are made with it; everything that needs its syntax or its key path
/// (what help and messages say, the schema, the readers and the writer) is made on first use
/// (``Lazy``): the key path and syntax arguments are autoclosures. Every command builds the label catalog
/// to read its flags, and a process uses a few of its options: made eagerly, the syntaxes and key paths
/// (type metadata for `WritableKeyPath<Model, V>` and `OptionSyntax<V>` per value type) cost about
/// 5.7 M instructions, a quarter of a one-label render.
public final class OptionEntry<Model>: @unchecked Sendable {
    /// The JSON key, camel-cased (`letterSpacing`).
    public let key: String
    /// The command-line flag without dashes, kebab-cased from the key (`letter-spacing`), or `nil` for
    /// keys that only scene files have.
    public let flag: String?
    /// One line of help.
    public let help: String
    /// Whether the flag may be given several times (each adds a value).
    public let repeatable: Bool
    /// Whether the flag is a switch that takes no value (``toggle(_:_:default:help:)``): given, it sets the
    /// value that is not the default (`--ink`, `--no-system-fonts`).
    public let isSwitch: Bool
    /// A value that is accepted and changes the result, for tests that walk the catalog through every door
    /// and for examples (set with ``sample(_:)``); `nil` when none is declared.
    package let sample: JSONValue?
    /// What the entry says and how it reads and writes, made on first use.
    let parts: Lazy<Parts>

    /// What an entry makes from its syntax and key path.
    struct Parts {
        var placeholder: String, expected: String, defaultText: String?, schema: JSONValue
        var readJSON: (JSONValue, inout Model) throws(OptionValueError) -> Void
        var readText: ([String], inout Model) throws(OptionValueError) -> Void
        var write: (Model) -> JSONValue?
    }

    /// The values in help: `start|center|end`, `PX`.
    public var placeholder: String { parts.value.placeholder }
    /// What the option accepts, as messages say it: `start|center|end`, `a number from 0 to 180`.
    public var expected: String { parts.value.expected }
    /// The default as help shows it, or `nil` when there is none to show.
    public var defaultText: String? { parts.value.defaultText }
    /// The JSON Schema of the value (from its ``OptionSyntax/schema``), for `schema/request.schema.json`.
    package var schema: JSONValue { parts.value.schema }

    /// Creates an entry whose parts are made on first use.
    init(key: String, flag: String?, help: String, repeatable: Bool = false, isSwitch: Bool = false, sample: JSONValue? = nil,
         parts: Lazy<Parts>) {
        self.key = key; self.flag = flag; self.help = help; self.repeatable = repeatable; self.isSwitch = isSwitch
        self.sample = sample; self.parts = parts
    }

    /// Creates an entry from its parts; prefer ``value(_:_:_:default:help:flag:)`` and ``optional(_:_:_:default:help:flag:)``.
    package convenience init(key: String, flag: String?, placeholder: String, expected: String, defaultText: String?, help: String,
                             repeatable: Bool = false, isSwitch: Bool = false, schema: @autoclosure @escaping () -> JSONValue = .object([]),
                             sample: JSONValue? = nil,
                             readJSON: @escaping (JSONValue, inout Model) throws(OptionValueError) -> Void,
                             readText: @escaping ([String], inout Model) throws(OptionValueError) -> Void,
                             write: @escaping (Model) -> JSONValue?) {
        self.init(key: key, flag: flag, help: help, repeatable: repeatable, isSwitch: isSwitch, sample: sample, parts: Lazy {
            Parts(placeholder: placeholder, expected: expected, defaultText: defaultText, schema: schema(),
                  readJSON: readJSON, readText: readText, write: write)
        })
    }

    /// The same entry with `value` as its ``sample``.
    package func sample(_ value: JSONValue) -> OptionEntry {
        OptionEntry(key: key, flag: flag, help: help, repeatable: repeatable, isSwitch: isSwitch, sample: value, parts: parts)
    }

    /// The same entry with `text` as its ``defaultText`` (what help says applies when the option is not given).
    package func shownDefault(_ text: String?) -> OptionEntry {
        let parts = parts
        return OptionEntry(key: key, flag: flag, help: help, repeatable: repeatable, isSwitch: isSwitch, sample: sample, parts: Lazy {
            var p = parts.value
            p.defaultText = text
            return p
        })
    }

    /// `letterSpacing` → `letter-spacing` (keys are ASCII: byte by byte, not by `Character`, which costs
    /// the catalog's start-up ten times more).
    package static func kebab(_ key: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(key.utf8.count + 4)
        for b in key.utf8 {
            if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { out.append(UInt8(ascii: "-")); out.append(b + 32) } else { out.append(b) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An option stored at `keyPath`, written to JSON only when it differs from `defaultValue`.
    package static func value<V: Equatable>(_ key: String, _ keyPath: @autoclosure @escaping () -> WritableKeyPath<Model, V>,
                                           _ syntax: @autoclosure @escaping () -> OptionSyntax<V>,
                                           default defaultValue: V, help: String, flag: Bool = true) -> OptionEntry {
        OptionEntry(key: key, flag: flag ? kebab(key) : nil, help: help, parts: Lazy {
            let keyPath = keyPath(), syntax = syntax()
            let shown: String? = switch syntax.toJSON(defaultValue) {
            case .string(let s): s
            case .number(let v): MessageText.number(v)
            case .bool(let b): b ? "true" : "false"
            default: nil
            }
            return Parts(placeholder: syntax.placeholder, expected: syntax.expected, defaultText: shown, schema: syntax.schema,
                         readJSON: { j, m throws(OptionValueError) in m[keyPath: keyPath] = try syntax.fromJSON(j) },
                         readText: { t, m throws(OptionValueError) in if let last = t.last { m[keyPath: keyPath] = try syntax.fromText(last) } },
                         write: { m in let v = m[keyPath: keyPath]; return v == defaultValue ? nil : syntax.toJSON(v) })
        })
    }

    /// An optional option stored at `keyPath` (`nil`: not given), written to JSON when set. `defaultText`
    /// says in help what applies when it is not given.
    package static func optional<V>(_ key: String, _ keyPath: @autoclosure @escaping () -> WritableKeyPath<Model, V?>,
                                   _ syntax: @autoclosure @escaping () -> OptionSyntax<V>,
                                   default defaultText: String? = nil, help: String, flag: Bool = true) -> OptionEntry {
        OptionEntry(key: key, flag: flag ? kebab(key) : nil, help: help, parts: Lazy {
            let keyPath = keyPath(), syntax = syntax()
            return Parts(placeholder: syntax.placeholder, expected: syntax.expected, defaultText: defaultText, schema: syntax.schema,
                         readJSON: { j, m throws(OptionValueError) in m[keyPath: keyPath] = try syntax.fromJSON(j) },
                         readText: { t, m throws(OptionValueError) in if let last = t.last { m[keyPath: keyPath] = try syntax.fromText(last) } },
                         write: { m in m[keyPath: keyPath].map(syntax.toJSON) })
        })
    }

    /// A yes-or-no option stored at `keyPath`: `true`/`false` in JSON; on the command line a switch that sets
    /// the value other than `defaultValue` (`--ink` for a default of false, `--no-system-fonts` for true).
    /// Its sample is that other value.
    package static func toggle(_ key: String, _ keyPath: @autoclosure @escaping () -> WritableKeyPath<Model, Bool>, default defaultValue: Bool,
                              help: String) -> OptionEntry {
        OptionEntry(key: key, flag: (defaultValue ? "no-" : "") + kebab(key), help: help, isSwitch: true, sample: .bool(!defaultValue),
                    parts: Lazy {
            let keyPath = keyPath(), syntax = OptionSyntax<Bool>.bool
            return Parts(placeholder: "", expected: syntax.expected, defaultText: nil, schema: syntax.schema,
                         readJSON: { j, m throws(OptionValueError) in m[keyPath: keyPath] = try syntax.fromJSON(j) },
                         readText: { t, m throws(OptionValueError) in if !t.isEmpty { m[keyPath: keyPath] = !defaultValue } },
                         write: { m in m[keyPath: keyPath] == defaultValue ? nil : .bool(m[keyPath: keyPath]) })
        })
    }

    /// A list option stored at `keyPath`: a JSON array, or one value per repetition of the flag.
    package static func list<V>(_ key: String, _ keyPath: @autoclosure @escaping () -> WritableKeyPath<Model, [V]?>,
                               _ item: @autoclosure @escaping () -> OptionSyntax<V>, help: String) -> OptionEntry {
        OptionEntry(key: key, flag: kebab(key), help: help, repeatable: true, parts: Lazy {
            let keyPath = keyPath(), item = item()
            let syntax = OptionSyntax<[V]>.list(item)
            return Parts(placeholder: item.placeholder, expected: syntax.expected, defaultText: nil, schema: syntax.schema,
                         readJSON: { j, m throws(OptionValueError) in m[keyPath: keyPath] = try syntax.fromJSON(j) },
                         readText: { t, m throws(OptionValueError) in
                             var out: [V] = []
                             for w in t { out.append(try item.fromText(w)) }
                             if !out.isEmpty { m[keyPath: keyPath] = out }
                         },
                         write: { m in m[keyPath: keyPath].map(syntax.toJSON) })
        })
    }

    /// The same option on a model that holds this one at `keyPath`.
    package func lifted<Outer>(_ keyPath: @autoclosure @escaping () -> WritableKeyPath<Outer, Model>) -> OptionEntry<Outer> {
        let inner = parts
        return OptionEntry<Outer>(key: key, flag: flag, help: help, repeatable: repeatable, isSwitch: isSwitch, sample: sample, parts: Lazy {
            let p = inner.value, keyPath = keyPath()
            return .init(placeholder: p.placeholder, expected: p.expected, defaultText: p.defaultText, schema: p.schema,
                         readJSON: { j, m throws(OptionValueError) in try p.readJSON(j, &m[keyPath: keyPath]) },
                         readText: { t, m throws(OptionValueError) in try p.readText(t, &m[keyPath: keyPath]) },
                         write: { m in p.write(m[keyPath: keyPath]) })
        })
    }

    /// Reads the JSON value of this option into `model`.
    package func read(_ value: JSONValue, into model: inout Model) throws(OptionValueError) {
        // The reader borrowed where the entry keeps it: a copy would retain its context, which every thread shares.
        try parts.withValue { (p: borrowing Parts) throws(OptionValueError) in try p.readJSON(value, &model) }
    }

    /// Reads the command-line values of this option (every repetition, in order) into `model`.
    public func read(arguments: [String], into model: inout Model) throws(OptionValueError) { try parts.value.readText(arguments, &model) }

    /// The option's value in `model` as JSON, or `nil` when it is the default or absent.
    package func json(of model: Model) -> JSONValue? { parts.value.write(model) }
}

/// Reading and writing a model through its entries.
package enum OptionCatalog {
    /// Reads the object `json` into `model`, entry by entry in the entries' order (so an option that
    /// refines another, such as `minSize` for `overflow`, is read after it). A key whose value is
    /// `null` counts as absent.
    /// - Throws: ``JSONError`` at `path` for a value that is not an object, an unknown key (with the
    ///   nearest known key), or a bad value (with the key's path).
    package static func read<Model>(_ json: JSONValue, into model: inout Model, entries: [OptionEntry<Model>], at path: String) throws(JSONError) {
        guard case .object(let members) = json else { throw JSONError(path, "expected an object, got \(json.shownInMessage)") }
        // Each member's entry, found once (a request gives a few of the many keys); then the values are read
        // in the entries' order.
        var given: [(entry: Int, value: JSONValue)] = []
        given.reserveCapacity(members.count)
        for m in members {
            // A loop of its own rather than `firstIndex(where:)`, which ran unspecialised and retained each
            // entry it passed: the catalogs are every thread's, so each retain moved a shared cache line.
            var found: Int?
            for k in entries.indices where entries[k].key == m.key { found = k; break }
            guard let k = found else {
                let near = nearest(m.key, among: entries.map(\.key))
                let shown = MessageText.shortened(MessageText.escaped(m.key), limit: 40)
                throw JSONError(join(path, shown), "unknown key" + (near.map { " (did you mean \($0)?)" } ?? ""))
            }
            // A key given twice (only a value built in code can have it) counts once, as first given.
            if !given.contains(where: { $0.entry == k }) { given.append((k, m.value)) }
        }
        given.sort { $0.entry < $1.entry }
        for (k, value) in given {
            // `null` is the same as leaving the key out.
            if case .null = value { continue }
            // The entry read at +0 through the array's buffer: a copy would retain it, and every thread's
            // requests read the same catalog.
            let failure: JSONError? = entries.withUnsafeBufferPointer { buffer in
                Unmanaged.passUnretained(buffer[k])._withUnsafeGuaranteedRef { entry -> JSONError? in
                    do throws(OptionValueError) { try entry.read(value, into: &model); return nil } catch {
                        return JSONError(join(path, entry.key) + error.subpath, error.message)
                    }
                }
            }
            if let failure { throw failure }
        }
    }

    /// The JSON object of `model`: the entries whose value is set and not the default.
    package static func write<Model>(_ model: Model, entries: [OptionEntry<Model>]) -> JSONValue {
        .object(entries.compactMap { e in e.json(of: model).map { JSONMember(e.key, $0) } })
    }

    /// `labels[0]` + `align` → `labels[0].align`.
    package static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The known key nearest to `key`: the one with the same letters ignoring case, else the fewest edits
    /// away (at most two, or one for a key of at most three characters, which two edits make into any
    /// other short key; of several as near, the first in alphabetical order).
    package static func nearest(_ key: String, among known: [String]) -> String? {
        guard key.count <= 64 else { return nil }   // no known key is near a long one; skip the quadratic work
        let lowered = key.lowercased()
        if let same = known.first(where: { $0.lowercased() == lowered }) { return same }
        let limit = key.count <= 3 ? 1 : 2
        var best: (distance: Int, key: String)? = nil
        for k in known {
            let d = editDistance(k, key)
            if d <= limit, best.map({ d < $0.distance || (d == $0.distance && k < $0.key) }) ?? true { best = (d, k) }
        }
        return best?.key
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]; row[0] = i
            for j in 1...b.count {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
}
