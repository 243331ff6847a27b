import PathText
import SVGInput

/// `pathtext render DRAWING.svg` and `pathtext layout DRAWING.svg`: an SVG document read into a scene.
enum SVGFiles {
    /// Whether the input is an SVG document: by its `.svg` extension or its `<svg>` root element.
    static func isSVG(_ file: String, _ bytes: [UInt8]) -> Bool { SVGInput.isSVG(path: file, prefix: Array(bytes.prefix(4096))) }

    /// The flags that apply to SVG input only (``readOptions(_:strict:)``).
    static let flags: Set<String> = ["scale", "default-font-size", "default-font-family"]

    /// Help lines for the SVG flags.
    static let usage: [String] = [
        LabelFlags.line("--width W, --height H", "SVG: draw the document W pixels wide (H high); given one, the other follows the "
                        + "aspect ratio; given both, the largest size that fits keeps it"),
        LabelFlags.line("--scale F", "SVG: draw the document F times its own size (0.01 to 100)"),
        LabelFlags.line("--default-font-size PX", "SVG: the initial font-size, for text whose document sets none (default 16, "
                        + "as browsers; resvg's is 12)"),
        LabelFlags.line("--default-font-family F", "SVG: the families (a CSS list) for text that names no installed family "
                        + "(default: the embedded fonts)"),
    ]

    /// The reader's options from the flags: the size (`--width`, `--height`, `--scale`),
    /// `--default-font-size` and `--default-font-family`.
    static func readOptions(_ args: Arguments, strict: Bool) throws(CLIError) -> SVGReadOptions {
        var o = SVGReadOptions(strict: strict)
        let width = try args.integer("width", in: 1...100_000), height = try args.integer("height", in: 1...100_000)
        let scale = try args.value("scale", .number("F", 0.01...100, expected: "a factor from 0.01 to 100"))
        if scale != nil, width != nil || height != nil { throw .usage("give --scale or --width/--height, not both") }
        switch (width, height, scale) {
        case (let w?, let h?, _): o.size = .fit(width: w, height: h)
        case (let w?, nil, _): o.size = .width(w)
        case (nil, let h?, _): o.size = .height(h)
        case (nil, nil, let f?): o.size = .scale(f)
        case (nil, nil, nil): break
        }
        if let px = try args.value("default-font-size", .number("PX", 0.01...10_000, expected: "a size in pixels from 0.01 to 10000")) {
            o.fontSize = px
        }
        if let list = args.value("default-font-family") {
            o.defaultFamilies = list.split(separator: ",").map { String($0.drop { " \t\"'".contains($0) }.reversed().drop { " \t\"'".contains($0) }.reversed()) }
                .filter { !$0.isEmpty }
            guard !o.defaultFamilies.isEmpty else { throw .usage("--default-font-family: expected a family name, got \"\(list)\"") }
        }
        return o
    }

    /// Refuses the SVG-only flags for input that is not SVG (they would be ignored).
    static func refuseFlags(_ args: Arguments, input: String) throws(CLIError) {
        if let f = flags.sorted().first(where: { args.value($0) != nil }) {
            throw .usage("--\(f) applies to SVG input; \(input) is a scene file")
        }
    }

    /// Reads the document; prints each warning on stderr (with `strict`, the first is an error).
    static func scene(_ bytes: [UInt8], file: String, resolver: SceneResolver, options: SVGReadOptions) throws(CLIError) -> Scene {
        try read(bytes, file: file, resolver: resolver, options: options).scene
    }

    /// ``scene(_:file:resolver:options:)`` with the elements the scene's shapes and labels came from.
    static func read(_ bytes: [UInt8], file: String, resolver: SceneResolver, options: SVGReadOptions) throws(CLIError) -> SVGScene {
        let read: SVGScene
        do { read = try SVGInput.read(bytes, options: options, resolver: resolver) } catch {
            throw .failure("\(file): \(error.description)")
        }
        for w in read.warnings { printError("warning: \(file): \(w)") }
        return read
    }

    /// `pathtext layout DRAWING.svg`: the placements of every label, as `pathtext render --json -` writes them.
    static func layout(_ file: String, _ args: Arguments, _ settings: RequestSettings) throws(CLIError) {
        let others = LabelFlags.valued.filter { args.value($0) != nil }
        guard others.isEmpty else { throw .usage("an SVG document gives its own labels: --\(others.sorted()[0]) is not allowed with \(file)") }
        let resolver = SceneResolver(settings)
        let path = file == "-" ? "/dev/stdin" : file
        let bytes = try InputFiles.readBytes(path, limits: resolver.limits)
        guard isSVG(file, bytes) else { throw .usage("pathtext layout takes an SVG document (or --text and --path), not \(file)") }
        let scene = try scene(bytes, file: file, resolver: resolver, options: SVGReadOptions(strict: settings.strict))
        let result: (bytes: [UInt8]?, labels: [PlacedLabel])
        do { result = try RenderStreams.render(scene, resolver: resolver, format: nil) } catch {
            if case .failure(let m) = error { throw .failure("\(file): \(m)") }
            throw error
        }
        print(PlacementsJSON.encode(result.labels, inkBoxes: settings.ink), terminator: "")
    }
}
