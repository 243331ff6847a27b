import Geometry
import Requests
import Layout
import Render
import Shaping

/// One label the placer placed.
public struct PlacedRequestLabel: Sendable {
    /// The request it stands for (the first, in the placer's order, of the requests joined into its path).
    public var request: Int
    /// Every request whose path went into the path it was placed on.
    public var requests: [Int]
    /// The text.
    public var text: String
    /// The group its distance applies within.
    public var group: String
    /// The glyphs, as for one label.
    public var label: PlacedLabel
    /// The collision box of every inked cluster: its ink grown by half of the halo and the padding (two
    /// labels whose boxes do not meet keep a whole halo and padding between their inks).
    public var boxes: [OrientedBox]
    /// How the glyphs combine with what is below.
    public var blend: CompositeMode
    /// The path the label was placed on (after joining and cutting).
    public var path: BezPath
    /// How far from the middle of ``path`` the label is centred, pixels (its ``LabelOptions/offset``): with
    /// its request and path, what lays it out again (``TileJob/record(_:)``).
    public var offset: Double
}

/// A request the placer left out, and why.
public struct DroppedRequest: Hashable, Sendable {
    /// The request's index in the input.
    public var request: Int
    /// The request's ``PlaceRequest/id``.
    public var id: String?
    /// The request's text.
    public var text: String
    /// Why it was left out (for a joined path, why the joined path got no label).
    public var reason: DropReason
}

/// What the placer did: the labels placed, the requests dropped, and what the search cost.
public struct PlacementResult: Sendable {
    /// The labels placed, in the order they were placed (priority, then the stable key).
    public var placed: [PlacedRequestLabel]
    /// The requests that got no label, in input order.
    public var dropped: [DroppedRequest]
    /// The paths the requests became after joining and cutting.
    public var paths: Int
    /// Candidate positions laid out and tested.
    public var candidates: Int
    /// Box-against-box tests the collision index ran.
    public var boxTests: Int

    /// Creates a result (an empty one draws the shapes alone).
    public init(placed: [PlacedRequestLabel] = [], dropped: [DroppedRequest] = [], paths: Int = 0, candidates: Int = 0, boxTests: Int = 0) {
        self.placed = placed; self.dropped = dropped; self.paths = paths; self.candidates = candidates; self.boxTests = boxTests
    }

    /// The placed labels' glyphs, for drawing or for placements JSON.
    public var labels: [PlacedLabel] { placed.map(\.label) }
}
