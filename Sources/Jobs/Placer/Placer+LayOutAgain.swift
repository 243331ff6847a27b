import Support
import Geometry
import Layout
import Requests

extension Placer {
    /// A placed label as a placement record keeps it (``TileJob/record(_:)``): its request, the requests of
    /// its path, the path and the offset along it the placer chose, and the bounds of its collision boxes
    /// (`nil` for a label without any), which say where it is drawn before it is laid out again.
    struct LaidOut: Sendable {
        var request: Int
        var requests: [Int]
        var path: BezPath
        var offset: Double
        var bounds: Rect?
    }

    /// `labels` (each with its place in the record, which errors name) laid out again, each from its
    /// request in `requests`, its path and its offset, by the
    /// placer's own steps (``PlacerRun/labelOptions(_:)``, ``PlacerRun/shape(_:options:)``,
    /// ``PlacerRun/layOut(_:along:options:offset:)``, ``PlacerRun/clusterBoxes(_:inflate:)``): the glyphs
    /// and boxes are the placer's, bit for bit. Only the collision tests are not run again.
    /// - Throws: ``SceneError`` naming `placement.labels[i]` for a label that does not lay out whole
    ///   (its record is not the placer's), or the request that cannot be resolved.
    static func layOutAgain(_ labels: [(index: Int, label: LaidOut)], requests: [PlaceRequest], options: PlacerOptions,
                            resolver: SceneResolver) throws(SceneError) -> [PlacedRequestLabel] {
        // A run over no area: its glyph-box cache and shaped lines are what the replay uses.
        var run = PlacerRun(area: Rect(x: 0, y: 0, width: 1, height: 1), options: options)
        var resolved: [Int: ResolvedLabel] = [:]
        var out: [PlacedRequestLabel] = []
        out.reserveCapacity(labels.count)
        for (i, l) in labels {
            if let d = Deadline.passed { throw SceneError("", d.message) }
            let at = "placement.labels[\(i)]"
            let request = requests[l.request]
            let r: ResolvedLabel
            if let known = resolved[l.request] { r = known } else {
                r = try resolver.resolve(request.label, index: l.request)
                resolved[l.request] = r
            }
            let measure: PathMeasure
            do { measure = try PathMeasure(l.path) } catch { throw SceneError("\(at).path", error.description) }
            let labelOptions = PlacerRun.labelOptions(r.options)
            let line = PlacerRun.shape(r, options: labelOptions)
            let label: PlacedLabel
            switch PlacerRun.layOut(line, along: measure, options: labelOptions, offset: l.offset) {
            case .success(let laid): label = laid
            case .failure(let f): throw SceneError(at, "the label does not lay out on its path at its offset (\(f.reason.description)): the record is not the placer's")
            }
            let boxes = run.clusterBoxes(label, inflate: PlacerRun.inflate(labelOptions, options)).boxes
            out.append(PlacedRequestLabel(request: l.request, requests: l.requests, text: request.text, group: request.groupKey,
                                          label: label, boxes: boxes, blend: r.blend, path: l.path, offset: l.offset))
        }
        return out
    }
}
