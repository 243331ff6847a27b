import JSON
import PathText
import Showcase

/// `pathtext badge`: one to three letters knocked out of a filled circle.
enum BadgeCommand {
    static let command = CLI.Command(
        name: "badge", summary: "knock one to three letters out of a filled circle",
        usage: """
        usage: pathtext badge --text AB [--size PX] [--color #RRGGBB] [--font FILE]... --out FILE.png|FILE.svg

              --text T       one to three letters (any script the fonts cover)
              --size PX      the badge's diameter; the picture is PX × PX (default 64)
              --color C      the circle's colour (default #1d4ed8)
              --font FILE    font files, primary first (default NotoSans-Bold.ttf; the embedded stack follows)
              --margin F     fraction of the radius kept clear around the ink (default 0.16)
              --json FILE|-  also write the letters' placements
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "badge", valued: ["text", "size", "color", "font", "fonts-dir", "out", "margin", "json"])
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        guard let text = args.value("text") else { throw .usage("--text is required") }
        guard let out = args.value("out") else { throw .usage("--out FILE.png|FILE.svg is required") }
        let size = try args.integer("size", in: 8...8192) ?? 64
        let color = try args.value("color", .color) ?? Badge.defaultColor
        let margin = try args.number("margin") ?? Badge.defaultMargin
        // A bad flag value is a command-line error (status 2), as for --size.
        guard (0..<1).contains(margin) else { throw .usage("--margin: expected a fraction in [0, 1), got \(MessageText.number(margin))") }
        let fonts = args.all("font").isEmpty ? ["NotoSans-Bold.ttf"] : args.all("font")
        let resolver = SceneResolver(fontsDir: try FontsFolder.resolve(args))
        let d = Double(size)
        let parts = try failing {
            try Badge.parts(text: text, diameter: d, center: Point(d / 2, d / 2), color: color, fonts: fonts,
                            margin: margin, resolver: resolver)
        }
        let scene = Scene(width: size, height: size, background: nil, shapes: [parts.circle], labels: [parts.label])
        try Output.render(scene, resolver: resolver, to: out, json: args.value("json"))
    }
}
