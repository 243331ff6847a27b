import JSON
import Geometry
import Layout
import Requests

/// One label to place among many: a label request (text, path, style and options) with what the placer
/// weighs it by.
///
/// The placer chooses where along ``label``'s path the text goes (its `align` and `offset` are replaced by
/// the chosen position); every other option applies as for one label (`size`, `haloWidth`, `maxAngle`, …).
public struct PlaceRequest: Hashable, Sendable {
    /// The label: text or runs, the path, the style and the options.
    public var label: SceneLabel
    /// A stable name for the request; dropped requests are reported by it. Ties of priority are broken by
    /// it (then by the text and the path), so the result does not depend on the input order.
    public var id: String?
    /// Higher places first: a label of higher priority is never dropped for one of lower priority.
    public var priority: Double
    /// Labels of one group keep ``minDistance`` apart (default: the text, so repeats of one name do).
    public var group: String?
    /// The least distance, in pixels between the nearest clusters, from any other label of the group.
    public var minDistance: Double
    /// The road class the request came from (`primary`, `residential`), for information.
    public var roadClass: String?

    /// Creates a request.
    public init(label: SceneLabel, id: String? = nil, priority: Double = 0, group: String? = nil, minDistance: Double = 0,
                roadClass: String? = nil) {
        self.label = label; self.id = id; self.priority = priority; self.group = group; self.minDistance = minDistance
        self.roadClass = roadClass
    }

    /// The text of the label (its runs joined).
    public var text: String { label.text ?? (label.runs ?? []).map(\.text).joined() }

    /// The group the request's ``minDistance`` applies within.
    public var groupKey: String { group ?? text }
}

/// Something labels must not cover: a box (an icon, a legend) or a path of some width (a road to keep clear).
public enum Obstacle: Hashable, Sendable {
    /// An axis-aligned rectangle.
    case box(Rect)
    /// A path stroked `width` pixels wide (its segments, each as a box).
    case path(BezPath, width: Double)
}

/// Why the placer left a request out.
public enum DropReason: Hashable, Sendable, CustomStringConvertible {
    /// The path is shorter than the label (with its margins).
    case tooShort(pathLength: Double, labelLength: Double)
    /// Every position bends more than allowed: a turn between neighbouring clusters over `maxAngle`, a
    /// total turn over `maxTurn`, or a glyph that would read upside down. `angle` is the least excess found.
    case tooCurved(angle: Double)
    /// Every position that fits the path leaves the placement area.
    case outside
    /// Every position that fits the path covers an obstacle or a label placed before.
    case collides
    /// Every free position is within `minDistance` of a label of the same group.
    case tooClose(group: String)
    /// The label could not be laid out at all (the message says why).
    case layoutFailed(String)
    /// The placement had tested ``PlacerOptions/candidateBudget`` candidates before reaching this path.
    case overBudget(limit: Int)

    /// The reason's code word in JSON: `tooShort`, `tooCurved`, `outside`, `collides`, `tooClose`, `layoutFailed`, `overBudget`.
    public var code: String {
        switch self {
        case .tooShort: "tooShort"
        case .tooCurved: "tooCurved"
        case .outside: "outside"
        case .collides: "collides"
        case .tooClose: "tooClose"
        case .layoutFailed: "layoutFailed"
        case .overBudget: "overBudget"
        }
    }

    /// A sentence for people.
    public var description: String {
        switch self {
        case .tooShort(let l, let w): "the path (\(MessageText.number(l)) px) is shorter than the label (\(MessageText.number(w)) px)"
        case .tooCurved(let a): "every position bends too much (by \(MessageText.number(a))° at best)"
        case .outside: "every position leaves the placement area"
        case .collides: "every position covers another label or an obstacle"
        case .tooClose(let g): "every free position is too close to another label of \(MessageText.quoted(g))"
        case .layoutFailed(let m): m
        case .overBudget(let n): "the placement had tested its budget of \(n) candidate positions before this path"
        }
    }

    /// How far the candidates got: the reason of the candidate that got furthest is the one reported.
    var rank: Int {
        switch self {
        case .layoutFailed, .overBudget: 0
        case .tooShort: 1
        case .tooCurved: 2
        case .outside: 3
        case .collides: 4
        case .tooClose: 5
        }
    }
}
