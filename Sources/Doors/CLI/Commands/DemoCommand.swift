import Support
import PathText
import Showcase

/// `pathtext demo`: the payment dial with the embedded fonts (and, with `--all`, the other pictures).
enum DemoCommand {
    static let command = CLI.Command(
        name: "demo", summary: "draw the payment-dial demo with the embedded fonts (--all: every picture)",
        usage: """
        usage: pathtext demo [--out FILE.png|FILE.svg] [--all] [--size PX] [--fonts-dir DIR] [--scenes DIR]

              --out FILE     where the dial goes (default out/demo.png); --all writes beside it:
                             dial-multilingual, sleep-clock, drag and badges
              --size PX      the dial's size (default 800)
              --scenes DIR   also write every picture's scene file (dial.json, …) into DIR
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "demo", valued: ["out", "size", "fonts-dir", "scenes"], flags: ["all"])
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        let out = args.value("out") ?? "out/demo.png"
        let size = try args.integer("size", in: 64...8192) ?? 800
        let resolver = SceneResolver(fontsDir: try FontsFolder.resolve(args))
        // Every picture and scene file is drawn first, then all are written or none (a folder that cannot
        // be made, a full disk): nothing is replaced by a run that fails.
        var files: [(bytes: [UInt8], path: String)] = []
        func render(_ scene: Scene, _ path: String) throws(CLIError) {
            let ext = PathNames.pathExtension(of: path).lowercased()
            guard ext == "png" || ext == "svg" else { throw .usage("--out must end in .png or .svg, got \"\(path)\"") }
            let (image, placed) = try RenderStreams.draw(scene, resolver: resolver, format: ext, word: { .failure($0.description) })
            Output.warn(placed)
            files.append((image ?? [], path))
        }
        let dir = PathNames.folder(of: out)
        let folder = dir.isEmpty ? "" : dir + "/"
        let ext = "." + PathNames.pathExtension(of: out)
        let others = args.has("all") ? ["dial-multilingual", "sleep-clock", "drag", "badges"].map { folder + $0 + ext } : []
        let sceneNames = args.value("scenes") == nil ? [] : try failing { try Showcase.all(resolver: resolver) }.map(\.0)
        let sceneFiles = sceneNames.map { args.value("scenes")! + "/" + $0 + ".json" }
        // Every output against the others and the embedded fonts, before any is written.
        try Output.checkFiles(outputs: [("--out", out)] + others.map { ("--all", $0) } + sceneFiles.map { ("--scenes", $0) },
                              inputs: ((try? resolver.embeddedStack()) ?? []).compactMap(\.path))
        try render(Showcase.paymentDial(size: size), out)
        if args.has("all") {
            try render(Showcase.multilingualDial(size: size), others[0])
            try render(Showcase.sleepClock(size: size), others[1])
            try render(try failing { try Showcase.figureEightDrag() }, others[2])
            try render(try failing { try Badge.sheet(resolver: resolver) }, others[3])
        }
        if let dir = args.value("scenes") {
            for (name, scene) in try failing({ try Showcase.all(resolver: resolver) }) {
                files.append((Array(SceneJSON.encode(scene)) + [10], dir + "/" + name + ".json"))
            }
        }
        try Output.writeAll(files)
        for f in files { print("wrote \(f.path)") }
    }
}
