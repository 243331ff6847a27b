import Foundation
import PathText

/// Drawing a scene (plus optional extra labels) and writing it: the format follows the extension.
enum Output {
    /// Draws `scene` and `extra` labels, writes `.png` or `.svg` to `path` atomically, and returns the placements.
    @discardableResult
    static func render(_ scene: Scene, extra: [ResolvedLabel] = [], resolver: SceneResolver, to path: String) throws(CLIError) -> [PlacedLabel] {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "png" || ext == "svg" else { throw .usage("--out must end in .png or .svg, got \"\(path)\"") }
        try makeFolder(for: path)
        if ext == "png" {
            var rendered = try failing { try SceneRenderer.render(scene, resolver: resolver) }
            rendered.labels += try drawExtra(extra, on: &rendered.canvas)
            try failing { try rendered.canvas.writePNG(to: path) }
            return rendered.labels
        } else {
            var (svg, labels) = try failing { try SceneRenderer.renderSVG(scene, resolver: resolver) }
            labels += try drawExtra(extra, on: &svg)
            try failing { try svg.write(to: path) }
            return labels
        }
    }

    private static func drawExtra<S: DrawingSurface>(_ extra: [ResolvedLabel], on surface: inout S) throws(CLIError) -> [PlacedLabel] {
        var placed: [PlacedLabel] = []
        for label in extra {
            let labels = try failing { try label.layout() }
            for l in labels { surface.draw(l, mode: label.knockout ? .destinationOut : .sourceOver) }
            placed += labels
        }
        return placed
    }

    /// Writes placements JSON to `target` (`-` for stdout), atomically for files.
    static func writeJSON(_ labels: [PlacedLabel], to target: String) throws(CLIError) {
        let text = PlacementsJSON.encode(labels)
        if target == "-" { print(text, terminator: ""); return }
        try makeFolder(for: target)
        try failing { try AtomicFile.write(Array(text.utf8), to: target) }
    }

    /// Creates the folder `path` will be written in, when missing.
    static func makeFolder(for path: String) throws(CLIError) {
        let dir = (path as NSString).deletingLastPathComponent
        guard !dir.isEmpty, !FileManager.default.fileExists(atPath: dir) else { return }
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw .failure("cannot create the folder \(dir): \(error.localizedDescription)")
        }
    }
}
