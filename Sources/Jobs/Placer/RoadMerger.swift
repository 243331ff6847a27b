import Support
import Geometry
import Requests

/// Joins the pieces of a road end to end and cuts the result at sharp turns.
///
/// OpenStreetMap splits a road into ways at every junction, so most pieces are shorter than the road's
/// name. Pieces meet where an end of one is an end of another (within ``joinTolerance``); at a node where
/// several continue, the straightest continuation is taken. The result does not depend on the pieces'
/// order or direction: pieces are sorted by their geometry first, and each joined path runs from its
/// lexicographically smaller end.
public enum RoadMerger {
    /// Ends closer than this (pixels) are one node.
    public static let joinTolerance = 1e-3

    /// Joins `pieces` (open subpaths) where they meet end to end, then cuts them where they turn by more
    /// than `splitAngle` degrees at a vertex. Returns the joined paths in a canonical order.
    public static func merge(_ pieces: [Subpath], splitAngle: Double) -> [Subpath] {
        merge(tagged: pieces.enumerated().map { ($0.element, $0.offset) }, splitAngle: splitAngle).map(\.path)
    }

    /// ``merge(_:splitAngle:)`` for pieces that carry a tag (a request's index): each joined path comes
    /// with the tags of the pieces in it, sorted.
    public static func merge(tagged pieces: [(Subpath, Int)], splitAngle: Double) -> [(path: Subpath, tags: [Int])] {
        let sortedPieces = pieces.filter { !$0.0.segments.isEmpty }.map { (canonicalDirection($0.0), $0.1) }
            .sorted { precedes($0.0, $1.0) || (!precedes($1.0, $0.0) && $0.1 < $1.1) }
        let canonical = sortedPieces.map(\.0)
        var used = Array(repeating: false, count: canonical.count)
        var ends: [NodeKey: [Int]] = [:]
        for (i, p) in canonical.enumerated() {
            ends[NodeKey(p.start), default: []].append(i)
            ends[NodeKey(p.end), default: []].append(i)
        }
        var chains: [(path: Subpath, tags: [Int])] = []
        for seed in canonical.indices where !used[seed] {
            used[seed] = true
            var chain = canonical[seed]
            var tags = [sortedPieces[seed].1]
            // Grow forward from the end, then backward from the start (by growing the reversed chain).
            for _ in 0..<2 {
                while let next = straightest(after: chain, among: ends[NodeKey(chain.end)] ?? [], canonical, used) {
                    used[next] = true
                    tags.append(sortedPieces[next].1)
                    let piece = canonical[next].start.distance(to: chain.end) <= joinTolerance ? canonical[next] : canonical[next].reversed()
                    chain.segments += piece.segments.map { $0 }
                }
                chain = chain.reversed()
            }
            // Pieces cut from one chain keep all of its tags (a tag names the requests behind a label).
            for piece in split(chain, at: splitAngle) { chains.append((canonicalDirection(piece), tags.sorted())) }
        }
        return chains.sorted { precedes($0.path, $1.path) }
    }

    /// The unused piece at `chain`'s end whose continuation turns least, or `nil`.
    static func straightest(after chain: Subpath, among candidates: [Int], _ pieces: [Subpath], _ used: [Bool]) -> Int? {
        guard let out = endTangent(chain) else { return nil }
        var best: (index: Int, turn: Double)? = nil
        for i in candidates where !used[i] {
            let p = pieces[i]
            let oriented = p.start.distance(to: chain.end) <= joinTolerance ? p : p.reversed()
            guard oriented.start.distance(to: chain.end) <= joinTolerance, let inT = startTangent(oriented) else { continue }
            let turn = abs(Turn.degrees(from: out, to: inT))
            if best == nil || turn < best!.turn { best = (i, turn) }
        }
        return best?.index
    }

    /// `subpath` cut at every vertex where it turns by more than `angle` degrees.
    public static func split(_ subpath: Subpath, at angle: Double) -> [Subpath] {
        var out: [Subpath] = []
        var current = Subpath(start: subpath.start)
        for seg in subpath.segments {
            if let last = current.segments.last, let a = tangent(of: last, atEnd: true), let b = tangent(of: seg, atEnd: false),
               abs(Turn.degrees(from: a, to: b)) > angle {
                out.append(current)
                current = Subpath(start: seg.start)
            }
            current.segments.append(seg)
        }
        if !current.segments.isEmpty { out.append(current) }
        return out
    }

    static func tangent(of s: Segment, atEnd: Bool) -> Vector? {
        let scale = s.start.distance(to: s.end) + 1e-12
        return s.unitTangent(at: atEnd ? 1 : 0, after: !atEnd, scale: scale)
    }

    static func startTangent(_ p: Subpath) -> Vector? { p.segments.first.flatMap { tangent(of: $0, atEnd: false) } }
    static func endTangent(_ p: Subpath) -> Vector? { p.segments.last.flatMap { tangent(of: $0, atEnd: true) } }

    /// The piece running from its lexicographically smaller end.
    static func canonicalDirection(_ p: Subpath) -> Subpath { less(p.end, p.start) ? p.reversed() : p }

    static func less(_ a: Point, _ b: Point) -> Bool { a.x != b.x ? a.x < b.x : a.y < b.y }

    /// A total order on pieces by their geometry.
    static func precedes(_ a: Subpath, _ b: Subpath) -> Bool {
        if a.start != b.start { return less(a.start, b.start) }
        if a.end != b.end { return less(a.end, b.end) }
        if a.segments.count != b.segments.count { return a.segments.count < b.segments.count }
        for (s, t) in zip(a.segments, b.segments) where s.end != t.end { return less(s.end, t.end) }
        return false
    }

    /// A node: an end point rounded to the join tolerance.
    struct NodeKey: Hashable {
        let x: Int64, y: Int64
        init(_ p: Point) {
            x = Int64((p.x / RoadMerger.joinTolerance).rounded()); y = Int64((p.y / RoadMerger.joinTolerance).rounded())
        }
    }
}

/// Turns between directions.
enum Turn {
    /// The signed turn from `a` to `b`, degrees in (−180, 180].
    static func degrees(from a: Vector, to b: Vector) -> Double {
        atan2(a.cross(b), a.dot(b)) * 180 / .pi
    }
}
