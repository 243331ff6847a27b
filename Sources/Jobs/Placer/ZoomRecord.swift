import Support
import Geometry
import Requests

/// A zoom's placement record read back (``TileJob/record(_:)``), whose labels are laid out again only where
/// they are drawn, each at most once.
///
/// A task that draws a few metatiles of a large map needs the labels that reach into them, not the zoom's
/// every label: ``zone(for:job:resolver:)`` lays out again the labels whose recorded bounds reach into the
/// metatiles (grown as ``TileJob/render(_:_:resolver:)`` grows a tile), keeps them for the next batch, and
/// returns the zone of those labels, in the record's order. The tiles drawn from it are byte for byte those
/// drawn from the whole zone: a tile draws the labels whose boxes reach into it, and each of those is one of
/// the labels chosen, laid out by the same function of the same inputs. The work of a batch is that of its
/// labels, however large the map.
public struct ZoomRecord: Sendable {
    /// The zoom.
    public let zoom: Int
    /// The roads and requests of the zoom, projected and made again from the job.
    let roads: [ProjectedRoad]
    let requests: [PlaceRequest]
    /// The record's labels, in placing order.
    let labels: [Placer.LaidOut]
    /// The placer's options (the job's).
    let options: PlacerOptions
    /// The labels laid out so far, by their place in ``labels``.
    private var laidOut: [Int: PlacedRequestLabel] = [:]

    /// The labels of the record.
    public var labelCount: Int { labels.count }
    /// The labels laid out again so far.
    public var laidOutCount: Int { laidOut.count }

    /// `text`, a record of `zoom` made by `job` (``TileJob/record(_:)``), read and checked; no label is laid out yet.
    /// - Throws: ``SceneError`` naming `placement` or its bad part: not a record, another version, another
    ///   job (its ``TileJob/fingerprint``) or zoom, a request or text that is not the job's, a number out of range.
    public init(_ text: String, zoom: Int, job: TileJob) throws(SceneError) {
        let roads = job.map.projected(zoom: zoom, tileSize: Double(job.tiles.tileSize))
        let requests = RoadMap.requests(roads, defaults: job.labelDefaults)
        self.zoom = zoom
        self.roads = roads
        self.requests = requests
        self.labels = try TileJob.recordLabels(text, fingerprint: job.fingerprint, zoom: zoom, requests: requests)
        self.options = job.placement
    }

    /// The zone of every label of the record, each laid out again (and so checked: a label that does not lay
    /// out whole is an error naming it).
    public mutating func zone(resolver: SceneResolver = SceneResolver()) throws(SceneError) -> ZoomPlacement {
        try zone(where: { _ in true }, resolver: resolver)
    }

    /// The zone of the labels that reach into `metatiles` (of this zoom, in `job`'s tiles), laid out again
    /// where they were not yet: what ``TileJob/write(metatile:_:to:resolver:)`` needs to draw them.
    /// - Throws: ``SceneError`` naming `placement.labels[i]` for a label that does not lay out whole, or the
    ///   request that cannot be resolved.
    public mutating func zone(for metatiles: [TileAddress], job: TileJob, resolver: SceneResolver = SceneResolver()) throws(SceneError) -> ZoomPlacement {
        let areas = metatiles.flatMap { job.tiles(in: $0) }.map { job.area(of: $0) }
        let requests = requests
        return try zone(where: { l in
            guard let bounds = l.bounds else { return false }
            // The margin a tile grows by for this label (``TileJob/render(_:_:resolver:)``), and a pixel more
            // against rounding: choosing a label too many costs its layout, never a different tile.
            let grown = bounds.outset(by: requests[l.request].label.options.haloWidth / 2 + 2)
            return areas.contains { Metatile.overlaps(grown, $0) }
        }, resolver: resolver)
    }

    private mutating func zone(where reaches: (Placer.LaidOut) -> Bool, resolver: SceneResolver) throws(SceneError) -> ZoomPlacement {
        let chosen = labels.indices.filter { reaches(labels[$0]) }
        let missing = chosen.filter { laidOut[$0] == nil }.map { (index: $0, label: labels[$0]) }
        let placed = try Placer.layOutAgain(missing, requests: requests, options: options, resolver: resolver)
        for (m, p) in zip(missing, placed) { laidOut[m.index] = p }
        return ZoomPlacement(zoom: zoom, result: PlacementResult(placed: chosen.compactMap { laidOut[$0] }), roads: roads, requests: requests)
    }
}
