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

    /// Lays out (and, for an image, draws) `scene` and `extra` labels; returns the image's bytes in
    /// `format` (`nil`: placements only, nothing drawn) and the placements.
    static func render(_ scene: Scene, extra: [ResolvedLabel], resolver: SceneResolver,
                       format: String?) throws(CLIError) -> (bytes: [UInt8]?, labels: [PlacedLabel]) {
        var extras: [(labels: [PlacedLabel], mode: CompositeMode)] = []
        for label in extra {
            extras.append((try failing { try label.layout() }, label.knockout ? .destinationOut : .sourceOver))
        }
        var bytes: [UInt8]? = nil
        var placed: [PlacedLabel]
        switch format {
        case "png"?:
            var rendered = try failing { try SceneRenderer.render(scene, resolver: resolver) }
            for (labels, mode) in extras { for l in labels { rendered.canvas.draw(l, mode: mode) } }
            bytes = try failing { try rendered.canvas.pngData() }
            placed = rendered.labels
        case "svg"?:
            var (svg, labels) = try failing { try SceneRenderer.renderSVG(scene, resolver: resolver) }
            for (ls, mode) in extras { for l in ls { svg.draw(l, mode: mode) } }
            bytes = Array(svg.text.utf8)
            placed = labels
        case nil:
            var surface = NullSurface()
            placed = try failing { try SceneRenderer.draw(scene, on: &surface, resolver: resolver) }
        case let other?:
            throw .usage("--format expects png or svg, got \"\(other)\"")
        }
        placed += extras.flatMap(\.labels)
        Output.warn(placed)
        return (bytes, placed)
    }

    /// Writes `bytes` to stdout (file descriptor 1, unbuffered: nothing else may be buffered for stdout).
    static func writeStdout(_ bytes: some Collection<UInt8>) throws(CLIError) {
        if let code = Syscalls.writeAll(Syscalls.standardOutput, bytes) {
            throw .failure("cannot write to stdout: \(Syscalls.message(code))")
        }
    }

    /// A surface that draws nothing: for placements without a picture. It counts what it was asked to draw,
    /// which also keeps it from being a zero-sized type: ThreadSanitizer's instrumentation of an `inout`
    /// zero-sized value dereferenced a wild address here (a SEGV under `make sanitize`).
    struct NullSurface: DrawingSurface {
        var calls = 0
        mutating func fillPath(_ path: BezPath, transform: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) { calls += 1 }
        mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) { calls += 1 }
        mutating func drawBitmap(_ bitmap: ColorBitmap, transform: Affine, opacity: Double, mode: CompositeMode) { calls += 1 }
    }
}
