import Foundation
import PathText

/// Writing what a command produced: the picture (format from the extension) and the placements.
enum Output {
    /// Writes `rendered` to `path`: `.png` through libpng, atomically.
    static func write(_ rendered: RenderedScene, to path: String) throws(CLIError) {
        let ext = (path as NSString).pathExtension.lowercased()
        switch ext {
        case "png":
            try makeFolder(for: path)
            try failing { try rendered.canvas.writePNG(to: path) }
        default:
            throw .usage("--out must end in .png or .svg, got \"\(path)\"")
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
