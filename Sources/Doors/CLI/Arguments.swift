import JSON
import PathText

/// Command-line arguments split into options and positional values, checked against what a
/// subcommand accepts.
///
/// Accepts `--name value`, `--name=value` and bare switches. A value may start with `-` (so
/// `--offset -40` and `--dy -12` work): an option that takes a value always takes the next word.
struct Arguments {
    /// Values of value-taking options, in order of appearance (repeatable options keep all).
    private(set) var values: [String: [String]] = [:]
    /// Switches that were given.
    private(set) var switches: Set<String> = []
    /// Every value-taking option with its value, in the order given (for `--run` groups).
    private(set) var ordered: [(name: String, value: String)] = []
    /// Words that are not options.
    private(set) var positional: [String] = []

    /// Parses `words` for a command that takes the value options `valued` and the switches `flags`.
    /// - Throws: ``CLIError/usage(_:)`` for an unknown option or a missing value.
    init(_ words: [String], command: String, valued: Set<String>, flags: Set<String> = []) throws(CLIError) {
        try self.init(words, command: command, valued: valued, flags: flags, moreValued: { [] })
    }

    /// Whether a word named an option outside the first value options and switches, so that the value
    /// options of `moreValued` were built (``init(_:command:valued:flags:moreValued:)``).
    private(set) var usedMoreValued = false

    /// Parses `words` for a command that takes the value options `valued` and `moreValued()` and the
    /// switches `flags`, building `moreValued()` only when a word names an option that is in neither
    /// `valued` nor `flags` (the label options' catalog, which a command line naming only an SVG document
    /// and its settings does not need). The words parse as with the union of both sets.
    /// - Throws: ``CLIError/usage(_:)`` for an unknown option or a missing value.
    init(_ words: [String], command: String, valued first: Set<String>, flags: Set<String> = [],
         moreValued: () -> Set<String>) throws(CLIError) {
        var valued = first
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                if word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                    throw .usage("unknown option \(MessageText.shortened(MessageText.controlsEscaped(word))) for 'pathtext \(command)' (see pathtext \(command) --help)")
                }
                positional.append(word)
                continue
            }
            var name = String(word.dropFirst(2)), inline: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if !usedMoreValued, !valued.contains(name), !flags.contains(name) {
                usedMoreValued = true
                valued.formUnion(moreValued())
            }
            if valued.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                    ordered.append((name, inline))
                } else {
                    guard i < words.count else { throw .usage("option --\(name) needs a value") }
                    values[name, default: []].append(words[i])
                    ordered.append((name, words[i]))
                    i += 1
                }
            } else if flags.contains(name), inline == nil {
                switches.insert(name)
            } else {
                let shown = MessageText.shortened(MessageText.controlsEscaped(name))
                let near = OptionCatalog.nearest(name, among: Array(valued.union(flags))).map { " (did you mean --\($0)?)" }
                throw .usage("unknown option --\(shown) for 'pathtext \(command)'" + (near ?? " (see pathtext \(command) --help)"))
            }
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the switch `name` was given.
    func has(_ name: String) -> Bool { switches.contains(name) }

    /// The value of `name` read by `syntax`, or `nil` when absent.
    /// - Throws: ``CLIError/usage(_:)`` naming the flag, what it expects and what was given.
    func value<V>(_ name: String, _ syntax: OptionSyntax<V>) throws(CLIError) -> V? {
        guard let text = value(name) else { return nil }
        do throws(OptionValueError) { return try syntax.fromText(text) } catch { throw .usage("--\(name): \(error.message)") }
    }

    /// The value of `name` as a finite number, or `nil` when absent.
    func number(_ name: String) throws(CLIError) -> Double? {
        try value(name, .number("N", -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, expected: "a number"))
    }

    /// The value of `name` as a whole number within `range`, or `nil` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        try value(name, .whole("N", range))
    }
}
