import Geometry
import Requests

/// How the placer searches: spacing of repeats, the margins and limits a position must keep, and how
/// road pieces are joined.
public struct PlacerOptions: Hashable, Sendable {
    /// The distance between repeats of a label along one path, pixels (Mapnik's `spacing`); a path
    /// shorter than twice this gets one label.
    public var spacing: Double = 300
    /// Extra space kept clear around every cluster's ink box (beyond the halo), pixels.
    public var padding: Double = 1
    /// The largest total turn over a label's length, degrees: the sum of the turns between its
    /// neighbouring clusters. (A request's own `maxAngle` limits each single turn.)
    public var maxTurn: Double = 60
    /// The turn at a vertex, degrees, above which a joined road is cut into separate paths.
    public var splitAngle: Double = 60
    /// The step between candidate positions along a path, pixels.
    public var step: Double = 6
    /// Join the paths of requests with the same text, style, group and `minDistance` that meet end to end, before
    /// placing (their road classes and priorities may differ: the joined road takes the highest priority).
    public var mergeSameName: Bool = true
    /// Place every request at its best position even where it collides (the placer "off"; for comparisons).
    public var allowOverlap: Bool = false
    /// The side of a collision grid cell, pixels.
    public var cellSize: Double = 25
    /// The most candidate positions one placement lays out and tests; once spent, the paths not yet
    /// labelled are dropped with ``DropReason/overBudget(limit:)`` (bounded work for any input).
    public var candidateBudget: Int = 1_000_000
    /// The area labels must stay within; `nil`: the canvas.
    public var area: Rect?

    /// The default options.
    public init() {}
}
