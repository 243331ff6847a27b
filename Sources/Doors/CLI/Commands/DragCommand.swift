import PathText

/// `pathtext drag`: a handle dragged along a path through a sequence of pointer positions.
enum DragCommand {
    static let command = CLI.Command(
        name: "drag", summary: "drag a handle along a path through pointer positions; print each location",
        usage: """
        usage: pathtext drag --path D --from S --to X,Y[;X,Y…]

        Starts the handle at distance S along the path and moves it towards each pointer position in
        turn, locally: it follows its own stroke and never jumps to another part of the path, even where
        another part is nearer (a figure-8's crossing). Prints {"steps":[{"distance","x","y"},…]}.
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "drag", valued: ["path", "from", "to"])
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        let measure = try MeasureCommand.measured(args)
        guard let from = try args.number("from") else { throw .usage("--from S is required") }
        guard let to = args.value("to") else { throw .usage("--to X,Y[;X,Y…] is required") }
        var targets: [Point] = []
        for item in to.split(separator: ";") { targets.append(try MeasureCommand.point(String(item), "--to")) }
        let steps = measure.drag(from: from, through: targets)
        let rows = steps.map { "{\"distance\":\(MeasureCommand.num($0.distance)),\"x\":\(MeasureCommand.num($0.point.x)),\"y\":\(MeasureCommand.num($0.point.y))}" }
        print("{\"steps\":[" + rows.joined(separator: ",") + "]}")
    }
}
