import PathText
import PathTextEngine

/// `pathtext layout`: shape a label, place it on a path, print the placements as JSON.
enum LayoutCommand {
    static let command = CLI.Command(
        name: "layout", summary: "place text along a path and print the placements as JSON",
        usage: "usage: pathtext layout --text T --path D [options]\n"
            + "       pathtext layout --batch [--fonts-dir DIR] [--ink]   (one JSON label per line on stdin)\n\n"
            + LabelFlags.usage + "\n"
            + LabelFlags.line("--ink", "add each glyph's ink box (rotated rectangle) to the JSON") + "\n"
            + LabelFlags.line("--batch", "read one label request (a scene file's label object) per line on stdin and write one placements line per request; a bad line gets {\"error\": \"…\"} on its own line and the stream goes on"),
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "layout", valued: LabelFlags.valued, flags: LabelFlags.switches.union(["ink", "batch"]))
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        if args.has("batch") { return try batch(args) }
        let label = try LabelFlags.resolve(args, resolver: SceneResolver(fontsDir: FontsFolder.resolve(args), flags: args))
        let placed = try Output.layout(label)
        print(PlacementsJSON.encode(placed, inkBoxes: args.has("ink")), terminator: "")
        Output.warn(placed)
    }

    /// `--batch`: one request per line in, one reply per line out, with the fonts loaded once.
    static func batch(_ args: Arguments) throws(CLIError) {
        let others = LabelFlags.valued.subtracting(["fonts-dir"]).filter { args.value($0) != nil }
        guard others.isEmpty else { throw .usage("--batch takes its labels from stdin, not --\(others.sorted()[0])") }
        let engine: Engine
        let fontsDir = try FontsFolder.resolve(args)
        do { engine = try Engine(fontsDir: fontsDir, systemFonts: !args.has("no-system-fonts")) } catch { throw .failure(error.message) }
        let ink = args.has("ink")
        while let line = readLine(strippingNewline: true) {
            guard line.contains(where: { !$0.isWhitespace }) else { continue }  // blank lines are skipped
            // Each reply is written as soon as it is ready: the caller may wait for it before writing more.
            try RenderStreams.writeStdout(Array(engine.batchLine(line, inkBoxes: ink).utf8))
        }
    }
}
