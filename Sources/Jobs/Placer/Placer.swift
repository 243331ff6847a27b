import Support
import JSON
import Geometry
import Shaping
import Layout
import Render
import Requests

/// Places many labels without collisions: candidates along each path, the best free one wins.
///
/// 1. Requests with the same text, style, group and `minDistance` whose paths meet end to end are joined
///    (``RoadMerger``), whatever their road classes and priorities (the joined road takes the highest),
///    and cut where they turn sharply (``PlacerOptions/splitAngle``).
/// 2. The paths are sorted by priority (highest first), then by group, text and geometry, so the result
///    does not depend on the input order.
/// 3. Each path is cut into stretches of ``PlacerOptions/spacing``; in each, candidate positions every
///    ``PlacerOptions/step`` pixels are scored by their distance from the stretch's centre and the path's
///    turn under the label, and tried best first.
/// 4. A candidate is laid out by the one-label rule (upright per label) and refused when a glyph would
///    read upside down, a turn between neighbouring clusters exceeds the request's `maxAngle`, the total
///    turn exceeds ``PlacerOptions/maxTurn``, a cluster leaves the area, a label of its group is nearer than
///    its `minDistance`, or a cluster's box (ink, halo and padding) meets a placed box or an obstacle in the
///    ``GridIndex``. The first candidate left is placed.
public enum Placer {
    /// The length of a segment's control polygon (at least its arc length).
    static func polygonLength(_ s: Segment) -> Double {
        switch s {
        case .line(let l): l.p0.distance(to: l.p1)
        case .quad(let q): q.p0.distance(to: q.p1) + q.p1.distance(to: q.p2)
        case .cubic(let c): c.p0.distance(to: c.p1) + c.p1.distance(to: c.p2) + c.p2.distance(to: c.p3)
        case .arc(let a): max(abs(a.radii.x), abs(a.radii.y)) * abs(a.sweepAngle)
        }
    }

    /// The most candidate positions tried in one stretch of a path (those nearest its centre).
    public static let maximumCandidates = 256

    /// The largest coordinate (absolute, pixels) a place request's paths and obstacles may have: far
    /// beyond any canvas, and small enough that every node key and grid cell stays an exact integer.
    public static let maximumCoordinate = 1e9

    /// The most path segments one placement may hold, all label paths and obstacles together (each path
    /// is also held to ``ResourceLimits/pathSegments``).
    public static let maximumTotalSegments = 2_000_000

    /// Why `path` cannot be placed: a coordinate beyond ``maximumCoordinate`` (or not finite), or more
    /// segments than `limit`; `nil` when it can.
    static func problem(_ path: BezPath, segmentLimit limit: Int) -> String? {
        var count = 0
        func bad(_ p: Point) -> Bool { !(abs(p.x) <= maximumCoordinate && abs(p.y) <= maximumCoordinate) }
        for sp in path.subpaths {
            count += sp.segments.count
            if bad(sp.start) { return coordinateMessage(sp.start) }
            for seg in sp.segments {
                let points: [Point]
                switch seg {
                case .line(let l): points = [l.p1]
                case .quad(let q): points = [q.p1, q.p2]
                case .cubic(let c): points = [c.p1, c.p2, c.p3]
                case .arc(let a): points = [a.center, Point(a.radii.x, a.radii.y), a.end]
                }
                if let p = points.first(where: bad) { return coordinateMessage(p) }
            }
        }
        if count > limit {
            return LayoutError.limitExceeded(what: "number of path segments", amount: Double(count), limit: Double(limit)).description
        }
        return nil
    }

    static func coordinateMessage(_ p: Point) -> String {
        "a coordinate (\(MessageText.number(p.x)), \(MessageText.number(p.y))) is beyond ±\(MessageText.number(maximumCoordinate)) pixels: place requests are limited to that range"
    }

    /// Places `requests` on a canvas of `width` × `height` pixels, avoiding `obstacles`.
    /// - Parameter resolver: where the fonts come from.
    /// - Throws: ``SceneError`` for a request that cannot be resolved (no path, an unknown font), naming
    ///   `labels[i]`.
    public static func place(_ requests: [PlaceRequest], obstacles: [Obstacle] = [], width: Int, height: Int,
                             options: PlacerOptions = PlacerOptions(), resolver: SceneResolver = SceneResolver())
        throws(SceneError) -> PlacementResult
    {
        var resolved: [ResolvedLabel] = []
        resolved.reserveCapacity(requests.count)
        var totalSegments = 0
        for (i, r) in requests.enumerated() {
            let label = try resolver.resolve(r.label, index: i)
            if let why = problem(label.path, segmentLimit: resolver.limits.pathSegments) { throw SceneError("labels[\(i)].path", why) }
            totalSegments += label.path.subpaths.reduce(0) { $0 + $1.segments.count }
            resolved.append(label)
        }
        for (i, o) in obstacles.enumerated() {
            guard case .path(let d, _) = o else {
                if case .box(let r) = o, problem(BezPath.polyline([Point(r.minX, r.minY), Point(r.maxX, r.maxY)], closed: false), segmentLimit: 1) != nil {
                    throw SceneError("obstacles[\(i)].box", coordinateMessage(Point(r.maxX, r.maxY)))
                }
                continue
            }
            if let why = problem(d, segmentLimit: resolver.limits.pathSegments) { throw SceneError("obstacles[\(i)].path", why) }
            totalSegments += d.subpaths.reduce(0) { $0 + $1.segments.count }
        }
        guard totalSegments <= maximumTotalSegments else {
            throw SceneError("labels", "the placement's paths and obstacles hold \(totalSegments) segments, over the budget of \(maximumTotalSegments) (the segments budget)")
        }
        let jobs: [PlacementJob]
        var families: [[Int]] = []
        do { jobs = try PlacementJob.jobs(requests, resolved: resolved, options: options, families: &families) } catch { throw SceneError("", error.message) }
        let area = options.area ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var run = PlacerRun(area: area, options: options)
        // The profiles' samples stay within two million for the whole placement, however long the paths
        // (the control polygons bound the arc lengths from above).
        let total = jobs.reduce(0.0) { sum, job in
            sum + job.path.segments.reduce(0.0) { $0 + Self.polygonLength($1) }
        }
        run.sampleScale = max(1, total / 2_000_000)
        for o in obstacles { run.add(o) }
        // Pass one gives every path its first label, in placing order; pass two adds the repeats along
        // each path in the same order, so a name is never crowded out by another's repeats.
        var reasons: [Int: DropReason] = [:]
        var prepared: [PlacerRun.Prepared?] = []
        func note(_ reason: DropReason, _ job: PlacementJob) {
            for i in job.requests where reasons[i].map({ $0.rank < reason.rank }) ?? true { reasons[i] = reason }
        }
        // A caller's deadline (``Deadline/current``, a server's per request) stops the work between paths.
        func checkDeadline() throws(SceneError) { if let d = Deadline.passed { throw SceneError("", d.message) } }
        for job in jobs {
            try checkDeadline()
            var request = requests[job.request]
            request.priority = job.priority
            switch run.prepare(job, request: request, resolved: resolved[job.request]) {
            case .failure(let f): note(f.reason, job); prepared.append(nil)
            case .success(let p): prepared.append(p)
            }
        }
        // Candidates that cover other roads score worse: a label mid-block leaves the crossing streets free.
        try run.scoreCrossings(&prepared)
        // Within one priority, the names with the least room to spare go first: a long road can move its
        // label aside, a short one has nowhere else to go. A name's room is that of its roomiest path, and
        // its paths go best candidate first. (The order is total and input-blind: ties keep the jobs' order.)
        var groupRoom: [String: Double] = [:]
        var bestScore: [Double] = Array(repeating: .infinity, count: prepared.count)
        for (i, p) in prepared.enumerated() {
            guard let p else { continue }
            let room = p.closed ? Double.infinity : p.measure.length - p.advance
            groupRoom[p.request.groupKey] = max(groupRoom[p.request.groupKey] ?? -.infinity, room)
            bestScore[i] = p.slotOrder.prefix(3).map { run.candidates(p, slot: $0).first?.score ?? .infinity }.min() ?? .infinity
        }
        let order = prepared.indices.filter { prepared[$0] != nil }.sorted { a, b in
            let pa = prepared[a]!, pb = prepared[b]!
            if pa.request.priority != pb.request.priority { return pa.request.priority > pb.request.priority }
            let ga = pa.request.groupKey, gb = pb.request.groupKey
            if groupRoom[ga]! != groupRoom[gb]! { return groupRoom[ga]! < groupRoom[gb]! }
            if ga != gb { return ga < gb }
            if bestScore[a] != bestScore[b] { return bestScore[a] < bestScore[b] }
            return a < b
        }
        var first: [Int?] = Array(repeating: nil, count: prepared.count)
        var movable: [Int: Int] = [:]
        for i in order {
            guard let p = prepared[i] else { continue }
            try checkDeadline()
            var best: DropReason? = nil, placedSlot: Int? = nil
            for k in p.slotOrder {
                guard let reason = run.place(p, slot: k) else { placedSlot = k; break }
                if best.map({ $0.rank < reason.rank }) ?? true { best = reason }
            }
            if placedSlot != nil {
                for r in p.job.requests { run.labelled.insert(r) }
                movable[run.placed.count - 1] = i
            } else if let best { note(best, jobs[i]) }
            first[i] = placedSlot
        }
        try repair(prepared, order: order, first: &first, movable: movable, run: &run)
        try placeAlternatives(families, requests: requests, resolved: resolved, jobs: jobs, options: options, run: &run)
        try searchFinely(prepared, order: order, first: &first, run: &run)
        for i in order {
            guard let p = prepared[i], let slot = first[i] else { continue }
            try checkDeadline()
            for k in 0..<p.slots where k != slot { _ = run.place(p, slot: k) }
        }
        let kept = run.removedLabels.isEmpty ? run.placed : run.placed.indices.filter { !run.removedLabels.contains($0) }.map { run.placed[$0] }
        // A request is labelled when a kept label's path holds it (a label the repair left out, its name
        // labelled elsewhere, leaves its requests dropped for collisions).
        let labelled = Set(kept.flatMap(\.requests))
        let inJobs = Set(jobs.flatMap(\.requests))
        let dropped = requests.indices.filter { !labelled.contains($0) }.map { i in
            DroppedRequest(request: i, id: requests[i].id, text: requests[i].text,
                           reason: reasons[i] ?? (inJobs.contains(i) ? .collides : .layoutFailed("no path")))
        }
        return PlacementResult(placed: kept, dropped: dropped, paths: jobs.count, candidates: run.candidates,
                               boxTests: run.grid.tests + run.obstacles.tests)
    }
}

extension Placer {
    /// The most segments of all the paths ``placeAlternatives(_:requests:resolved:jobs:options:run:)`` adds.
    public static let alternativeSegmentBudget = 65_536

    /// The most candidate positions of one given-up path that ``repair(_:order:first:movable:run:)`` tries.
    public static let repairCandidates = 32
    /// The most labels one repair may move.
    public static let repairBlockers = 2

    /// Before a name is given up for collisions (Mapnik, placing in data order, would often have put it
    /// before the labels that now block it): for each path of a still unlabelled name, in placing order,
    /// its best ``repairCandidates`` positions are tried with the placed labels they meet set aside. When a
    /// position meets at most ``repairBlockers`` first labels (never an obstacle), and every one of them
    /// finds another free position (on its own path, coarse then fine candidates, then on another path of
    /// its name that has no label yet) or belongs to a name that keeps another label, the moves are kept
    /// (a label of a name labelled elsewhere yields to a name with no label); otherwise all is put back.
    /// Every rule holds for every label that moves or is placed (each goes through the same test), each
    /// name keeps a label, and every position tried counts against the candidate budget.
    /// `movable` maps a first label (its index in ``PlacerRun/placed``) to its path in `prepared`.
    static func repair(_ prepared: [PlacerRun.Prepared?], order: [Int], first: inout [Int?], movable: [Int: Int],
                       run: inout PlacerRun) throws(SceneError) {
        guard !run.options.allowOverlap else { return }
        var movable = movable
        var labelledGroups = Set(run.placed.map(\.group))
        var pathsOfGroup: [String: [Int]] = [:]
        for i in order { if let p = prepared[i] { pathsOfGroup[p.request.groupKey, default: []].append(i) } }
        for i in order where first[i] == nil {
            guard let p = prepared[i], !labelledGroups.contains(p.request.groupKey) else { continue }
            if let d = Deadline.passed { throw SceneError("", d.message) }
            var tried = 0
            search: for k in p.slotOrder {
                for (c, _) in run.candidates(p, slot: k) {
                    guard tried < repairCandidates, run.candidates < run.options.candidateBudget else { break search }
                    tried += 1
                    run.candidates += 1
                    run.blockers = []
                    let outcome = run.test(c, L: p.measure.length, line: p.line, measure: p.measure, options: p.options,
                                           request: p.request, inflate: p.inflate)
                    let found = run.blockers ?? []
                    run.blockers = nil
                    guard case .success(let (label, boxes, centres)) = outcome, !found.isEmpty, found.count <= repairBlockers,
                          found.allSatisfy({ movable[$0] != nil }) else { continue }
                    for b in found { run.setRemoved(b, true) }
                    let mine = run.commit(p, at: c, label: label, boxes: boxes, centres: centres)
                    // Each blocker moves: to its own path first, then to the other paths of its name without
                    // a label (in placing order); or, when its name keeps another label, it is left out.
                    var moved: [(old: Int, new: Int?, from: Int, to: (job: Int, slot: Int)?)] = []
                    for b in found {
                        let own = movable[b]!, group = prepared[own]!.request.groupKey
                        let paths = [own] + (pathsOfGroup[group] ?? []).filter { $0 != own && first[$0] == nil }
                        var to: (job: Int, slot: Int)? = nil
                        for j in paths { if let s = run.placeAnywhere(prepared[j]!) { to = (j, s); break } }
                        if let to { moved.append((b, run.placed.count - 1, own, to)); continue }
                        guard run.placed.indices.contains(where: { $0 != b && !run.removedLabels.contains($0) && run.placed[$0].group == group }) else { break }
                        moved.append((b, nil, own, nil))
                    }
                    if moved.count == found.count {
                        for m in moved {
                            movable[m.old] = nil
                            first[m.from] = nil
                            if let new = m.new, let to = m.to { movable[new] = to.job; first[to.job] = to.slot }
                        }
                        movable[mine] = i
                        first[i] = k
                        for r in p.job.requests { run.labelled.insert(r) }
                        labelledGroups.insert(p.request.groupKey)
                        break search
                    }
                    // Put everything back: the new labels out, the old ones in.
                    for m in moved { if let new = m.new { run.setRemoved(new, true) } }
                    run.setRemoved(mine, true)
                    for b in found { run.setRemoved(b, false) }
                }
            }
        }
    }

    /// Gives the names still unlabelled after the first pass other joins of their ways
    /// (``RoadMerger/alternatives(tagged:splitAngle:budget:)``): the paths the merge did not form, tried in
    /// placing order, each for a first label, until one of its name's is placed. Bounded by a sixteenth of the
    /// merge's examination budget, ``alternativeSegmentBudget`` segments of new paths in all (each is measured
    /// and sampled), the candidate budget and the deadline: a second chance costs a fraction of the first pass.
    static func placeAlternatives(_ families: [[Int]], requests: [PlaceRequest], resolved: [ResolvedLabel], jobs: [PlacementJob],
                                  options: PlacerOptions, run: inout PlacerRun) throws(SceneError) {
        var budget = RoadMerger.examinationBudget / 16
        var segments = alternativeSegmentBudget
        var known = Set(jobs.map(\.path))
        var family: [Int: Int] = [:]
        var extra: [PlacementJob] = []
        for (f, members) in families.enumerated() where !members.contains(where: run.labelled.contains) {
            if let d = Deadline.passed { throw SceneError("", d.message) }
            for r in members { family[r] = f }
            let pieces = members.map { (resolved[$0].path.subpaths[0], $0) }
            let paths: [(path: Subpath, tags: [Int])]
            do { paths = try RoadMerger.alternatives(tagged: pieces, splitAngle: options.splitAngle, budget: &budget) } catch { throw SceneError("", error.message) }
            for (path, tags) in paths where segments >= path.segments.count && !known.contains(path) {
                segments -= path.segments.count
                known.insert(path)
                extra.append(PlacementJob.job(path, tags: tags, requests, resolved: resolved))
            }
        }
        var labelled = Set<Int>()
        for job in PlacementJob.sorted(extra, requests) {
            guard let f = family[job.request], !labelled.contains(f) else { continue }
            if let d = Deadline.passed { throw SceneError("", d.message) }
            var request = requests[job.request]
            request.priority = job.priority
            guard case .success(let p) = run.prepare(job, request: request, resolved: resolved[job.request]) else { continue }
            for k in p.slotOrder where run.place(p, slot: k) == nil {
                for r in job.requests { run.labelled.insert(r) }
                labelled.insert(f)
                break
            }
        }
    }
}

/// One path to label: a request's path, or the joined paths of several requests.
struct PlacementJob {
    var request: Int
    var requests: [Int]
    var path: Subpath
    var closed: BezPath?
    /// The highest priority among ``requests``: a road whose pieces have different classes (a street that
    /// is `primary` for one block and `residential` for the next) is placed as its most important piece.
    var priority: Double

    /// The jobs for `requests`, joined where allowed, in placing order.
    static func jobs(_ requests: [PlaceRequest], resolved: [ResolvedLabel], options: PlacerOptions) throws(RoadMerger.MergeError) -> [PlacementJob] {
        var families: [[Int]] = []
        return try jobs(requests, resolved: resolved, options: options, families: &families)
    }

    /// ``jobs(_:resolved:options:)``, and in `families` the requests that were joined together
    /// (one list per text and style, of two requests or more).
    static func jobs(_ requests: [PlaceRequest], resolved: [ResolvedLabel], options: PlacerOptions,
                     families: inout [[Int]]) throws(RoadMerger.MergeError) -> [PlacementJob] {
        var jobs: [PlacementJob] = []
        // Requests that may join: the same request apart from its path, id, road class and priority (OSM
        // changes a street's class from block to block; Mapnik joins by name alone), grouped by text (in
        // the order the texts first appear), then by the rest of the request (hashed, so grouping is linear).
        var byText: [String: [(key: PlaceRequest, members: [Int])]] = [:]
        var keyIndex: [PlaceRequest: Int] = [:]
        var textOrder: [String] = []
        for (i, r) in requests.enumerated() {
            let path = resolved[i].path
            let open = path.subpaths.count == 1 && !path.subpaths[0].isClosed
            guard options.mergeSameName, open else {
                for sp in path.subpaths where !sp.segments.isEmpty {
                    if sp.isClosed { jobs.append(PlacementJob(request: i, requests: [i], path: sp, closed: BezPath(subpaths: [sp]), priority: r.priority)) }
                    else { for piece in RoadMerger.split(sp, at: options.splitAngle) { jobs.append(PlacementJob(request: i, requests: [i], path: piece, priority: r.priority)) } }
                }
                continue
            }
            var key = r
            key.label.path = nil; key.id = nil; key.roadClass = nil; key.priority = 0
            let text = r.text
            if byText[text] == nil { textOrder.append(text) }
            if let k = keyIndex[key] { byText[text]![k].members.append(i) }
            else { keyIndex[key] = byText[text, default: []].count; byText[text, default: []].append((key, [i])) }
        }
        for text in textOrder {
            for (_, members) in byText[text]! {
                if members.count > 1 { families.append(members) }
                let pieces = members.map { (resolved[$0].path.subpaths[0], $0) }
                for (path, tags) in try RoadMerger.merge(tagged: pieces, splitAngle: options.splitAngle) {
                    jobs.append(job(path, tags: tags, requests, resolved: resolved))
                }
            }
        }
        return sorted(jobs, requests)
    }

    /// The job for `path`, joined from the requests `tags`: it stands for its first request by id, then
    /// by geometry (never by input order), with their highest priority.
    static func job(_ path: Subpath, tags: [Int], _ requests: [PlaceRequest], resolved: [ResolvedLabel]) -> PlacementJob {
        let sorted = tags.count == 1 ? tags : tags.map { (i: $0, id: requests[$0].id ?? "", piece: resolved[$0].path.subpaths.first.map(RoadMerger.canonicalDirection)) }
            .sorted { a, b in
                if a.id != b.id { return a.id < b.id }
                if let pa = a.piece, let pb = b.piece, pa != pb { return RoadMerger.precedes(pa, pb) }
                return a.i < b.i
            }.map(\.i)
        return PlacementJob(request: sorted[0], requests: sorted, path: path, priority: sorted.map { requests[$0].priority }.max() ?? 0)
    }

    /// `jobs` in placing order: priority, group, text, id, geometry.
    static func sorted(_ jobs: [PlacementJob], _ requests: [PlaceRequest]) -> [PlacementJob] {
        // The placing order, from keys computed once per job.
        struct Key { var priority: Double; var group: String; var text: String; var id: String }
        let keys = jobs.map { job in
            let r = requests[job.request]
            return Key(priority: job.priority, group: r.groupKey, text: r.text, id: r.id ?? "")
        }
        let order = jobs.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka.priority != kb.priority { return ka.priority > kb.priority }
            if ka.group != kb.group { return ka.group < kb.group }
            if ka.text != kb.text { return ka.text < kb.text }
            if ka.id != kb.id { return ka.id < kb.id }
            if RoadMerger.precedes(jobs[a].path, jobs[b].path) { return true }
            if RoadMerger.precedes(jobs[b].path, jobs[a].path) { return false }
            return jobs[a].request < jobs[b].request
        }
        return order.map { jobs[$0] }
    }

}

/// The state of one placement: the index, the groups' placed clusters, the placed labels.
struct PlacerRun {
    let area: Rect
    let options: PlacerOptions
    var grid: GridIndex
    var placed: [PlacedRequestLabel] = []
    var labelled: Set<Int> = []
    /// Each group's placed cluster centres, with the label (its index in ``placed``) they belong to.
    var groups: [String: [(owner: Int, point: Point)]] = [:]
    /// Labels taken back (moved by ``Placer/repair(_:order:first:run:)``): left out of the result, their
    /// boxes out of the index.
    var removedLabels: Set<Int> = []
    /// While set, ``test(_:L:line:measure:options:request:inflate:)`` does not refuse a candidate for meeting
    /// placed labels: it collects their indices here instead (obstacles still refuse).
    var blockers: [Int]? = nil
    var candidates = 0
    /// How much coarser than 2 px (turns) and 4 px (crossings) the profiles sample, for very long paths.
    var sampleScale = 1.0
    var glyphBoxes: [GlyphKey: Rect?] = [:]
    /// Each label style's shaped line and advance (see ``prepare(_:request:resolved:)``).
    var shaped: [SceneLabel: (ShapedLine, Double)] = [:]
    /// The obstacles, apart from the labels: a label keeps its whole clearance from them.
    var obstacles: GridIndex
    private var obstacleOwner = -1

    init(area: Rect, options: PlacerOptions) {
        self.area = area; self.options = options
        grid = GridIndex(area: area, cellSize: options.cellSize)
        obstacles = GridIndex(area: area, cellSize: options.cellSize)
    }

    struct GlyphKey: Hashable {
        let font: ObjectIdentifier, glyph: UInt32, size: Double
    }

    mutating func add(_ o: Obstacle) {
        switch o {
        case .box(let r): obstacles.insert(OrientedBox(r), owner: obstacleOwner)
        case .path(let p, let width):
            // Each chord of the flattened path as a box as wide as the stroke.
            for pts in p.flattened(tolerance: 0.25) {
                for (a, b) in zip(pts, pts.dropFirst()) {
                    // Clipped to the area and cut into cell-long pieces: a long obstacle costs its length in the area.
                    Self.forEachPiece(from: a, to: b, in: area.outset(by: width), length: obstacles.cellSize) { c, u, half in
                        obstacles.insert(OrientedBox(center: c, axis: u, halfLength: half + width / 2, halfHeight: width / 2), owner: obstacleOwner)
                    }
                }
            }
        }
        obstacleOwner -= 1
    }

    /// The score a candidate loses for each piece of another road under it.
    let crossingWeight = 1.0
    /// The spacing of the crossing profile's samples along a path, pixels.
    static let crossingStep = 4.0

    /// Fills each job's ``Prepared/crossings``: the pieces of other groups' roads that lie under the text
    /// band at each sample along its path, each weighted by how tight its own road is (a road with little
    /// room to spare for its label weighs up to five times as much), so a long road's label keeps off the
    /// junctions of short ones.
    ///
    /// Bounded whatever the roads: each chord is clipped to the area and cut into pieces no longer than a
    /// grid cell, so a road costs its length in the area, not the area's cells; each sample counts at most
    /// ``crossingsPerSample`` pieces (pieces of one road laid over each other a thousand times cost no
    /// more than a road crossed a few times); and the deadline is checked between paths.
    func scoreCrossings(_ prepared: inout [Prepared?]) throws(SceneError) {
        var roads = GridIndex(area: area, cellSize: options.cellSize)
        var groupNumbers: [String: Int] = [:]
        var groupOf: [Int] = [], weight: [Double] = []
        for p in prepared.compactMap({ $0 }) {
            if let d = Deadline.passed { throw SceneError("", d.message) }
            let group = groupNumbers[p.request.groupKey] ?? groupNumbers.count
            groupNumbers[p.request.groupKey] = group
            let slack = p.closed ? Double.infinity : p.measure.length - p.advance
            let owner = groupOf.count
            groupOf.append(group)
            weight.append(1 + 4 * max(0, 1 - slack / 60))
            for pts in p.path.flattened(tolerance: 0.5) {
                for (a, b) in zip(pts, pts.dropFirst()) {
                    Self.forEachPiece(from: a, to: b, in: area, length: roads.cellSize) { c, u, half in
                        roads.insert(OrientedBox(center: c, axis: u, halfLength: half, halfHeight: 0.5), owner: owner)
                    }
                }
            }
        }
        for i in prepared.indices {
            guard let p = prepared[i] else { continue }
            if let d = Deadline.passed { throw SceneError("", d.message) }
            let group = groupNumbers[p.request.groupKey]!
            let band = (p.line.glyphs.first?.size ?? 13) / 2 + p.inflate
            let m = p.measure
            let step = Self.crossingStep * sampleScale
            prepared[i]!.crossings = DistanceProfile(length: m.length, step: step) { s in
                let box = OrientedBox(center: m.point(at: s), axis: m.tangent(at: s), halfLength: step / 2, halfHeight: band)
                var sum = 0.0, looked = 0
                roads.forEachCandidate(box) { other, owner in
                    if groupOf[owner] != group && other.intersects(box) { sum += weight[owner] }
                    looked += 1
                    return looked < Self.crossingsPerSample
                }
                return sum
            }
        }
    }

    /// The most road pieces one crossing sample looks at.
    static let crossingsPerSample = 64

    /// Calls `body` with the centre, direction and half length of each piece of the chord from `a` to `b`
    /// that lies in `area` (grown by one `length`); a chord longer than 16 `length`s is cut into pieces at most `length` long.
    static func forEachPiece(from a: Point, to b: Point, in area: Rect, length: Double, _ body: (Point, Vector, Double) -> Void) {
        guard let u = (b - a).normalized else { return }
        // Liang–Barsky clipping of the chord to the grown area.
        let box = area.outset(by: length)
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - box.minX), (d.x, box.maxX - a.x), (-d.y, a.y - box.minY), (d.y, box.maxY - a.y)] {
            if p == 0 { if q < 0 { return }; continue }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return }
        }
        let start = a + d * t0, end = a + d * t1
        let total = start.distance(to: end)
        // Chords up to 16 cells stay whole (real roads' chords are short); longer ones are cut.
        let n = total <= 16 * length ? 1 : Int(min(1e7, (total / max(length, 1)).rounded(.up)))
        let piece = total / Double(n)
        for k in 0..<n {
            body(start + u * (piece * (Double(k) + 0.5)), u, piece / 2)
        }
    }

    /// A job ready to place: its path measured, its text shaped, its stretches known.
    struct Prepared {
        var job: PlacementJob
        var request: PlaceRequest
        var blend: CompositeMode
        var path: BezPath
        var measure: PathMeasure
        var line: ShapedLine
        var options: LabelOptions
        var advance: Double
        var closed: Bool
        var turns: DistanceProfile
        var slots: Int
        /// Half the clearance a label keeps (its halo and the padding): each of two labels' boxes grows by
        /// it, so boxes that do not meet keep a whole clearance between the two inks.
        var inflate: Double
        /// Other roads covered, cumulated along the path (see ``PlacerRun/scoreCrossings(_:)``).
        var crossings: DistanceProfile? = nil

        /// The stretches, the one nearest the path's middle first (a path's first label goes there).
        var slotOrder: [Int] {
            let middle = Double(slots - 1) / 2
            return (0..<slots).sorted { abs(Double($0) - middle) != abs(Double($1) - middle) ? abs(Double($0) - middle) < abs(Double($1) - middle) : $0 < $1 }
        }
    }

    /// Measures, shapes and sizes `job`, or says why it cannot carry a label at all.
    mutating func prepare(_ job: PlacementJob, request: PlaceRequest, resolved: ResolvedLabel) -> Result<Prepared, DropReasonError> {
        let path = job.closed ?? BezPath(subpaths: [job.path])
        let measure: PathMeasure
        do { measure = try PathMeasure(path) } catch { return .failure(.init(.layoutFailed(error.description))) }
        let options = Self.labelOptions(resolved.options)
        // One shaping per label style: the pieces of a road, and roads of one name, share it. Without
        // fitting or shrinking the advance does not depend on the path.
        var key = request.label
        key.path = nil
        let line: ShapedLine, advance: Double
        if let known = shaped[key] {
            (line, advance) = known
        } else {
            line = Self.shape(resolved, options: options)
            do {
                var probe = options
                probe.maxAngle = nil
                guard let first = try LabelLayout.place(line, along: measure, options: probe).first else { return .failure(.init(.layoutFailed("no label"))) }
                advance = first.advance
            } catch { return .failure(.init(.layoutFailed(error.description))) }
            shaped[key] = (line, advance)
        }
        let L = measure.length
        guard advance > 0 else { return .failure(.init(.layoutFailed("the label has no length"))) }
        let closed = job.closed != nil
        guard closed || advance <= L else { return .failure(.init(.tooShort(pathLength: L, labelLength: advance))) }
        let slots = max(1, min(LabelLayout.maximumRepeatCount, Int(L / max(self.options.spacing, 1))))
        return .success(Prepared(job: job, request: request, blend: resolved.blend, path: path, measure: measure, line: line,
                                 options: options, advance: advance, closed: closed, turns: TurnProfile(measure, step: 2 * sampleScale), slots: slots,
                                 inflate: Self.inflate(options, self.options)))
    }

    /// A request's label options as the placer lays its candidates out: centred at an offset it chooses,
    /// each cluster moved along its own normal (a parallel curve for every candidate would cost more than
    /// the rest of the search; on straight stretches the two agree), never cut, repeated or fitted.
    static func labelOptions(_ resolved: LabelOptions) -> LabelOptions {
        var options = resolved
        options.align = .center
        options.shift = .normal
        options.overflow = .visible
        options.repeat = nil
        options.fit = .none
        return options
    }

    /// The label's text shaped for `options`' writing mode (through the shared shape cache).
    static func shape(_ resolved: ResolvedLabel, options: LabelOptions) -> ShapedLine {
        options.writingMode == .vertical
            ? ShapeCache.shared.shapeVertical(resolved.text, orientation: options.textOrientation)
            : ShapeCache.shared.shape(resolved.text, direction: resolved.direction)
    }

    /// Half the clearance a label keeps: its halo and the placer's padding.
    static func inflate(_ options: LabelOptions, _ placer: PlacerOptions) -> Double { (options.haloWidth + placer.padding) / 2 }

    /// The candidate centres along stretch `k` of `p` with their scores, best first: every `step` pixels
    /// from the stretch's centre (``PlacerOptions/step`` unless given), and the two ends of its room.
    func candidates(_ p: Prepared, slot k: Int, step given: Double? = nil) -> [(c: Double, score: Double)] {
        let L = p.measure.length, advance = p.advance, closed = p.closed
        let lo = L * Double(k) / Double(p.slots), hi = L * Double(k + 1) / Double(p.slots)
        let centre = (lo + hi) / 2
        let half = (hi - lo) / 2
        let minC = closed ? lo : max(lo, advance / 2), maxC = closed ? hi : min(hi, L - advance / 2)
        var offsets: [(c: Double, score: Double)] = []
        if minC > maxC {
            offsets.append((min(max(centre, advance / 2), L - advance / 2), 0))
        } else {
            let step = max(given ?? self.options.step, 0.5)
            var d = 0.0
            // The nearest candidates to the centre, at most maximumCandidates per stretch (bounded work).
            while d <= half + 1e-9 && offsets.count < Placer.maximumCandidates {
                for c in d == 0 ? [centre] : [centre - d, centre + d] where c >= minC - 1e-9 && c <= maxC + 1e-9 {
                    let turn = p.turns.total(from: c - advance / 2, to: c + advance / 2)
                    let crossed = p.crossings?.total(from: c - advance / 2, to: c + advance / 2) ?? 0
                    offsets.append((c, d / max(half, 1) + turn / max(self.options.maxTurn, 1) + crossingWeight * crossed))
                }
                d += step
            }
            if offsets.isEmpty { offsets.append((min(max(centre, minC), maxC), 0)) }
            // The two ends of the room: a tight path may fit only there.
            for c in [minC, maxC] where !offsets.contains(where: { abs($0.c - c) < step / 4 }) {
                let turn = p.turns.total(from: c - advance / 2, to: c + advance / 2)
                let crossed = p.crossings?.total(from: c - advance / 2, to: c + advance / 2) ?? 0
                offsets.append((c, abs(c - centre) / max(half, 1) + turn / max(self.options.maxTurn, 1) + crossingWeight * crossed))
            }
        }
        return offsets.sorted { $0.score != $1.score ? $0.score < $1.score : $0.c < $1.c }
    }

    /// Tries the candidates of stretch `k` of `p`, best first; places the first that passes, or says why none did.
    /// `offsets` replaces the stretch's own candidates (``candidates(_:slot:step:)``) when given.
    mutating func place(_ p: Prepared, slot k: Int, offsets given: [(c: Double, score: Double)]? = nil) -> DropReason? {
        let L = p.measure.length
        let offsets = given ?? candidates(p, slot: k)
        var reason: DropReason? = nil
        for (c, _) in offsets {
            guard candidates < self.options.candidateBudget else { return .overBudget(limit: self.options.candidateBudget) }
            candidates += 1
            switch test(c, L: L, line: p.line, measure: p.measure, options: p.options, request: p.request, inflate: p.inflate) {
            case .success(let (label, boxes, centres)):
                commit(p, at: c, label: label, boxes: boxes, centres: centres)
                return nil
            case .failure(let failure):
                if reason.map({ $0.rank < failure.reason.rank }) ?? true { reason = failure.reason }
            }
        }
        return reason ?? .collides
    }

    /// Adds a tested label of `p`, centred at `c` along its path: its boxes to the index, its centres to its
    /// group, the label to ``placed``. Returns its index in ``placed``.
    @discardableResult
    mutating func commit(_ p: Prepared, at c: Double, label: PlacedLabel, boxes: [OrientedBox], centres: [Point]) -> Int {
        let owner = placed.count
        if !self.options.allowOverlap { for b in boxes { grid.insert(b, owner: owner) } }
        groups[p.request.groupKey, default: []] += centres.map { (owner, $0) }
        placed.append(PlacedRequestLabel(request: p.job.request, requests: p.job.requests, text: p.request.text,
                                         group: p.request.groupKey, label: label, boxes: boxes, blend: p.blend, path: p.path,
                                         offset: Self.offset(centre: c, length: p.measure.length)))
        return owner
    }

    /// Takes label `owner` out (its boxes leave the index, its centres its group) or puts it back.
    mutating func setRemoved(_ owner: Int, _ removed: Bool) {
        if removed { removedLabels.insert(owner); grid.remove(owner: owner) } else { removedLabels.remove(owner); grid.restore(owner: owner) }
    }

    /// The offset (from the path's middle, ``LabelOptions/offset``) of a label centred `c` pixels along a path `length` long.
    static func offset(centre c: Double, length: Double) -> Double { c - length / 2 }

    /// The label laid out `offset` pixels from the middle of `measure`'s path, or why it cannot be: a turn
    /// over `maxAngle`, or clusters that do not fit on the path.
    static func layOut(_ line: ShapedLine, along measure: PathMeasure, options base: LabelOptions, offset: Double) -> Result<PlacedLabel, DropReasonError> {
        var o = base
        o.offset = .pixels(offset)
        let label: PlacedLabel
        do {
            guard let l = try LabelLayout.place(line, along: measure, options: o).first else { return .failure(.init(.layoutFailed("no label"))) }
            label = l
        } catch { return .failure(.init(.layoutFailed(error.description))) }
        if let a = label.rejectedAngle { return .failure(.init(.tooCurved(angle: a - (o.maxAngle ?? 0)))) }
        if !label.droppedClusters.isEmpty { return .failure(.init(.tooShort(pathLength: measure.length, labelLength: label.advance))) }
        return .success(label)
    }

    /// Lays out the label centred at `c` and tests it.
    mutating func test(_ c: Double, L: Double, line: ShapedLine, measure: PathMeasure, options base: LabelOptions,
                       request: PlaceRequest, inflate: Double) -> Result<(PlacedLabel, [OrientedBox], [Point]), DropReasonError> {
        let label: PlacedLabel
        switch Self.layOut(line, along: measure, options: base, offset: Self.offset(centre: c, length: L)) {
        case .success(let l): label = l
        case .failure(let f): return .failure(f)
        }
        // Upright: no glyph's baseline may point left (beyond vertical).
        for g in label.glyphs where g.direction.x < -1e-9 { return .failure(.init(.tooCurved(angle: atan2(abs(g.direction.y), g.direction.x) * 180 / .pi - 90))) }
        let clusters = clusterBoxes(label, inflate: inflate)
        var total = 0.0
        for (a, b) in zip(clusters.directions, clusters.directions.dropFirst()) { total += abs(Turn.degrees(from: a, to: b)) }
        if total > self.options.maxTurn { return .failure(.init(.tooCurved(angle: total - self.options.maxTurn))) }
        // The ink stays within the area (a halo may be cut at its edge).
        for b in clusters.boxes {
            let r = b.outset(by: -inflate).bounds
            if r.minX < area.minX || r.minY < area.minY || r.maxX > area.maxX || r.maxY > area.maxY { return .failure(.init(.outside)) }
        }
        if !self.options.allowOverlap {
            if var found = blockers {
                for b in clusters.boxes {
                    if obstacles.count > 0 && obstacles.collides(b.outset(by: inflate)) { return .failure(.init(.collides)) }
                    for o in grid.owners(meeting: b) where !found.contains(o) { found.append(o) }
                }
                blockers = found
            } else {
                for b in clusters.boxes where grid.collides(b) || (obstacles.count > 0 && obstacles.collides(b.outset(by: inflate))) {
                    return .failure(.init(.collides))
                }
            }
            if request.minDistance > 0, let others = groups[request.groupKey] {
                let d2 = request.minDistance * request.minDistance
                let removed = removedLabels
                for p in clusters.centres {
                    for (o, q) in others where (p - q).lengthSquared < d2 && (removed.isEmpty || !removed.contains(o)) {
                        return .failure(.init(.tooClose(group: request.groupKey)))
                    }
                }
            }
        }
        return .success((label, clusters.boxes, clusters.centres))
    }

    /// The oriented ink box of every inked cluster (grown by `inflate`), each cluster's direction and centre.
    mutating func clusterBoxes(_ label: PlacedLabel, inflate: Double) -> (boxes: [OrientedBox], directions: [Vector], centres: [Point]) {
        var boxes: [OrientedBox] = [], directions: [Vector] = [], centres: [Point] = []
        var i = 0
        let glyphs = label.glyphs
        while i < glyphs.count {
            var j = i + 1
            while j < glyphs.count && glyphs[j].cluster == glyphs[i].cluster { j += 1 }
            let o = glyphs[i].origin, u = glyphs[i].direction, v = u.turnedRight
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for g in glyphs[i..<j] {
                guard let r = inkRect(g, font: label.font(of: g)) else { continue }
                let du = (g.origin - o).dot(u), dv = (g.origin - o).dot(v)
                minU = min(minU, du + r.minX * g.scaleX); maxU = max(maxU, du + r.maxX * g.scaleX)
                minV = min(minV, dv + r.minY); maxV = max(maxV, dv + r.maxY)
            }
            directions.append(u)
            let advanceMid = o + u * (glyphs[i].advance / 2)
            if minU.isFinite {
                let cu = (minU + maxU) / 2, cv = (minV + maxV) / 2
                let centre = o + u * cu + v * cv
                boxes.append(OrientedBox(center: centre, axis: u, halfLength: (maxU - minU) / 2 + inflate,
                                         halfHeight: (maxV - minV) / 2 + inflate))
                centres.append(centre)
            } else {
                centres.append(advanceMid)
            }
            i = j
        }
        return (boxes, directions, centres)
    }

    /// The glyph's ink rectangle in its own frame (pixels, y down), or `nil` for a glyph without ink.
    mutating func inkRect(_ g: PlacedGlyph, font: Typeface) -> Rect? {
        let key = GlyphKey(font: ObjectIdentifier(font), glyph: g.glyph, size: g.size)
        if let r = glyphBoxes[key] { return r }
        var flat = g
        flat.origin = .zero; flat.direction = Vector(1, 0); flat.scaleX = 1
        let c = flat.inkBox(font: font)
        let r: Rect? = c[0] == c[2] ? nil : Rect(minX: c[0].x, minY: c[3].y, maxX: c[1].x, maxY: c[0].y)
        glyphBoxes[key] = r
        return r
    }
}

/// A ``DropReason`` as an error, for `Result`.
struct DropReasonError: Error {
    let reason: DropReason
    init(_ reason: DropReason) { self.reason = reason }
}

/// A quantity cumulated along a path from samples every `step` pixels: totals over any stretch in O(1).
struct DistanceProfile {
    let step: Double
    var cumulative: [Double]

    /// Samples `value(s)` at s = 0, step, 2·step, … up to `length` (at most 100 000 samples).
    init(length: Double, step: Double, value: (Double) -> Double) {
        let n = max(2, min(100_000, Int(length / step) + 2))
        self.step = length / Double(n - 1)
        cumulative = [0]
        cumulative.reserveCapacity(n)
        for k in 1..<n { cumulative.append(cumulative[k - 1] + value(Double(k) * self.step)) }
    }

    /// The sum of the samples over [a, b].
    func total(from a: Double, to b: Double) -> Double {
        guard step > 0 else { return 0 }
        let i = min(max(Int((a / step).rounded(.down)), 0), cumulative.count - 1)
        let j = min(max(Int((b / step).rounded(.up)), 0), cumulative.count - 1)
        return cumulative[j] - cumulative[i]
    }
}

/// The path's turn, in absolute degrees between samples `step` px apart, for scoring candidates before laying them out.
func TurnProfile(_ m: PathMeasure, step: Double = 2) -> DistanceProfile {
    var prev = m.tangent(at: 0)
    return DistanceProfile(length: m.length, step: step) { s in
        let t = m.tangent(at: s)
        defer { prev = t }
        return abs(Turn.degrees(from: prev, to: t))
    }
}
