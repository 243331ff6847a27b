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
/// - path data text → ``BezPath`` (texts of at most ``textLimit`` bytes), for ``OptionSyntax/pathData``;
/// - ``BezPath`` → ``PathMeasure`` (paths of at most ``segmentLimit`` segments, ``segmentBudget`` segments
///   in all), for ``ResolvedLabel/layout()``.
///
/// When a table is full an arbitrary entry makes room. A measure is shared by the labels that use it; it is
/// `Sendable` and builds its query records once per segment, published atomically, so threads may query
/// one measure at once and get the same records a fresh measure would build. Thread safety: one ``Locked``
/// per table; parsing and measuring happen outside it (two threads missing the same path both do the
/// work, and the second keeps its copy, which is equal).
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

    private let parsed = Locked<[String: BezPath]>([:])
    private struct Measures { var table: [BezPath: PathMeasure] = [:]; var segments = 0 }
    private let measures = Locked(Measures())

    /// Creates an empty cache.
    package init() {}

    /// `svgPathData` parsed (``BezPath/init(svgPathData:)``), from the table when it was parsed before.
    /// - Throws: what the parser throws (errors are not kept).
    package func path(svgPathData text: String) throws(GeometryError) -> BezPath {
        let cacheable = text.utf8.count <= Self.textLimit
        if cacheable, let hit = parsed.withLock({ $0[text] }) { return hit }
        let path = try BezPath(svgPathData: text)
        if cacheable {
            parsed.withLock { table in
                if table.count >= Self.entryLimit, table[text] == nil { table.remove(at: table.startIndex) }
                table[text] = path
            }
        }
        return path
    }

    /// The measure of `path` as ``PathMeasure/init(_:)`` makes it, from the table when it was measured
    /// before; `nil` when the path is over ``segmentLimit`` or `limit` segments (the caller's own checks
    /// and measuring then apply), or cannot be measured.
    package func measure(_ path: BezPath, segmentsAtMost limit: Int) -> PathMeasure? {
        var segments = 0
        for subpath in path.subpaths { segments += subpath.segments.count }
        guard segments <= Self.segmentLimit, segments <= limit else { return nil }
        if let hit = measures.withLock({ $0.table[path] }) { return hit }
        guard let measure = try? PathMeasure(path) else { return nil }
        measures.withLock { m in
            guard m.table[path] == nil else { return }
            while !m.table.isEmpty, m.table.count >= Self.entryLimit || m.segments + segments > Self.segmentBudget {
                let (old, _) = m.table.remove(at: m.table.startIndex)
                m.segments -= old.subpaths.reduce(0) { $0 + $1.segments.count }
            }
            m.table[path] = measure
            m.segments += segments
        }
        return measure
    }

    /// How many entries each table holds (for tests).
    package var counts: (paths: Int, measures: Int, segments: Int) {
        let p = parsed.withLock { $0.count }
        let m = measures.withLock { ($0.table.count, $0.segments) }
        return (p, m.0, m.1)
    }

    /// Empties both tables.
    package func removeAll() {
        parsed.withLock { $0.removeAll() }
        measures.withLock { $0 = Measures() }
    }
}
