import Foundation
import PathText

/// `pathtext render`: draw a scene file, or one label given by flags, to PNG or SVG.
enum RenderCommand {
    static let pictureFlags: Set<String> = ["width", "height", "background", "out", "json"]

    static let command = CLI.Command(
        name: "render", summary: "draw a scene file, or a label given by flags, to PNG or SVG",
        usage: """
        usage: pathtext render SCENE.json --out FILE.png|FILE.svg [--json FILE|-] [--fonts-dir DIR]
               pathtext render --text T --path D [label options] [--width W --height H] [--background C] --out FILE

              --out FILE             where to write; the format follows the extension (.png or .svg)
              --json FILE|-          also write the placements JSON (- for stdout)
              --width W, --height H  canvas size in pixels (default 800 × 400)
              --background C         #RRGGBB[AA] or none (default white)

        label options (as for pathtext layout):
        """ + "\n" + LabelFlags.usage,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "render", valued: LabelFlags.valued.union(pictureFlags),
                                 flags: LabelFlags.switches)
        guard let out = args.value("out") else { throw .usage("--out FILE.png|FILE.svg is required") }
        let resolver = SceneResolver(fontsDir: args.value("fonts-dir"), flags: args)
        let scene: Scene
        var flagLabel: ResolvedLabel? = nil
        if let file = args.positional.first {
            guard args.positional.count == 1 else { throw .usage("unexpected argument \(args.positional[1])") }
            guard args.value("text") == nil else { throw .usage("give a scene file or --text, not both") }
            try Output.checkNotAnInput(out, inputs: [file])
            scene = try failing { try SceneJSON.read(path: file) }
        } else {
            let width = try args.integer("width", in: 1...1_000_000) ?? 800
            let height = try args.integer("height", in: 1...1_000_000) ?? 400
            scene = Scene(width: width, height: height, background: args.value("background") ?? "#ffffff")
            flagLabel = try LabelFlags.resolve(args, resolver: resolver)
        }
        let labels: [PlacedLabel]
        do {
            labels = try Output.render(scene, extra: flagLabel.map { [$0] } ?? [], resolver: resolver, to: out)
        } catch let CLIError.failure(message) where args.positional.first != nil && !message.hasPrefix("cannot write") {
            throw .failure("\(args.positional[0]): \(message)")  // scene errors name the file, then the JSON path
        }
        if let json = args.value("json") { try Output.writeJSON(labels, to: json) }
    }
}
