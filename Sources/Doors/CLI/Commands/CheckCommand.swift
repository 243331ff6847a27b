import JSON
import PathText
import Check

/// `pathtext check`: every locale of a translation file laid out on a scene's labels, judged.
enum CheckCommand {
    static let command = CLI.Command(
        name: "check", summary: "lay every locale of a translation file out on a scene's labels: fits, shrunk, missing glyphs, collisions",
        usage: """
        usage: pathtext check SCENE.json --strings FILE [--json] [--fail-on ISSUE,…] [--shipped-fonts-only] [--sheet DIR] [--fonts-dir DIR]

              --strings FILE        translations: .csv/.tsv (a locale column, one column per key, or key and text
                                    columns), .json ({"de": {"KEY": "text"}}), gettext .po, Apple .strings or
                                    .xcstrings, Android strings.xml, XLIFF 1.2 (.xlf). A key is a label's text
                                    in the scene, or labels[N]; each label is laid out with lang = the locale
              --json                the results as JSON (with the diagnostics' codes) instead of the table
              --fail-on ISSUE,…     exit 1 when any label has one of: \(CheckIssue.allCases.map(\.rawValue).joined(separator: ", "))
              --shipped-fonts-only  no system fallback: only the scene's fonts and the embedded stack
              --sheet DIR           write DIR/LOCALE.png for every locale, DIR/grid.png and DIR/index.html
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "check", valued: ["strings", "fail-on", "sheet", "fonts-dir"],
                                 flags: ["json", "shipped-fonts-only"])
        guard let file = args.positional.first else { throw .usage("a scene file is required: pathtext check SCENE.json --strings FILE") }
        guard args.positional.count == 1 else { throw .usage("unexpected argument \(args.positional[1])") }
        guard let stringsFile = args.value("strings") else { throw .usage("--strings FILE is required") }
        var failOn: Set<CheckIssue> = []
        if let list = args.value("fail-on") {
            for word in list.split(separator: ",") {
                guard let issue = CheckIssue(rawValue: String(word)) else {
                    throw .usage("--fail-on: unknown issue \(MessageText.quoted(String(word))) (expected \(CheckIssue.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                failOn.insert(issue)
            }
        }
        let resolver = SceneResolver(fontsDir: try FontsFolder.resolve(args))
        resolver.systemFallback = !args.has("shipped-fonts-only")
        let scene = try InputFiles.readScene(file, limits: resolver.limits)
        let strings = try failing { try StringTableReader.read(path: stringsFile) }
        if let dir = args.value("sheet") {
            // No picture may replace an input (the scene at DIR/de.png, the strings, a font), before any work.
            try Output.checkFiles(outputs: ContactSheet.files(strings, in: dir).map { ("--sheet", $0) },
                                  inputs: [file, stringsFile] + Output.fontInputs(scene, resolver: resolver))
        }
        let results = try failing { try LocaleChecker.check(scene, strings: strings, resolver: resolver) }
        if args.has("json") { Output.writeStdout(CheckReport.json(results)) } else {
            Output.writeStdout(CheckReport.table(results) + CheckReport.summary(results) + "\n")
        }
        if let dir = args.value("sheet") {
            let written = try failing { try ContactSheet.write(scene, strings: strings, results: results, resolver: resolver, to: dir) }
            printError("wrote \(written.count) files in \(dir) (\(dir)/index.html)")
        }
        let failing = results.filter { !Set($0.issues).isDisjoint(with: failOn) }
        if !failing.isEmpty {
            throw .failure("check: \(failing.count) label\(failing.count == 1 ? "" : "s") fail --fail-on \(failOn.map(\.rawValue).sorted().joined(separator: ","))")
        }
    }
}
