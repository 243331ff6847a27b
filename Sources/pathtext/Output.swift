import Foundation
import PathText

/// Drawing a scene (plus optional extra labels) and writing it: the format follows the extension.
enum Output {
    /// Draws `scene` and `extra` labels, writes `.png` or `.svg` to `path` atomically, and returns the placements.
    @discardableResult
    static func render(_ scene: Scene, extra: [ResolvedLabel] = [], resolver: SceneResolver, to path: String,
                       inputs: [String] = []) throws(CLIError) -> [PlacedLabel] {
        try checkNotAnInput(path, inputs: inputs + scene.labels.flatMap(\.fontFiles) + extra.flatMap { l in
            l.text.runs.flatMap { $0.attributes.fonts.compactMap(\.path) }
        })
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "png" || ext == "svg" else { throw .usage("--out must end in .png or .svg, got \"\(path)\"") }
        try makeFolder(for: path)
        // Lay the extra labels out first; drawing them is then a plain loop on either surface.
        var extras: [(labels: [PlacedLabel], mode: CompositeMode)] = []
        for label in extra {
            extras.append((try failing { try label.layout() }, label.knockout ? .destinationOut : .sourceOver))
        }
        let extraLabels = extras.flatMap(\.labels)
        var placed: [PlacedLabel]
        if ext == "png" {
            var rendered = try failing { try SceneRenderer.render(scene, resolver: resolver) }
            for (labels, mode) in extras { for l in labels { rendered.canvas.draw(l, mode: mode) } }
            try failing { try rendered.canvas.writePNG(to: path) }
            placed = rendered.labels
        } else {
            var (svg, labels) = try failing { try SceneRenderer.renderSVG(scene, resolver: resolver) }
            for (ls, mode) in extras { for l in ls { svg.draw(l, mode: mode) } }
            try failing { try svg.write(to: path) }
            placed = labels
        }
        placed.append(contentsOf: extraLabels)
        warn(placed)
        return placed
    }

    /// Prints shaping diagnostics (missing glyphs) as warnings on stderr, once each.
    static func warn(_ labels: [PlacedLabel]) {
        var seen = Set<String>()
        for d in labels.flatMap(\.diagnostics) where seen.insert(d.description).inserted { printError("warning: \(d)") }
    }

    /// Refuses to write over one of the command's input files.
    static func checkNotAnInput(_ out: String, inputs: [String]) throws(CLIError) {
        func canonical(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path }
        let o = canonical(out)
        for i in inputs where canonical(i) == o {
            throw .failure("the output \(out) is also an input: refusing to overwrite it")
        }
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
