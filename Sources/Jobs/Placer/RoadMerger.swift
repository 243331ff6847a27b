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
    public static func merge(_ pieces: [Subpath], splitAngle: Double) throws(MergeError) -> [Subpath] {
        try merge(tagged: pieces.enumerated().map { ($0.element, $0.offset) }, splitAngle: splitAngle).map(\.path)
    }

    /// The most candidate continuations one merge examines, used or not (a star of thousands of pieces of
    /// one name at one node would otherwise cost pieces² tangent tests); past it, the pieces left stay
    /// apart. Real road networks use a few per piece.
    public static let examinationBudget = 4_000_000

    /// ``merge(_:splitAngle:)`` for pieces that carry a tag (a request's index): each joined path comes
    /// with the tags of the pieces in it, sorted. Pieces of identical geometry are one piece with all
    /// their tags; a path cut from a chain carries only the tags of the pieces it holds, so the output's
    /// size is linear in the input's.
    /// - Throws: ``Deadline``'s error (its message) when the caller's deadline passes while joining.
    public static func merge(tagged pieces: [(Subpath, Int)], splitAngle: Double) throws(MergeError) -> [(path: Subpath, tags: [Int])] {
        let sortedPieces = pieces.filter { !$0.0.segments.isEmpty }.map { (canonicalDirection($0.0), $0.1) }
            .sorted { precedes($0.0, $1.0) || (!precedes($1.0, $0.0) && $0.1 < $1.1) }
        // Identical pieces (a road given twice) are one piece with every tag.
        var canonical: [Subpath] = [], pieceTags: [[Int]] = []
        for (p, tag) in sortedPieces {
            if let last = canonical.last, last == p { pieceTags[pieceTags.count - 1].append(tag) } else { canonical.append(p); pieceTags.append([tag]) }
        }
        var used = Array(repeating: false, count: canonical.count)
        var ends: [NodeKey: [Int]] = [:]
        for (i, p) in canonical.enumerated() {
            ends[NodeKey(p.start), default: []].append(i)
            ends[NodeKey(p.end), default: []].append(i)
        }
        var budget = examinationBudget
        var chains: [(path: Subpath, tags: [Int])] = []
        for seed in canonical.indices where !used[seed] {
            if seed % 256 == 0, let d = Deadline.passed { throw MergeError(d.message) }
            used[seed] = true
            var chain = canonical[seed]
            // The piece (by number) each segment of the chain came from.
            var owners = Array(repeating: seed, count: chain.segments.count)
            // Grow forward from the end, then backward from the start (by growing the reversed chain).
            for _ in 0..<2 {
                while let next = straightest(after: chain, at: NodeKey(chain.end), ends: &ends, canonical, used, budget: &budget) {
                    used[next] = true
                    let piece = canonical[next].start.distance(to: chain.end) <= joinTolerance ? canonical[next] : canonical[next].reversed()
                    chain.segments += piece.segments
                    owners += Array(repeating: next, count: piece.segments.count)
                }
                chain = chain.reversed()
                owners.reverse()
            }
            // Each piece cut from the chain keeps the tags of the pieces it holds.
            var k = 0
            for piece in split(chain, at: splitAngle) {
                var tags: [Int] = []
                var last = -1
                for o in owners[k..<(k + piece.segments.count)] where o != last { tags += pieceTags[o]; last = o }
                k += piece.segments.count
                chains.append((canonicalDirection(piece), Array(Set(tags)).sorted()))
            }
        }
        return chains.sorted { precedes($0.path, $1.path) || (!precedes($1.path, $0.path) && $0.tags.lexicographicallyPrecedes($1.tags)) }
    }

    /// The most pieces ``alternatives(tagged:splitAngle:budget:)`` starts a chain from (the first in the
    /// canonical order): a name rarely has more than a few dozen ways.
    public static let maximumAlternativeSeeds = 256

    /// Other ways to join `pieces` than ``merge(tagged:splitAngle:)``'s: from each piece (up to
    /// ``maximumAlternativeSeeds``), the chain grown at both ends by the straightest continuation among the
    /// pieces not yet in *this* chain (the merge lets each piece join only the first chain that reaches
    /// it, so at a junction of three pieces of one name the longest road may never be formed); a chain
    /// ends where every continuation turns more than `splitAngle` (the cut there would end it anyway), and
    /// is cut at its own sharp vertices. Paths identical to one another are listed once, in a canonical
    /// order; the merge's own paths may be among them. Every continuation looked at, and every segment joined, spends one of
    /// `budget` (once it is spent, the seeds left are not tried).
    /// - Throws: ``Deadline``'s error (its message) when the caller's deadline passes.
    public static func alternatives(tagged pieces: [(Subpath, Int)], splitAngle: Double, budget: inout Int) throws(MergeError) -> [(path: Subpath, tags: [Int])] {
        let sortedPieces = pieces.filter { !$0.0.segments.isEmpty }.map { (canonicalDirection($0.0), $0.1) }
            .sorted { precedes($0.0, $1.0) || (!precedes($1.0, $0.0) && $0.1 < $1.1) }
        var canonical: [Subpath] = [], pieceTags: [[Int]] = []
        for (p, tag) in sortedPieces {
            if let last = canonical.last, last == p { pieceTags[pieceTags.count - 1].append(tag) } else { canonical.append(p); pieceTags.append([tag]) }
        }
        var ends: [NodeKey: [Int]] = [:]
        for (i, p) in canonical.enumerated() {
            ends[NodeKey(p.start), default: []].append(i)
            ends[NodeKey(p.end), default: []].append(i)
        }
        var found: [Subpath: Set<Int>] = [:]
        for seed in canonical.indices.prefix(maximumAlternativeSeeds) where budget > 0 {
            if let d = Deadline.passed { throw MergeError(d.message) }
            var inChain: Set<Int> = [seed]
            var chain = canonical[seed]
            var owners = Array(repeating: seed, count: chain.segments.count)
            for _ in 0..<2 {
                while budget > 0, let out = endTangent(chain) {
                    var best: (index: Int, turn: Double, piece: Subpath)? = nil
                    for i in ends[NodeKey(chain.end)] ?? [] where !inChain.contains(i) {
                        budget -= 1
                        let p = canonical[i]
                        let forward = p.start.distance(to: chain.end) <= joinTolerance
                        guard forward || p.end.distance(to: chain.end) <= joinTolerance else { continue }
                        let piece = forward ? p : p.reversed()
                        guard let inT = startTangent(piece) else { continue }
                        let turn = abs(Turn.degrees(from: out, to: inT))
                        // A continuation through a sharp turn would be cut off again: the chain ends there.
                        if turn <= splitAngle, best == nil || turn < best!.turn { best = (i, turn, piece) }
                    }
                    guard let next = best else { break }
                    // Copying segments costs too: a seed's chain can hold every piece of its name.
                    budget -= next.piece.segments.count
                    inChain.insert(next.index)
                    chain.segments += next.piece.segments
                    owners += Array(repeating: next.index, count: next.piece.segments.count)
                }
                chain = chain.reversed()
                owners.reverse()
            }
            var k = 0
            for piece in split(chain, at: splitAngle) {
                var tags = Set<Int>()
                for o in owners[k..<(k + piece.segments.count)] { tags.formUnion(pieceTags[o]) }
                k += piece.segments.count
                found[canonicalDirection(piece), default: []].formUnion(tags)
            }
        }
        return found.map { (path: $0.key, tags: $0.value.sorted()) }
            .sorted { precedes($0.path, $1.path) || (!precedes($1.path, $0.path) && $0.tags.lexicographicallyPrecedes($1.tags)) }
    }

    /// Why a merge stopped: the caller's deadline passed.
    public struct MergeError: Error, Sendable {
        /// The deadline's message.
        public let message: String
        init(_ message: String) { self.message = message }
    }

    /// The unused piece at `chain`'s end (node `key`) whose continuation turns least, or `nil`. Used pieces
    /// are dropped from the node's list as they are met; every piece looked at spends one of `budget`.
    static func straightest(after chain: Subpath, at key: NodeKey, ends: inout [NodeKey: [Int]], _ pieces: [Subpath], _ used: [Bool],
                            budget: inout Int) -> Int? {
        guard let out = endTangent(chain), var candidates = ends[key], budget > 0 else { return nil }
        budget -= candidates.count
        candidates.removeAll { used[$0] }
        ends[key] = candidates
        var best: (index: Int, turn: Double)? = nil
        for i in candidates {
            let p = pieces[i]
            let forward = p.start.distance(to: chain.end) <= joinTolerance
            guard forward || p.end.distance(to: chain.end) <= joinTolerance else { continue }
            guard let inT = forward ? startTangent(p) : endTangent(p).map({ Vector(-$0.x, -$0.y) }) else { continue }
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

    /// A node: an end point rounded to the join tolerance. Coordinates are bounded before they get here
    /// (``Placer/maximumCoordinate``); beyond Int64's range they are clamped, never trapped on.
    struct NodeKey: Hashable {
        let x: Int64, y: Int64
        init(_ p: Point) { x = Self.cell(p.x); y = Self.cell(p.y) }

        static func cell(_ v: Double) -> Int64 {
            let q = (v / RoadMerger.joinTolerance).rounded()
            guard q.isFinite else { return q > 0 ? .max : q < 0 ? .min : 0 }  // NaN: 0
            return q >= 9.2e18 ? .max : q <= -9.2e18 ? .min : Int64(q)
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
