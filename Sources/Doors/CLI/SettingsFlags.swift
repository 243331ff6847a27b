import Support
import PathText

/// The request settings a command takes (``RequestSettings/catalog``) as flags: `--fonts-dir`,
/// `--no-system-fonts`, `--time-limit`, `--format`, `--ink`, `--strict`. Each is declared once in the catalog;
/// a command names the keys it takes, and its flags, help lines and values come from the entries.
struct SettingsFlags {
    /// The entries the command takes, in catalog order.
    let entries: [OptionEntry<RequestSettings>]

    /// The settings of `keys` (catalog keys, any order; an unknown key is a programming error).
    init(_ keys: Set<String>) {
        entries = RequestSettings.catalog.filter { keys.contains($0.key) }
        precondition(entries.count == keys.count, "a settings key is not in RequestSettings.catalog")
    }

    /// Every settings key: what `render` and `layout` take.
    static let all = SettingsFlags(Set(RequestSettings.catalog.map(\.key)))
    /// The engine's settings alone (fonts and time): what the jobs take.
    static let engine = SettingsFlags(Set(RequestSettings.catalog.map(\.key).filter { RequestSettings.scope(of: $0) == .engine }))

    /// The flags that take a value.
    var valued: Set<String> { Set(entries.filter { !$0.isSwitch }.compactMap(\.flag)) }
    /// The flags without a value.
    var switches: Set<String> { Set(entries.filter(\.isSwitch).compactMap(\.flag)) }

    /// Help lines, in catalog order.
    var usage: String {
        entries.map { e in
            var help = e.help
            if let d = e.defaultText { help += " (default \(d))" }
            return LabelFlags.line("--\(e.flag!)" + (e.isSwitch ? "" : " \(e.placeholder)"), help)
        }.joined(separator: "\n")
    }

    /// The settings the arguments give; the fonts folder also from `$PATHTEXT_FONTS`, and checked to exist.
    /// - Throws: ``CLIError/usage(_:)`` naming the flag and what it expects.
    func read(_ args: Arguments, environment: [String: String] = Syscalls.environment()) throws(CLIError) -> RequestSettings {
        var settings = RequestSettings()
        for e in entries {
            let words = e.isSwitch ? (args.has(e.flag!) ? [""] : []) : args.all(e.flag!)
            do throws(OptionValueError) { try e.read(arguments: words, into: &settings) } catch {
                throw .usage("--\(e.flag!): \(error.message)")
            }
        }
        if entries.contains(where: { $0.key == "fontsDir" }) { settings.fontsDir = try FontsFolder.resolve(args, environment: environment) }
        return settings
    }
}

extension SceneResolver {
    /// A resolver with the engine settings applied (fonts folder, system fonts).
    convenience init(_ settings: RequestSettings) {
        self.init(fontsDir: settings.fontsDir)
        systemFallback = settings.systemFonts
    }
}

extension RequestSettings {
    /// Runs `body` under the settings' time limit (none: as it is).
    func withTimeLimit<R>(_ body: () throws(CLIError) -> R) throws(CLIError) -> R {
        try withDeadline(timeLimit.map { Deadline(seconds: $0) }, body)
    }
}
