import Pipeline
import JSON
import Support
import PathText
import Synchronization

/// Drawing a scene (plus optional extra labels) and writing it: the format follows the extension.
///
/// Every output is checked against every input (scene file, font files, the embedded stack) and against
/// the other outputs before any work, by file identity (see ``FileIdentity``), so no spelling of a path
/// lets the command overwrite what it reads.
enum Output {
    /// Draws `scene`, writes `.png` or `.svg` to `path` (and the placements to `json`, `-` for stdout), and
    /// returns the placements. A label given by flags is a scene's label like any other (one resolver, one
    /// coverage budget, one drawing loop); `word` says a scene error in the door's terms (a flag for it).
    /// - Parameter inputs: files the command read besides the fonts (the scene file).
    @discardableResult
    static func render(_ scene: Scene, resolver: SceneResolver, to path: String, json: String? = nil, ink: Bool = false, inputs: [String] = [],
                       word: (SceneError) -> CLIError = { .failure($0.description) }) throws(CLIError) -> [PlacedLabel] {
        let ext = PathNames.pathExtension(of: path).lowercased()
        guard ext == "png" || ext == "svg" else { throw .usage("--out must end in .png or .svg, got \"\(path)\"") }
        try checkFiles(outputs: [("--out", path)] + (json.map { [("--json", $0)] } ?? []),
                       inputs: inputs + fontInputs(scene, resolver: resolver))
        let (image, placed) = try RenderStreams.draw(scene, resolver: resolver, format: ext, word: word)
        warn(placed)
        // Every output is written, or none: the image and a JSON file are renamed into place together
        // (AtomicFile.write(all:)), and folders made for them are removed again when that fails.
        var files: [(bytes: [UInt8], path: String)] = [(image ?? [], path)]
        if let json, json != "-" { files.append((Array(PlacementsJSON.encode(placed, inkBoxes: ink).utf8), json)) }
        try writeAll(files)
        if json == "-" { print(PlacementsJSON.encode(placed, inkBoxes: ink), terminator: "") }
        return placed
    }

    /// Writes `files` all or none, making their folders first (only now: a failed render leaves no folder
    /// behind) and removing the folders it made when a write fails.
    static func writeAll(_ files: [(bytes: [UInt8], path: String)]) throws(CLIError) {
        var made: [String] = []
        do throws(CLIError) {
            for f in files { made += try makeFolder(for: f.path) }
            try failing { try AtomicFile.write(all: files) }
        } catch {
            Folders.remove(made)
            throw error
        }
    }

    /// Lays out a label given by flags; path errors name `--path`.
    static func layout(_ label: ResolvedLabel) throws(CLIError) -> [PlacedLabel] {
        do { return try label.layout() } catch {
            if case .path(let e) = error { throw .failure("--path: \(e)") }
            throw .failure(error.description)
        }
    }

    /// Prints the labels' diagnostics on stderr, once each, as `warning: CODE: message` (the same records as
    /// the placements JSON's `diagnostics`).
    static func warn(_ labels: [PlacedLabel]) {
        var seen = Set<String>()
        for d in labels.flatMap(\.diagnosticRecords) where seen.insert(d.line).inserted {
            printError("warning: " + MessageText.controlsEscaped(d.line))
        }
    }

    /// The font files a scene reads: each label's and run's fonts (as the resolver finds them) and the
    /// embedded stack.
    static func fontInputs(_ scene: Scene, resolver: SceneResolver) -> [String] {
        let names = Set(scene.labels.flatMap(\.fontFiles))
        // Fonts that fail to load are reported by the render itself, with the label's JSON path.
        var paths = names.sorted().compactMap { (try? resolver.font($0))?.path }
        paths += ((try? resolver.embeddedStack()) ?? []).compactMap(\.path)
        return paths
    }

    /// Refuses outputs that are also inputs, or that name the same file as another output.
    /// Devices, FIFOs and sockets (`/dev/null`, a named pipe) are exempt: writing them replaces nothing.
    /// - Parameter outputs: (flag, path) pairs; `-` (stdout) is skipped.
    static func checkFiles(outputs: [(flag: String, path: String)], inputs: [String]) throws(CLIError) {
        let inputIDs = inputs.map { ($0, FileIdentity($0)) }
        var seen: [(String, FileIdentity)] = []
        for (flag, path) in outputs where path != "-" {
            let id = FileIdentity(path)
            if id.isSpecial { continue }
            if let (input, _) = inputIDs.first(where: { $0.1 == id }) {
                let also = input == path ? "" : " (\(input))"
                throw .failure("the output \(path) is also an input\(also): refusing to overwrite it")
            }
            if let (other, _) = seen.first(where: { $0.1 == id }) {
                throw .usage("\(flag) \(path) is the same file as \(other): give each output its own file")
            }
            seen.append(("\(flag) \(path)", id))
        }
    }

    /// Writes placements JSON to `target` (`-` for stdout), atomically for files.
    static func writeJSON(_ labels: [PlacedLabel], to target: String, ink: Bool = false) throws(CLIError) {
        let text = PlacementsJSON.encode(labels, inkBoxes: ink)
        if target == "-" { print(text, terminator: ""); return }
        try writeAll([(Array(text.utf8), target)])
    }

    /// Creates the folder `path` will be written in, and its parents, when missing, and returns the folders
    /// it created (outermost first). A path the system could not open anyway (over `PATH_MAX`, or a name
    /// over `NAME_MAX`) is refused before any folder is made.
    /// - Throws: a failure with the system's reason ("Not a directory", "Permission denied"), having removed
    ///   the folders it made.
    @discardableResult
    static func makeFolder(for path: String) throws(CLIError) -> [String] {
        let longest = path.split(separator: "/").map(\.utf8.count).max() ?? 0
        let limits = Syscalls.pathLimits
        guard path.utf8.count < limits.path, longest <= limits.name else {
            throw .failure("cannot write \(MessageText.shortened(path)): the path is too long (\(path.utf8.count) bytes, a name of \(longest); "
                           + "at most \(limits.path - 1) and \(limits.name))")
        }
        let dir = PathNames.folder(of: path)
        guard !dir.isEmpty else { return [] }
        do { return try Folders.make(dir) } catch {
            guard case let .cannotWrite(folder, why) = error else { throw .failure(error.description) }
            throw .failure("cannot create the folder \(MessageText.shortened(folder)): \(why)")
        }
    }

    /// The first error a write to stdout met (0: none).
    static let stdoutError = Atomic<Int32>(0)

    /// Writes `text` to stdout with `write(2)`, recording the first failure for ``finish(_:)``.
    /// A closed pipe raises SIGPIPE, which ends the process quietly (status 141 in a shell).
    static func writeStdout(_ text: String) {
        guard stdoutError.load(ordering: .relaxed) == 0 else { return }
        let bytes = Array(text.utf8)
        if let code = Syscalls.writeAll(Syscalls.standardOutput, bytes) { stdoutError.store(code, ordering: .relaxed) }
    }

    /// The exit status after stdout's writes: a failed write (a full disk, `> /dev/full`) turns success
    /// into 1 with a message on stderr; a closed pipe with SIGPIPE ignored ends quietly with 141, as the
    /// signal would have.
    static func finish(_ status: Int32) -> Int32 {
        let code = stdoutError.load(ordering: .relaxed)
        guard code != 0 else { return status }
        if code == Syscalls.Errno.brokenPipe { return 141 }
        printError("pathtext: cannot write to standard output: " + Syscalls.message(code))
        return status == 0 ? 1 : status
    }
}

/// `print` for this module: to stdout through ``Output/writeStdout(_:)``, so no write error goes unnoticed
/// (the standard library's `print` goes through a stdio buffer whose errors are lost at exit).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Output.writeStdout(items.map { "\($0)" }.joined(separator: separator) + terminator)
}

/// `print(_:to:)` for this module (the one above hides the standard library's overloads).
func print<Target: TextOutputStream>(_ items: Any..., separator: String = " ", terminator: String = "\n", to output: inout Target) {
    output.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}
