import PathText

/// `pathtext render`: draw a scene file, or one label given by flags, to PNG or SVG.
enum RenderCommand {
    /// The canvas flags: the scene catalog's canvas keys (``Scene/catalog``).
    static let canvas = Scene.catalog.filter { $0.flag != nil }
    static let pictureFlags: Set<String> = Set(canvas.compactMap(\.flag)).union(["out", "json"]).union(SVGFiles.flags)
    static let settings = SettingsFlags.all

    static let command = CLI.Command(
        name: "render", summary: "draw a scene file, or a label given by flags, to PNG or SVG",
        usage: """
        usage: pathtext render SCENE.json|DRAWING.svg|- --out FILE.png|FILE.svg|- [--json FILE|-] [settings] [label options: applied to every label]
               pathtext render --text T --path D [label options] [--width W --height H | --fit-canvas PX] [--background C] --out FILE

        """ + "\n" + [
            LabelFlags.line("SCENE.json|-", "the scene file, or - to read the scene from stdin"),
            LabelFlags.line("DRAWING.svg", "or an SVG document (by its .svg extension or its <svg> root): its shapes and text"),
            LabelFlags.line("--out FILE|-", "where to write; the format follows the extension (.png or .svg); - writes the image to stdout in --format (default png)"),
            LabelFlags.line("--json FILE|-", "also write the placements JSON (- for stdout); without --out, only the placements are written and nothing is drawn"),
            "", "canvas (a label given by flags; a scene file has its own; without --width and --height it is fitted to the label with an 8 px margin):",
            canvas.map { e in LabelFlags.line("--\(e.flag!) \(e.placeholder)", e.help + (e.defaultText.map { " (default \($0))" } ?? "")) }.joined(separator: "\n"),
            "", "an SVG document's size and defaults:", SVGFiles.usage.joined(separator: "\n"),
            "", "settings:", settings.usage,
            "", "label options (as for pathtext layout):", LabelFlags.usage,
        ].joined(separator: "\n"),
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        // The label options' catalog is built only when a word names one of them (not for a document alone).
        let args = try Arguments(words, command: "render", valued: pictureFlags.union(settings.valued),
                                 flags: settings.switches, moreValued: { LabelFlags.valued })
        let settings = try settings.read(args)
        try settings.withTimeLimit { () throws(CLIError) in try run(args, settings) }
    }

    static func run(_ args: Arguments, _ settings: RequestSettings) throws(CLIError) {
        let out = args.value("out")
        guard out != nil || args.value("json") != nil else { throw .usage("--out FILE.png|FILE.svg|- is required (or --json FILE|- for the placements alone)") }
        guard !(out == "-" && args.value("json") == "-") else { throw .usage("--out - and --json - cannot both use stdout") }
        let resolver = SceneResolver(settings)
        let scene: Scene
        var word: (SceneError) -> CLIError = { .failure($0.description) }
        if let file = args.positional.first {
            guard args.positional.count == 1 else { throw .usage("unexpected argument \(args.positional[1])") }
            let outputs = [("--out", out), ("--json", args.value("json"))].compactMap { f, p in p.map { (f, $0) } }
            try Output.checkFiles(outputs: outputs, inputs: file == "-" ? [] : [file])
            let path = file == "-" ? "/dev/stdin" : file
            let bytes = try InputFiles.readBytes(path, limits: resolver.limits)
            var read: Scene
            if SVGFiles.isSVG(file, bytes) {
                // Errors about the scene said in the document's terms (element and line, not shapes[1]).
                let svg = try SVGFiles.read(bytes, file: file, resolver: resolver, options: try SVGFiles.readOptions(args, strict: settings.strict))
                read = svg.scene
                word = { .failure(svg.describe($0)) }
            } else {
                try SVGFiles.refuseFlags(args, input: file)
                if let f = ["width", "height"].first(where: { args.value($0) != nil }) {
                    throw .usage("--\(f) applies to SVG input and --text labels; \(file) is a scene file (its canvas gives the size)")
                }
                read = try InputFiles.decodeScene(bytes, path: path)
            }
            // --background paints under a scene file's or a document's own picture (an SVG has no background).
            for e in canvas where e.flag == "background" && args.value("background") != nil {
                do throws(OptionValueError) { try e.read(arguments: args.all("background"), into: &read) } catch {
                    throw .usage("--background: \(error.message)")
                }
            }
            // Label flags given with a scene file override every label's value (never ignored).
            let flags = args.usedMoreValued ? try LabelFlags.overrides(args) : []
            if !flags.isEmpty {
                var labels: [SceneLabel] = []
                for (i, label) in read.labels.enumerated() { labels.append(try LabelFlags.override(label, index: i, with: flags)) }
                read.labels = labels
            }
            scene = read
        } else {
            // The label given by flags is the scene's one label: the same route, canvas keys and defaults as a
            // scene file's (fitted to the label unless --width and --height are given).
            if let f = SVGFiles.flags.sorted().first(where: { args.value($0) != nil }) { throw .usage("--\(f) applies to SVG input") }
            var flagScene = Scene(width: -1, height: -1)
            for e in canvas {
                do throws(OptionValueError) { try e.read(arguments: args.all(e.flag!), into: &flagScene) } catch {
                    throw .usage("--\(e.flag!): \(error.message)")
                }
            }
            if flagScene.fitCanvas == nil {
                guard (flagScene.width > 0) == (flagScene.height > 0) else { throw .usage("give both --width and --height, or neither (the canvas is then fitted to the label)") }
                if flagScene.width <= 0 { flagScene.fitCanvas = CanvasFit.defaultMargin }
            }
            flagScene.labels = [try LabelFlags.sceneLabel(args)]
            scene = flagScene
            word = LabelFlags.word
        }
        let unnamed = ["cannot write", "cannot create", "the output "]
        do {
            if let out, out != "-" {
                try Output.render(scene, resolver: resolver, to: out, json: args.value("json"), ink: settings.ink,
                                  inputs: args.positional.filter { $0 != "-" }, word: word)
            } else {  // the image to stdout, or only the placements
                let format = out == nil ? nil : settings.format.rawValue
                let result = try RenderStreams.render(scene, resolver: resolver, format: format, word: word)
                if let bytes = result.bytes { try RenderStreams.writeStdout(bytes) }
                if let json = args.value("json") { try Output.writeJSON(result.labels, to: json, ink: settings.ink) }
            }
        } catch let CLIError.failure(message) where args.positional.first != nil && !unnamed.contains(where: message.hasPrefix) {
            throw .failure("\(args.positional[0]): \(message)")  // scene errors name the file, then the JSON path
        }
    }
}
