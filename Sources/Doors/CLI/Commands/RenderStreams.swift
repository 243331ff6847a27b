import Pipeline
import Support
import PathText

/// `pathtext render` with standard streams: a scene read from stdin (`-`), the image written to stdout
/// (`--out -`), or only the placements (`--json -` without `--out`).
enum RenderStreams {
    /// Reads a scene from stdin.
    static func readScene() throws(CLIError) -> Scene {
        let data: [UInt8]
        switch Syscalls.readAll(Syscalls.standardInput) {
        case .success(let bytes): data = bytes
        case .failure(.unreadable(let why)): throw .failure("cannot read stdin: \(why)")
        case .failure(let other): throw .failure("cannot read stdin: \(other)")
        }
        do { return try SceneJSON.decode(data) } catch { throw .failure("stdin: \(error.description)") }
    }

    /// Lays out (and, for an image, draws) `scene`, then warns of its diagnostics; returns the image's bytes
    /// in `format` (`nil`: placements only, nothing drawn) and the placements.
    static func render(_ scene: Scene, resolver: SceneResolver, format: String?,
                       word: (SceneError) -> CLIError = { .failure($0.description) }) throws(CLIError) -> (bytes: [UInt8]?, labels: [PlacedLabel]) {
        let result = try draw(scene, resolver: resolver, format: format, word: word)
        Output.warn(result.labels)
        return result
    }

    /// The one route of every `render`: the scene laid out and drawn by the pipeline (`SceneRenderer`) in
    /// `format` (`png`, `svg`, or `nil` for the placements alone); `word` says its errors in the door's terms.
    static func draw(_ scene: Scene, resolver: SceneResolver, format: String?,
                     word: (SceneError) -> CLIError) throws(CLIError) -> (bytes: [UInt8]?, labels: [PlacedLabel]) {
        func drawn<R>(_ body: () throws(SceneError) -> R) throws(CLIError) -> R {
            do { return try body() } catch { throw word(error) }
        }
        switch format {
        case "png"?:
            var rendered = try drawn { () throws(SceneError) in try SceneRenderer.render(scene, resolver: resolver) }
            rendered.canvas.releaseScratch()
            return (try failing { try rendered.canvas.pngData() }, rendered.labels)
        case "svg"?:
            let (svg, labels) = try drawn { () throws(SceneError) in try SceneRenderer.renderSVG(scene, resolver: resolver) }
            return (Array(svg.text.utf8), labels)
        case nil:
            var surface = NullSurface()
            let labels = try drawn { () throws(SceneError) in try SceneRenderer.draw(scene, on: &surface, resolver: resolver) }
            return (nil, labels)
        case let other?:
            throw .usage("--format expects png or svg, got \"\(other)\"")
        }
    }

    /// Writes `bytes` to stdout (file descriptor 1, unbuffered: nothing else may be buffered for stdout).
    static func writeStdout(_ bytes: some Collection<UInt8>) throws(CLIError) {
        if let code = Syscalls.writeAll(Syscalls.standardOutput, bytes) {
            throw .failure("cannot write to stdout: \(Syscalls.message(code))")
        }
    }

}
