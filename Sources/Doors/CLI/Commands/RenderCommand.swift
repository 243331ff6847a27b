import PathText

/// `pathtext render`: draw a scene file, or one label given by flags, to PNG or SVG.
enum RenderCommand {
    static let pictureFlags: Set<String> = ["width", "height", "background", "out", "json", "format"]

    static let command = CLI.Command(
        name: "render", summary: "draw a scene file, or a label given by flags, to PNG or SVG",
        usage: """
        usage: pathtext render SCENE.json|DRAWING.svg|- --out FILE.png|FILE.svg|- [--json FILE|-] [--strict] [--fonts-dir DIR] [label options: applied to every label]
               pathtext render --text T --path D [label options] [--width W --height H] [--background C] --out FILE

        """ + "\n" + [
            LabelFlags.line("SCENE.json|-", "the scene file, or - to read the scene from stdin"),
            LabelFlags.line("DRAWING.svg", "or an SVG document (by its .svg extension or its <svg> root): its shapes and text"),
            LabelFlags.line("--strict", "SVG: make what the reader does not draw (gradients, filters, …) an error, not a warning"),
            LabelFlags.line("--out FILE|-", "where to write; the format follows the extension (.png or .svg); - writes the image to stdout in --format (default png)"),
            LabelFlags.line("--format png|svg", "the image format for --out -"),
            LabelFlags.line("--json FILE|-", "also write the placements JSON (- for stdout); without --out, only the placements are written and nothing is drawn"),
            LabelFlags.line("--width W, --height H", "canvas size in pixels (default 800 × 400)"),
            LabelFlags.line("--background C", "#RRGGBB[AA] or none (default white)"),
            "", "label options (as for pathtext layout):", LabelFlags.usage,
        ].joined(separator: "\n"),
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "render", valued: LabelFlags.valued.union(pictureFlags),
                                 flags: LabelFlags.switches.union(["strict"]))
        let out = args.value("out")
        guard out != nil || args.value("json") != nil else { throw .usage("--out FILE.png|FILE.svg|- is required (or --json FILE|- for the placements alone)") }
        guard !(out == "-" && args.value("json") == "-") else { throw .usage("--out - and --json - cannot both use stdout") }
        let resolver = SceneResolver(fontsDir: try FontsFolder.resolve(args), flags: args)
        let scene: Scene
        var word: (SceneError) -> CLIError = { .failure($0.description) }
        if let file = args.positional.first {
            guard args.positional.count == 1 else { throw .usage("unexpected argument \(args.positional[1])") }
            let outputs = [("--out", out), ("--json", args.value("json"))].compactMap { f, p in p.map { (f, $0) } }
            try Output.checkFiles(outputs: outputs, inputs: file == "-" ? [] : [file])
            let path = file == "-" ? "/dev/stdin" : file
            let bytes = try InputFiles.readBytes(path, limits: resolver.limits)
            var read = SVGFiles.isSVG(file, bytes) ? try SVGFiles.scene(bytes, file: file, resolver: resolver, strict: args.has("strict"))
                : try InputFiles.decodeScene(bytes, path: path)
            // Label flags given with a scene file override every label's value (never ignored).
            let flags = try LabelFlags.overrides(args)
            if !flags.isEmpty {
                var labels: [SceneLabel] = []
                for (i, label) in read.labels.enumerated() { labels.append(try LabelFlags.override(label, index: i, with: flags)) }
                read.labels = labels
            }
            scene = read
        } else {
            let width = try args.integer("width", in: 1...1_000_000) ?? 800
            let height = try args.integer("height", in: 1...1_000_000) ?? 400
            // The label given by flags is the scene's one label: the same route as a scene file's.
            var flagScene = Scene(width: width, height: height, background: try args.value("background", .color) ?? .white)
            flagScene.labels = [try LabelFlags.sceneLabel(args)]
            scene = flagScene
            word = LabelFlags.word
        }
        let unnamed = ["cannot write", "cannot create", "the output "]
        do {
            if let out, out != "-" {
                try Output.render(scene, resolver: resolver, to: out, json: args.value("json"),
                                  inputs: args.positional.filter { $0 != "-" }, word: word)
            } else {  // the image to stdout, or only the placements
                let format = out == nil ? nil : args.value("format") ?? "png"
                let result = try RenderStreams.render(scene, resolver: resolver, format: format, word: word)
                if let bytes = result.bytes { try RenderStreams.writeStdout(bytes) }
                if let json = args.value("json") { try Output.writeJSON(result.labels, to: json) }
            }
        } catch let CLIError.failure(message) where args.positional.first != nil && !unnamed.contains(where: message.hasPrefix) {
            throw .failure("\(args.positional[0]): \(message)")  // scene errors name the file, then the JSON path
        }
    }
}
