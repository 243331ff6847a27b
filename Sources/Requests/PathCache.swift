import Support
import Synchronization
import Geometry
import Layout
import Shaping

/// Paths that requests give again as the same SVG path data: parsed once and measured once.
///
/// A batch of labels, a locale sweep and a map's tiles send the same path many times (a dial's circles,
/// a street's geometry for each name and zoom). Parsing its text and measuring it (arc lengths, then the
/// query records of each segment the first query touches) was about a third of a short label's
/// instructions in `pathtext layout --batch`; a hit costs a hash and a comparison of the text or path.
///
/// Two small tables, each at most ``entryLimit`` entries:
/// - path data text → ``BezPath`` (texts of at most ``textLimit`` bytes, ``parsedSegmentBudget``
///   segments in all), for ``OptionSyntax/pathData``;
/// - ``BezPath`` → ``PathMeasure`` (paths of at most ``segmentLimit`` segments, ``segmentBudget`` segments
///   in all), for ``ResolvedLabel/layout()``.
///
/// When a table is full its oldest entry makes room (first in, first out, in O(1)). The tables are
/// shared by every request of the process (a server's clients too), so one client's paths can push out
/// another's: that costs the other a parse and a measure, never a different result.
///
/// A measure is shared by the labels that use it; it is `Sendable` and builds its query records once per
/// segment, published atomically, so threads may query one measure at once and get the same records a
/// fresh measure would build. Thread safety: one ``Locked`` per table; parsing and measuring happen
/// outside it (two threads missing the same path both do the work, and the second keeps its copy, which
/// is equal). Each thread answers the paths and measures it looked up before from a front of its own
/// copies, without a lock (``ThreadTable``, in `PathCache+Thread.swift`).
package final class PathCache: Sendable {
    /// The cache every request shares.
    package static let shared = PathCache()

    /// The most entries in each table.
    package static let entryLimit = 256
    /// The longest path data kept, in UTF-8 bytes.
    package static let textLimit = 2048
    /// The most segments of a path whose measure is kept.
    package static let segmentLimit = 64
    /// The most segments of all kept measures together (about 3 KB each at most, with records).
    package static let segmentBudget = 4096
    /// The most segments of all kept parsed paths together (a segment is at most 72 bytes: ≈ 1.2 MB).
    package static let parsedSegmentBudget = 16_384

    /// A table and its keys in the order they came (a queue: `order[head...]`, oldest first), each with
    /// its size (the measures' segments).
    private struct Table<Key: Hashable, Value> {
        var map: [Key: Value] = [:]
        var order: [(key: Key, size: Int)] = []
        var head = 0
        /// The sizes of the kept values together.
        var size = 0

        /// Keeps `value` for `key` (unless kept already), first removing the oldest entries while the
        /// table has `limit` entries or the sizes would go over `budget`; whether any went.
        @discardableResult
        mutating func insert(_ key: Key, _ value: Value, size: Int = 0, limit: Int, budget: Int = .max) -> Bool {
            guard map[key] == nil else { return false }
            var evicted = false
            while head < order.count, map.count >= limit || self.size + size > budget {
                evicted = true
                let old = order[head]
                head += 1
                map[old.key] = nil
                self.size -= old.size
            }
            if head >= 64, head * 2 >= order.count { order.removeFirst(head); head = 0 }
            order.append((key, size))
            map[key] = value
            self.size += size
            return evicted
        }
    }
    private let parsed = Locked(Table<String, BezPath>())
    private let measures = Locked(Table<ExactPath, PathMeasure>())
    /// How many times a table let entries go (evictions, ``removeAll()``): the threads' fronts hold
    /// copies made in the current epoch only. Written under a table's lock, read without one.
    let epoch = Atomic<Int>(0)
    /// This cache's identity for the threads' fronts (never reused, unlike an address).
    let id = PathCache.ids.wrappingAdd(1, ordering: .relaxed).oldValue
    /// How many threads hold a front table of this cache.
    let liveThreadTables = LiveTables()

    /// A path as a key that tells −0 from +0, which `BezPath`'s `==` does not: two requests share a
    /// measure only when every coordinate is the same double, bit for bit, so what a request gets never
    /// depends on another's path (the SVG parser reads "-0" as +0; paths built in Swift can hold −0).
    struct ExactPath: Hashable {
        let path: BezPath
        func hash(into h: inout Hasher) { h.combine(path) }
        static func == (a: ExactPath, b: ExactPath) -> Bool {
            guard a.path == b.path else { return false }
            for (x, y) in zip(a.path.subpaths, b.path.subpaths) {
                guard same(x.start, y.start) else { return false }
                for (s, t) in zip(x.segments, y.segments) where !same(s, t) { return false }
            }
            return true
        }
        static func same(_ a: Point, _ b: Point) -> Bool { a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern }
        static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        static func same(_ a: Segment, _ b: Segment) -> Bool {
            switch (a, b) {
            case (.line(let l), .line(let m)): same(l.p0, m.p0) && same(l.p1, m.p1)
            case (.quad(let q), .quad(let r)): same(q.p0, r.p0) && same(q.p1, r.p1) && same(q.p2, r.p2)
            case (.cubic(let c), .cubic(let d)): same(c.p0, d.p0) && same(c.p1, d.p1) && same(c.p2, d.p2) && same(c.p3, d.p3)
            case (.arc(let e), .arc(let f)):
                same(e.center, f.center) && same(e.radii.x, f.radii.x) && same(e.radii.y, f.radii.y)
                    && same(e.xRotation, f.xRotation) && same(e.startAngle, f.startAngle) && same(e.sweepAngle, f.sweepAngle)
            default: false
            }
        }
    }

    /// Creates an empty cache.
    package init() {}

    /// `svgPathData` parsed (``BezPath/init(svgPathData:)``), from the table when it was parsed before.
    /// - Throws: what the parser throws (errors are not kept).
    package func path(svgPathData text: String) throws(GeometryError) -> BezPath {
        guard text.utf8.count <= Self.textLimit else { return try BezPath(svgPathData: text) }
        let front = threadTable()
        if frontIsCurrent(front), let hit = front.paths[text] { front.hits += 1; return hit }
        if let (hit, now) = parsed.withLock({ t in t.map[text].map { ($0, epoch.load(ordering: .relaxed)) } }) {
            frontKeep(front, text: text, hit, segments: hit.subpaths.reduce(0) { $0 + $1.segments.count }, epoch: now)
            return hit
        }
        let path = try BezPath(svgPathData: text)
        let segments = path.subpaths.reduce(0) { $0 + $1.segments.count }
        let now = parsed.withLock { t in
            if t.insert(text, path, size: segments, limit: Self.entryLimit, budget: Self.parsedSegmentBudget) { bumpEpoch() }
            return epoch.load(ordering: .relaxed)
        }
        frontKeep(front, text: text, path, segments: segments, epoch: now)
        return path
    }

    /// The measure of `path` as ``PathMeasure/init(_:)`` makes it, from the table when it was measured
    /// before; `nil` when the path is over ``segmentLimit`` or `limit` segments (the caller's own checks
    /// and measuring then apply), or cannot be measured.
    package func measure(_ path: BezPath, segmentsAtMost limit: Int) -> PathMeasure? {
        var segments = 0
        for subpath in path.subpaths { segments += subpath.segments.count }
        guard segments <= Self.segmentLimit, segments <= limit else { return nil }
        let key = ExactPath(path: path)
        let front = threadTable()
        if frontIsCurrent(front), let hit = front.measures[key] { front.hits += 1; return hit }
        if let (hit, now) = measures.withLock({ t in t.map[key].map { ($0, epoch.load(ordering: .relaxed)) } }) {
            frontKeep(front, path: path, hit, segments: segments, epoch: now)
            return hit
        }
        guard let measure = try? PathMeasure(path) else { return nil }
        let now = measures.withLock { t in
            if t.insert(key, measure, size: segments, limit: Self.entryLimit, budget: Self.segmentBudget) { bumpEpoch() }
            return epoch.load(ordering: .relaxed)
        }
        frontKeep(front, path: path, measure, segments: segments, epoch: now)
        return measure
    }

    /// Whether the measure of `path` (bit for bit) is kept (for tests).
    package func holdsMeasure(of path: BezPath) -> Bool { measures.withLock { $0.map[ExactPath(path: path)] != nil } }

    /// How many entries each table holds (for tests).
    package var counts: (paths: Int, measures: Int, segments: Int) {
        let p = parsed.withLock { $0.map.count }
        let m = measures.withLock { ($0.map.count, $0.size) }
        return (p, m.0, m.1)
    }

    /// Empties both tables (and so every thread's front).
    package func removeAll() {
        parsed.withLock { $0 = Table(); bumpEpoch() }
        measures.withLock { $0 = Table(); bumpEpoch() }
    }

    /// Moves to the next epoch (under a table's lock), so that every front empties itself.
    private func bumpEpoch() { epoch.add(1, ordering: .releasing) }
}
