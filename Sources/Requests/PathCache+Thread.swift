import Support
import Geometry
import Synchronization

/// The per-thread front of a ``PathCache``: each thread keeps its own copies of the paths and measures it
/// looked up, so that a repeated path text or path takes no lock and touches no memory another thread
/// writes.
///
/// A hit in the shared tables takes their mutexes and retains the shared path's buffers and the shared
/// measure's storage, whose reference counts every thread that lays a label on them updates; and every
/// thread's queries read (and the first builds) the one measure's records. On two cores those cache lines
/// move back and forth. A thread's front holds copies with buffers of their own (``BezPath/threadCopy()``,
/// ``PathMeasure/threadCopy()``: the lengths copied, the records built again by the thread's own first
/// query, to the same bits), so a front hit is a probe of a thread-private table.
///
/// The front never answers what the shared tables would not: it holds only paths and measures the tables
/// hold, and it is emptied whenever a table lets an entry go (an eviction, ``PathCache/removeAll()``),
/// which ``PathCache/epoch`` counts. The tables are first in, first out, so hits in the front change
/// nothing in what they keep.
///
/// Bounds, per thread: at most ``ThreadTable/entryLimit`` paths and as many measures per cache; the
/// paths' texts and segments at most ``ThreadTable/pathByteBudget`` bytes, the measures at most
/// ``ThreadTable/measureSegmentBudget`` segments (about 3 KB each with their records: ≈ 1.5 MB); a table
/// that would go over starts again empty. A thread keeps tables for at most ``ThreadFront/cacheLimit``
/// caches (the oldest goes). Everything is freed when the thread exits.
extension PathCache {
    /// One cache's tables in one thread's front.
    final class ThreadTable {
        /// Which cache (``PathCache/id``: never reused, unlike an object's address).
        let cache: UInt64
        // Only its thread touches a table, one access at a time: no dynamic exclusivity checks (they were
        // a fifth of a front hit's instructions).
        /// The shared tables' ``PathCache/epoch`` the entries were copied under.
        @exclusivity(unchecked) var epoch: Int
        @exclusivity(unchecked) var paths: [String: BezPath] = [:]
        @exclusivity(unchecked) var measures: [ExactPath: PathMeasure] = [:]
        /// The paths' estimated bytes and the measures' segments.
        @exclusivity(unchecked) var pathBytes = 0, measureSegments = 0
        /// Lookups this table answered (read by this thread alone: ``PathCache/threadFrontCounts``).
        @exclusivity(unchecked) var hits = 0

        /// The cache's count of live tables, for tests (written when a table is made and freed).
        let live: LiveTables

        init(cache: UInt64, live: LiveTables, epoch: Int) {
            self.cache = cache; self.live = live; self.epoch = epoch
            live.count.add(1, ordering: .relaxed)
        }
        deinit { live.count.subtract(1, ordering: .relaxed) }

        /// The most paths, and the most measures, a table holds.
        static let entryLimit = 64
        /// The most estimated bytes of the paths (texts and segments).
        static let pathByteBudget = 256 << 10
        /// The most segments of the measures.
        static let measureSegmentBudget = 512

        /// Forgets everything (the shared tables moved to `epoch`).
        func empty(epoch: Int) {
            paths = [:]; measures = [:]; pathBytes = 0; measureSegments = 0
            self.epoch = epoch
        }

        /// Whether entries copied under `epoch` may be kept, emptying the table when `epoch` is newer.
        func accepts(_ epoch: Int) -> Bool {
            if epoch == self.epoch { return true }
            guard epoch > self.epoch else { return false }
            empty(epoch: epoch)
            return true
        }
    }

    /// How many threads hold a table of a cache.
    final class LiveTables: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A thread's tables, one per cache it used (usually one: ``PathCache/shared``).
    final class ThreadFront {
        @exclusivity(unchecked) var tables: [ThreadTable] = []

        /// The most caches a thread keeps tables for.
        static let cacheLimit = 4
        /// This thread's front, made on first use; freed when the thread exits.
        static var current: ThreadFront { fronts.value }
        private static let fronts = ThreadLocal { ThreadFront() }
    }

    /// Where ``PathCache`` ids come from.
    static let ids = Atomic<UInt64>(1)

    /// This thread's table for this cache, made (under the current epoch) on first use.
    func threadTable() -> ThreadTable {
        let front = ThreadFront.current
        if let t = front.tables.first, t.cache == id { return t }
        if let i = front.tables.firstIndex(where: { $0.cache == id }) {
            let t = front.tables.remove(at: i)
            front.tables.insert(t, at: 0)
            return t
        }
        let t = ThreadTable(cache: id, live: liveThreadTables, epoch: epoch.load(ordering: .acquiring))
        if front.tables.count >= ThreadFront.cacheLimit { front.tables.removeLast() }
        front.tables.insert(t, at: 0)
        return t
    }

    /// Whether `t` may answer: emptied first when the shared tables let an entry go since it was filled.
    func frontIsCurrent(_ t: ThreadTable) -> Bool {
        let now = epoch.load(ordering: .acquiring)
        if t.epoch == now { return true }
        t.empty(epoch: now)
        return false
    }

    /// Keeps a copy of `path`, which the shared table holds for `text` under `epoch`.
    func frontKeep(_ t: ThreadTable, text: String, _ path: BezPath, segments: Int, epoch: Int) {
        guard t.accepts(epoch) else { return }
        let bytes = text.utf8.count + segments * MemoryLayout<Segment>.stride + path.subpaths.count * MemoryLayout<Subpath>.stride
        guard bytes <= ThreadTable.pathByteBudget else { return }
        if t.paths.count >= ThreadTable.entryLimit || t.pathBytes + bytes > ThreadTable.pathByteBudget {
            t.paths = [:]; t.pathBytes = 0
        }
        t.paths[String(decoding: Array(text.utf8), as: UTF8.self)] = path.threadCopy()
        t.pathBytes += bytes
    }

    /// Keeps a copy of `measure`, which the shared table holds for `path` under `epoch`.
    func frontKeep(_ t: ThreadTable, path: BezPath, _ measure: PathMeasure, segments: Int, epoch: Int) {
        guard t.accepts(epoch), segments <= ThreadTable.measureSegmentBudget else { return }
        if t.measures.count >= ThreadTable.entryLimit || t.measureSegments + segments > ThreadTable.measureSegmentBudget {
            t.measures = [:]; t.measureSegments = 0
        }
        let copy = measure.threadCopy()
        // The key is the copy's own path (the same coordinates, bit for bit).
        t.measures[ExactPath(path: copy.path)] = copy
        t.measureSegments += segments
    }

    /// This thread's front for this cache: how many paths and measures it holds, the measures' segments
    /// and how many lookups it answered (for tests).
    package var threadFrontCounts: (paths: Int, measures: Int, segments: Int, hits: Int) {
        let t = threadTable()
        _ = frontIsCurrent(t)
        return (t.paths.count, t.measures.count, t.measureSegments, t.hits)
    }

    /// How many threads hold a front table of this cache (for tests: a thread's goes when it exits).
    package var threadTableCount: Int { liveThreadTables.count.load(ordering: .relaxed) }
}
