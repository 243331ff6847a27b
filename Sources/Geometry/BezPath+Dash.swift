/// A stroke's dash pattern (SVG `stroke-dasharray` and `stroke-dashoffset`): lengths that alternate
/// dash, gap, dash, … along each subpath, the pattern starting `offset` into itself.
public struct DashPattern: Hashable, Sendable {
    /// The dash and gap lengths, an even number of them (an odd list is repeated once, as SVG says).
    public private(set) var lengths: [Double]
    /// How far into the pattern each subpath starts (any finite number; taken modulo ``period``).
    public var offset: Double

    /// The most dashes one path is cut into: past it the path is stroked solid (see ``BezPath/dashed(by:)``).
    public static let maximumDashes = 100_000

    /// A pattern of `lengths` (each finite and ≥ 0) starting `offset` into it, or `nil` when the lengths
    /// draw a solid line: an empty list, or one that adds up to zero (SVG then strokes solid).
    public init?(_ lengths: [Double], offset: Double = 0) {
        precondition(lengths.allSatisfy { $0.isFinite && $0 >= 0 } && offset.isFinite, "dash lengths are finite and not negative")
        guard lengths.reduce(0, +) > 0 else { return nil }
        self.lengths = lengths.count % 2 == 1 ? lengths + lengths : lengths
        self.offset = offset
    }

    /// The length of one repetition of the pattern.
    public var period: Double { lengths.reduce(0, +) }

    /// The dashes along a line of `length` as distance intervals, in order, each of positive length; `nil`
    /// when there would be more than `limit` of them.
    public func dashes(along length: Double, limit: Int = DashPattern.maximumDashes) -> [ClosedRange<Double>]? {
        let period = self.period
        guard length > 0 else { return [] }
        // Each period holds lengths.count / 2 dashes: refuse before walking a pattern finer than the limit.
        guard (length / period + 1) * Double(lengths.count / 2) <= Double(limit) + Double(lengths.count) else { return nil }
        // Where the pattern stands at distance 0: in entry `i`, `into` along it.
        var phase = offset.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var i = 0
        while phase >= lengths[i] { phase -= lengths[i]; i = (i + 1) % lengths.count }
        var out: [ClosedRange<Double>] = []
        var s = -phase
        while s < length {
            let e = s + lengths[i]
            if i % 2 == 0, min(e, length) > max(s, 0) {
                guard out.count < limit else { return nil }
                out.append(max(s, 0)...min(e, length))
            }
            s = e
            i = (i + 1) % lengths.count
        }
        return out
    }
}

extension BezPath {
    /// The path cut into its dashes: each subpath restarts `pattern` (as SVG's dashing does), and each
    /// dash is an open subpath following the curve exactly (``PathMeasure/portion(from:to:)``). A subpath
    /// of zero length gives nothing; a path that would be cut into more than
    /// ``DashPattern/maximumDashes`` dashes is returned whole (stroked solid, so that the work stays
    /// bounded).
    public func dashed(by pattern: DashPattern) -> BezPath {
        var out = BezPath()
        var count = 0
        for sp in subpaths where !sp.segments.isEmpty {
            guard let m = try? PathMeasure(BezPath(subpaths: [sp])) else { continue }
            guard let dashes = pattern.dashes(along: m.length, limit: DashPattern.maximumDashes - count) else { return self }
            count += dashes.count
            for d in dashes {
                guard let piece = try? m.portion(from: d.lowerBound, to: d.upperBound) else { continue }
                out.subpaths += piece.subpaths.map { Subpath(start: $0.start, segments: $0.segments, isClosed: false) }
            }
        }
        return out
    }
}
