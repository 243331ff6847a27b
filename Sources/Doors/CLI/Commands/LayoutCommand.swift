import Support
import PathText
import PathTextEngine

/// `pathtext layout`: shape a label, place it on a path, print the placements as JSON.
enum LayoutCommand {
    static let command = CLI.Command(
        name: "layout", summary: "place text along a path and print the placements as JSON",
        usage: "usage: pathtext layout --text T --path D [options]\n"
            + "       pathtext layout DRAWING.svg [settings]   (the placements of an SVG document's text)\n"
            + "       pathtext layout --batch [settings]   (one JSON label per line on stdin)\n\n"
            + LabelFlags.usage + "\n\nsettings:\n" + settings.usage + "\n"
            + LabelFlags.line("--batch", "read one label request (a scene file's label object) per line on stdin and write one placements line per request; a bad line gets {\"error\": \"…\"} on its own line and the stream goes on"),
        run: run)

    static let settings = SettingsFlags.all

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "layout", valued: LabelFlags.valued.union(settings.valued),
                                 flags: settings.switches.union(["batch"]))
        let settings = try settings.read(args)
        if let file = args.positional.first, args.positional.count == 1, !args.has("batch") {
            return try settings.withTimeLimit { () throws(CLIError) in try SVGFiles.layout(file, args, settings) }
        }
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        if args.has("batch") { return try batch(args, settings) }
        try settings.withTimeLimit { () throws(CLIError) in
            let label = try LabelFlags.resolve(args, resolver: SceneResolver(settings))
            let placed = try Output.layout(label)
            // A label laid out past the time limit is refused before anything is printed, as the engine's are.
            if let passed = Deadline.passed { throw .failure("--time-limit: " + passed.message) }
            print(PlacementsJSON.encode(placed, inkBoxes: settings.ink), terminator: "")
            Output.warn(placed)
        }
    }

    /// `--batch`: one request per line in, one reply per line out, with the fonts loaded once.
    /// Each request gets the settings' time limit (the engine's own).
    static func batch(_ args: Arguments, _ settings: RequestSettings) throws(CLIError) {
        let others = LabelFlags.valued.filter { args.value($0) != nil }
        guard others.isEmpty else { throw .usage("--batch takes its labels from stdin, not --\(others.sorted()[0])") }
        let engine: Engine
        do { engine = try Engine(settings: settings) } catch { throw .failure(error.message) }
        // Lines are bounded while read (a longer one is skipped, not held), and must be UTF-8.
        let limit = engine.limits.sceneFileBytes
        // Replies are written before the next read of stdin, so a caller that waits for each reply before
        // writing its next request gets it at once; requests already read are answered in one write
        // (one system call per label was a tenth of a short label's time).
        final class Pending { var bytes: [UInt8] = []; var failure: CLIError? }
        let pending = Pending()
        func flush() {
            guard !pending.bytes.isEmpty, pending.failure == nil else { return }
            do { try RenderStreams.writeStdout(pending.bytes) } catch { pending.failure = error }
            pending.bytes.removeAll(keepingCapacity: true)
        }
        for next in BatchLines(limit: limit, beforeRead: flush) {
            if let failure = pending.failure { throw failure }
            let reply: String
            switch next {
            case .text(let line):
                // Blank lines are skipped (a request nearly always starts with "{": no walk over its characters).
                let first = line.utf8.first ?? 0x20
                let printable = first > 0x20 && first < 0x7F
                guard printable || line.contains(where: { !$0.isWhitespace }) else { continue }
                pending.bytes += engine.batchLineUTF8(line)
                if pending.bytes.count >= 1 << 16 { flush() }
                continue
            case .tooLong(let number, let bytes):
                reply = "{\"error\":" + PlacementsJSON.string("line \(number): the request is longer than \(limit) bytes (\(bytes) bytes); it was skipped") + "}\n"
            case .invalidUTF8(let number, let offset):
                reply = "{\"error\":" + PlacementsJSON.string("line \(number): not valid UTF-8 (at byte \(offset))") + "}\n"
            }
            pending.bytes += reply.utf8
            if pending.bytes.count >= 1 << 16 { flush() }
        }
        flush()
        if let failure = pending.failure { throw failure }
    }
}
