import PathText

/// The options shared by `pathtext layout` and `pathtext render`: the label's flags, made from
/// ``SceneLabel/catalog`` — the same declarations scene files are read with — so a flag and its scene
/// key (`--letter-spacing`, `letterSpacing`) take the same values, share one help text and report the
/// same errors.
enum LabelFlags {
    /// The catalog entries that are flags.
    static var entries: [OptionEntry<SceneLabel>] { SceneLabel.catalog.filter { $0.flag != nil } }

    /// The value-taking options: every label flag, and `--run`.
    static var valued: Set<String> { Set(entries.compactMap(\.flag)).union(["run"]) }

    /// The flags of run attributes (`--color`, `--size`, `--font`, `--features`, …): after a `--run` they
    /// apply to that run.
    static var styleFlags: Set<String> { Set(LabelOptionCatalog.style.compactMap(\.flag)) }

    /// Help lines for the label options.

    static var usage: String {
        var lines = entries.map(helpLine)
        lines.append(line("--run T", "a run of text, instead of --text: the run attributes given after it (color, size, font, "
                                     + "fontFamily, features, lang, letterSpacing) apply to it, those before the first run to every run; repeatable"))
        return lines.joined(separator: "\n")
    }

    /// `  --align start|center|end   the anchor … (default start)`.
    static func helpLine(_ e: OptionEntry<SceneLabel>) -> String {
        var help = e.help
        if e.repeatable { help += "; repeatable" }
        if let d = e.defaultText { help += " (default \(d))" }
        return line("--\(e.flag!) \(e.placeholder)", help)
    }

    /// `      --name VALUES   help`, the help wrapped at 110 columns and indented under itself.
    static func line(_ name: String, _ help: String) -> String {
        let indent = 34, width = 110
        var lines: [String] = [], current = ""
        for word in help.split(separator: " ") {
            if !current.isEmpty, indent + current.count + 1 + word.count > width { lines.append(current); current = "" }
            current += (current.isEmpty ? "" : " ") + word
        }
        lines.append(current)
        let head = "      " + name
        let pad = String(repeating: " ", count: indent)
        let first = head.count < indent ? head + String(repeating: " ", count: indent - head.count) + lines[0] : head + "\n" + pad + lines[0]
        return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
    }

    /// The label the flags describe.
    static func sceneLabel(_ args: Arguments) throws(CLIError) -> SceneLabel {
        let runTexts = args.all("run")
        guard args.value("text") != nil || !runTexts.isEmpty else { throw .usage("--text (or --run) is required") }
        guard args.value("text") == nil || runTexts.isEmpty else { throw .usage("give --text or --run groups, not both") }
        guard args.value("path") != nil else { throw .usage("--path is required") }
        // Style flags after a --run belong to that run; everything else to the label.
        let style = styleFlags
        var labelValues: [String: [String]] = [:], runValues: [[String: [String]]] = []
        for (name, value) in args.ordered {
            if name == "run" { runValues.append([:]); continue }
            if style.contains(name), !runValues.isEmpty { runValues[runValues.count - 1][name, default: []].append(value) } else {
                labelValues[name, default: []].append(value)
            }
        }
        var label = SceneLabel()
        if !runTexts.isEmpty {
            var runs: [SceneRun] = []
            for (text, values) in zip(runTexts, runValues) {
                var run = SceneRun(text: text)
                for e in LabelOptionCatalog.style {
                    guard let flag = e.flag, let given = values[flag] else { continue }
                    do { try e.read(arguments: given, into: &run.style) } catch {
                        throw e.key == "font" || e.key == "fontFamily" ? .failure("--\(flag): \(error.message)") : .usage("--\(flag): \(error.message)")
                    }
                }
                runs.append(run)
            }
            label.runs = runs
        }
        for e in entries {
            let flag = e.flag!
            let values = labelValues[flag] ?? []
            guard !values.isEmpty else { continue }
            do { try e.read(arguments: values, into: &label) } catch {
                let message = "--\(flag): \(error.message)"
                // Bad path data is bad input (exit 1); any other value that does not parse is a bad option value.
                throw e.key == "path" ? .failure(message) : .usage(message)
            }
        }
        return label
    }

    /// The label flags given (`--size`, `--align`, …), each with its values in order: what overrides every
    /// label of a scene file.
    static func overrides(_ args: Arguments) throws(CLIError) -> [(OptionEntry<SceneLabel>, [String])] {
        var out: [(OptionEntry<SceneLabel>, [String])] = []
        for e in entries {
            let values = args.all(e.flag!)
            guard !values.isEmpty else { continue }
            // The text and the path are the label itself: a scene file brings its own.
            if ["text", "path"].contains(e.key) { throw .usage("--\(e.flag!) describes a label of its own: give a scene file or --\(e.flag!), not both") }
            out.append((e, values))
        }
        if !args.all("run").isEmpty { throw .usage("--run describes a label of its own: give a scene file or --run, not both") }
        return out
    }

    /// `label` with the flags' values in place of its own: a flag given with a scene file applies to every
    /// label (a run attribute such as `--size` to every run too), so it is never silently ignored.
    static func override(_ label: SceneLabel, index: Int, with flags: [(OptionEntry<SceneLabel>, [String])]) throws(CLIError) -> SceneLabel {
        var label = label
        let style = styleFlags
        for (e, values) in flags {
            do {
                try e.read(arguments: values, into: &label)
                if style.contains(e.flag!), var runs = label.runs {
                    // The same entry, read into each run's style through a label that holds it.
                    for k in runs.indices {
                        var holder = SceneLabel(style: runs[k].style)
                        try e.read(arguments: values, into: &holder)
                        runs[k].style = holder.style
                    }
                    label.runs = runs
                }
            } catch {
                throw .usage("--\(e.flag!): \(error.message)")
            }
        }
        return label
    }

    /// Resolves the flags into a label ready to lay out.
    static func resolve(_ args: Arguments, resolver: SceneResolver) throws(CLIError) -> ResolvedLabel {
        let label = try sceneLabel(args)
        do { return try resolver.resolve(label, index: 0) } catch { throw word(error) }
    }

    /// A scene error of the label given by flags (`labels[0].size: …`), said in the flags' terms
    /// (`--size: …`): bad input data (the path, a font file, the text) or a whole-label failure (layout,
    /// budgets) is exit 1; a bad option value is a usage error (exit 2).
    static func word(_ error: SceneError) -> CLIError {
        let key = error.path.hasPrefix("labels[0].") ? String(error.path.dropFirst("labels[0].".count)) : ""
        let input = key.isEmpty || SceneLabel.inputKeys.contains(key)
        return input ? .failure(flagMessage(error)) : .usage(flagMessage(error))
    }

    static func flagMessage(_ e: SceneError) -> String {
        var key = e.path
        if let dot = key.firstIndex(of: "."), key.hasPrefix("labels[") { key = String(key[key.index(after: dot)...]) } else if key.hasPrefix("labels[") { key = "" }
        guard !key.isEmpty else { return e.message }
        return "--\(OptionEntry<SceneLabel>.kebab(key)): \(e.message)"
    }

    /// The option table of the "Label options" article, as Markdown (`pathtext help options --markdown`).
    static var markdownTable: String { OptionTable.markdown(SceneLabel.catalog) }
}
