import PathText

/// `pathtext layout`: shape a label, place it on a path, print the placements as JSON.
enum LayoutCommand {
    static let command = CLI.Command(
        name: "layout", summary: "place text along a path and print the placements as JSON",
        usage: "usage: pathtext layout --text T --path D [options]\n\n" + LabelFlags.usage + """

              --ink                  add each glyph's ink box (rotated rectangle) to the JSON
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "layout", valued: LabelFlags.valued, flags: LabelFlags.switches.union(["ink"]))
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        let label = try LabelFlags.resolve(args, resolver: SceneResolver(fontsDir: args.value("fonts-dir"), flags: args))
        let placed = try failing { try label.layout() }
        print(PlacementsJSON.encode(placed, inkBoxes: args.has("ink")), terminator: "")
        Output.warn(placed)
    }
}
