import PathText
import SVGInput

/// `pathtext render DRAWING.svg` and `pathtext layout DRAWING.svg`: an SVG document read into a scene.
enum SVGFiles {
    /// Whether the input is an SVG document: by its `.svg` extension or its `<svg>` root element.
    static func isSVG(_ file: String, _ bytes: [UInt8]) -> Bool { SVGInput.isSVG(path: file, prefix: Array(bytes.prefix(4096))) }

    /// Reads the document; prints each warning on stderr (with `strict`, the first is an error).
    static func scene(_ bytes: [UInt8], file: String, resolver: SceneResolver, strict: Bool) throws(CLIError) -> Scene {
        try read(bytes, file: file, resolver: resolver, strict: strict).scene
    }

    /// ``scene(_:file:resolver:strict:)`` with the elements the scene's shapes and labels came from.
    static func read(_ bytes: [UInt8], file: String, resolver: SceneResolver, strict: Bool) throws(CLIError) -> SVGScene {
        let read: SVGScene
        do { read = try SVGInput.read(bytes, options: SVGReadOptions(strict: strict), resolver: resolver) } catch {
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
        let scene = try scene(bytes, file: file, resolver: resolver, strict: settings.strict)
        let result: (bytes: [UInt8]?, labels: [PlacedLabel])
        do { result = try RenderStreams.render(scene, resolver: resolver, format: nil) } catch {
            if case .failure(let m) = error { throw .failure("\(file): \(m)") }
            throw error
        }
        print(PlacementsJSON.encode(result.labels, inkBoxes: settings.ink), terminator: "")
    }
}
