import JSON
import PathText
import PathTextEngine
import Showcase

/// Dispatches subcommands, prints errors on stderr, and maps them to exit codes
/// (0 success, 1 bad input or environment, 2 bad command line).
enum CLI {
    /// The tool's version.
    static let version = PathTextVersion.string

    /// A subcommand: its name, one line of help, and how to run it.
    struct Command: Sendable {
        let name: String
        let summary: String
        /// Builds the help text; only `--help` needs it, so it is not built at start-up (the label
        /// options' table alone cost about 9 M instructions, 12 % of a one-label render).
        private let makeUsage: @Sendable () -> String
        let run: @Sendable ([String]) throws(CLIError) -> Void

        /// The command's help text.
        var usage: String { makeUsage() }

        init(name: String, summary: String, usage: @autoclosure @escaping @Sendable () -> String,
             run: @escaping @Sendable ([String]) throws(CLIError) -> Void) {
            self.name = name
            self.summary = summary
            makeUsage = usage
            self.run = run
        }
    }

    static let commands: [Command] = [
        DemoCommand.command, RenderCommand.command, LayoutCommand.command, ShapeCommand.command,
        MeasureCommand.command, DragCommand.command, BadgeCommand.command, FontsCommand.command, ServeCommand.command, PlaceCommand.command, TilesCommand.command, CheckCommand.command,
    ]

    /// Runs the command line and returns the exit code.
    static func run(_ words: [String]) -> Int32 {
        // With no arguments: the usage, on stderr, and exit 2 (nothing is written anywhere).
        if words.isEmpty { printError(help); return 2 }
        do {
            try dispatch(words)
            return 0
        } catch {
            // Control characters from any input (a font name, a key) never reach the terminal raw.
            printError("pathtext: " + MessageText.controlsEscaped(error.description))
            return error.exitCode
        }
    }

    private static func dispatch(_ words: [String]) throws(CLIError) {
        guard let first = words.first else { throw .usage("a command is required (see pathtext --help)") }
        switch first {
        case "--help", "-h", "help":
            if words.count > 1, words[1] == "options" {
                let rest = words.dropFirst(2)
                if rest.contains("--schema") { print(OptionCatalogJSON.requestSchemaText, terminator: "") }
                else if rest.contains("--json") { print(OptionCatalogJSON.text, terminator: "") }
                else { print(rest.contains("--markdown") ? LabelFlags.markdownTable : OptionTable.text(SceneLabel.catalog)) }
            } else if words.count > 1, let c = commands.first(where: { $0.name == words[1] }) { print(c.usage) } else { print(help) }
        case "--version", "-V":
            print("pathtext \(version) (\(LibraryVersions.summary))")
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                let shown = MessageText.shortened(first)
                if first.hasPrefix("-") { throw .usage("unknown option \(shown) (see pathtext --help)") }
                if let near = OptionCatalog.nearest(first, among: commands.map(\.name)) {
                    throw .usage("unknown command '\(shown)' (did you mean \(near)?)")
                }
                throw .usage("unknown command '\(shown)' (see pathtext --help)")
            }
            let rest = Array(words.dropFirst())
            if rest.contains("--help") || rest.contains("-h") { print(command.usage); return }
            try command.run(rest)
        }
    }

    static var help: String {
        var lines = [
            "pathtext \(version): text laid out along paths with real typography",
            "",
            "usage: pathtext <command> [options]",
            "",
            "commands:",
        ]
        for c in commands { lines.append("  " + c.name + String(repeating: " ", count: max(0, 9 - c.name.count)) + c.summary) }
        lines += ["", "pathtext <command> --help shows a command's options.",
                  "pathtext help options [--markdown|--json|--schema] lists every label option with its scene key",
                  "  (--json: the catalog as JSON; --schema: schema/request.schema.json).",
                  "pathtext --version shows the library versions."]
        return lines.joined(separator: "\n")
    }
}
