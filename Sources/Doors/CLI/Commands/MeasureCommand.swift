import PathText
import Support

/// `pathtext measure`: length, point at a distance, projection and drag on a path, as JSON.
enum MeasureCommand {
    static let command = CLI.Command(
        name: "measure", summary: "measure a path: length, point at a distance, nearest point, drag",
        usage: """
        usage: pathtext measure --path D [--at S] [--project X,Y] [--drag-from S --to X,Y]

        Prints {"length":…, "at":{"x","y","angle"}, "projection":{"distance","x","y","offset"},
        "drag":{"distance","x","y"}} with only the parts asked for. Angles are degrees (atan2 of the
        tangent, y down); distances run along the path through all its subpaths.
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "measure", valued: ["path", "at", "project", "drag-from", "to"])
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        let measure = try measured(args)
        var parts = ["\"length\":\(num(measure.length))"]
        if let s = try args.number("at") {
            let sample = measure.sample(at: s)
            parts.append("\"at\":{\"x\":\(num(sample.point.x)),\"y\":\(num(sample.point.y)),\"angle\":\(num(sample.angle.degrees))}")
        }
        if let text = args.value("project") {
            let q = try point(text, "--project")
            let loc = measure.nearest(to: q)
            // Squared distances overflow beyond about 1e154 px: the search then has nothing to compare.
            guard loc.offset.isFinite else {
                throw .usage("--project: \(text) is too far from the path to measure (distances beyond about 1e154 px overflow)")
            }
            parts.append("\"projection\":{\"distance\":\(num(loc.distance)),\"x\":\(num(loc.point.x)),\"y\":\(num(loc.point.y)),\"offset\":\(num(loc.offset))}")
        }
        if let from = try args.number("drag-from") {
            guard let to = args.value("to") else { throw .usage("--drag-from needs --to X,Y") }
            let loc = measure.drag(from: from, toward: try point(to, "--to"))
            parts.append("\"drag\":{\"distance\":\(num(loc.distance)),\"x\":\(num(loc.point.x)),\"y\":\(num(loc.point.y))}")
        } else if args.value("to") != nil {
            throw .usage("--to goes with --drag-from S")
        }
        print("{" + parts.joined(separator: ",") + "}")
    }

    /// The measured `--path`.
    static func measured(_ args: Arguments) throws(CLIError) -> PathMeasure {
        guard let d = args.value("path") else { throw .usage("--path is required") }
        let path: BezPath
        do { path = try BezPath(svgPathData: d) } catch { throw .failure("--path: \(error)") }
        do { return try PathMeasure(path) } catch { throw .failure("--path: \(error)") }
    }

    /// `X,Y` as a point.
    static func point(_ text: String, _ flag: String) throws(CLIError) -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingSpaces) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw .usage("\(flag) expects X,Y, got \"\(text)\"")
        }
        return Point(x, y)
    }

    /// A JSON number (six decimals at most).
    static func num(_ v: Double) -> String { PlacementsJSON.number(v) }

}
