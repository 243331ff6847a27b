import Geometry
import Layout
import Requests

extension PlaceRequest {
    /// The keys of a request in a place file: every label key (``SceneLabel/catalog``) and the placer's own.
    public static let catalog: [OptionEntry<PlaceRequest>] = {
        SceneLabel.catalog.map { $0.lifted(\PlaceRequest.label) } + [
            .optional("id", \.id, .string("ID"), help: "a stable name for the request (dropped requests are reported by it)", flag: false),
            .value("priority", \.priority, .number("N", -1e9...1e9), default: 0, help: "higher places first", flag: false),
            .optional("group", \.group, .string("NAME"), default: "the text", help: "labels of one group keep minDistance apart", flag: false),
            .value("minDistance", \.minDistance, .number("PX", 0...1e6), default: 0,
                   help: "the least distance between the nearest clusters of two labels of the group", flag: false),
            .optional("class", \.roadClass, .string("CLASS"), help: "the road class the request came from (for information)", flag: false),
        ]
    }()
}

extension PlacerOptions {
    /// The keys of a place file's `placement` object.
    public static let catalog: [OptionEntry<PlacerOptions>] = [
        .value("spacing", \.spacing, .number("PX", 1...1e9), default: 300, help: "distance between repeats of a label along one path", flag: false),
        .value("padding", \.padding, .number("PX", 0...1000), default: 1, help: "space kept clear around every cluster's ink box, beyond the halo", flag: false),
        .value("maxTurn", \.maxTurn, .number("DEG", 0...360), default: 60, help: "the largest total turn over a label's length", flag: false),
        .value("splitAngle", \.splitAngle, .number("DEG", 0...180), default: 60, help: "a joined road is cut where it turns more than this at a vertex", flag: false),
        .value("step", \.step, .number("PX", 0.5...1e6), default: 6, help: "the step between candidate positions", flag: false),
        .value("merge", \.mergeSameName, .bool, default: true, help: "join same-name paths that meet end to end before placing", flag: false),
        .value("allowOverlap", \.allowOverlap, .bool, default: false, help: "place every label at its best position, colliding or not (the placer off)", flag: false),
        .value("candidateBudget", \.candidateBudget, .whole("N", 1...100_000_000), default: 1_000_000, help: "the most candidate positions one placement tests", flag: false),
        .value("cellSize", \.cellSize, .number("PX", 1...10_000), default: 25, help: "the collision grid's cell size", flag: false),
    ]
}
