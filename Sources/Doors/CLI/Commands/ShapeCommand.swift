import PathText

/// `pathtext shape`: shape text with HarfBuzz and print the glyphs as `hb-shape --output-format=json` does,
/// in pixels, with the font of each glyph.
enum ShapeCommand {
    static let valued: Set<String> = ["text", "font", "font-family", "size", "features", "lang", "dir"]
    static let settings = SettingsFlags(["fontsDir", "systemFonts"])

    static let command = CLI.Command(
        name: "shape", summary: "shape text and print the glyphs as JSON (like hb-shape)",
        usage: """
        usage: pathtext shape --text T [--font F]... [--no-system-fonts] [--size PX] [--features LIST] [--lang L] [--dir ltr|rtl|auto]

        Prints [{"g": glyph id, "cl": cluster, "ax", "ay", "dx", "dy", "font"}, ...] in visual order.
        Positions are in pixels at --size (default 32), unhinted; clusters are UTF-8 byte offsets
        (hb-shape --utf8-clusters). Other options as for pathtext layout.
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        var args = words
        // Shaping needs no path: give the resolver a trivial one.
        args += ["--path", "M0 0 L1 0"]
        let parsed = try Arguments(args, command: "shape", valued: valued.union(["path"]).union(settings.valued), flags: settings.switches)
        guard parsed.positional.isEmpty else { throw .usage("unexpected argument \(parsed.positional[0])") }
        let label = try LabelFlags.resolve(parsed, resolver: SceneResolver(try settings.read(parsed)))
        let line = Shaper.shape(label.text, direction: label.direction)
        print(line.hbShapeJSON())
        for d in line.diagnostics { printError("warning: \(d)") }
    }
}
