/// Arc-length parameterisation of a path: the point and unit tangent at any distance along it.
///
/// Distance runs through the subpaths in order; the jump of a move-to adds no length, and segments of
/// zero length are skipped. When the path is a single closed subpath (``isClosed``), distances are
/// taken modulo ``length``; otherwise they are clamped to `[0, length]`.
///
/// Building is O(n) in the number of segments: each segment is cut into parameter intervals on which a
/// 16-point Gauss–Legendre rule is accurate to about 1e-12 of the segment's size (lines and circular
/// arcs are one interval with exact, linear arc length), and the intervals' start distances are summed
/// into one sorted table. A query binary-searches that table (O(log n)) and inverts arc length within
/// the interval by safeguarded Newton iteration on `t` (bisection where the speed vanishes, as at a
/// cusp); it allocates nothing.
///
/// ``reversed()`` is O(1): it shares the tables and maps `s ↦ length − s`, negating tangents.
public struct PathMeasure: Sendable {
    /// The total length.
    public let length: Double
    /// Whether the path is one closed subpath, so distances wrap around.
    public let isClosed: Bool
    /// Whether this measure runs the path backwards (see ``reversed()``).
    public private(set) var isReversed: Bool = false
    @usableFromInline let storage: Storage

    /// The measured path, as given (not reversed).
    public var path: BezPath { storage.path }

    /// The tables shared between a measure and its reversal.
    @usableFromInline final class Storage: Sendable {
        let path: BezPath
        /// The segments of positive length, in order.
        let segments: [Segment]
        /// For each segment: its length, distance at its start, first piece, and subpath index.
        let segLength: [Double]
        let segStart: [Double]
        let segFirstPiece: [Int]
        let segSubpath: [Int]
        /// For each piece: its start distance (sorted), and where it lies on its segment.
        let pieceStart: [Double]
        let pieces: [Piece]

        init(path: BezPath, segments: [Segment], segLength: [Double], segStart: [Double], segFirstPiece: [Int],
             segSubpath: [Int], pieceStart: [Double], pieces: [Piece]) {
            self.path = path; self.segments = segments; self.segLength = segLength; self.segStart = segStart
            self.segFirstPiece = segFirstPiece; self.segSubpath = segSubpath
            self.pieceStart = pieceStart; self.pieces = pieces
        }
    }

    /// A parameter interval of one segment, on which arc length is computed by one quadrature rule.
    @usableFromInline struct Piece: Sendable {
        var t0: Double, t1: Double, length: Double
        var segment: Int
        /// Arc length is proportional to `t` (lines, circular arcs).
        var linear: Bool
        /// The speed `|B′|` at `t0` and `t1` (for the first guess of ``invert(_:_:)``; 0 for linear pieces,
        /// which never need it).
        var v0: Double = 0, v1: Double = 0
    }

    /// Measures `path`.
    /// - Throws: ``GeometryError/emptyPath`` when it has no segments, ``GeometryError/nonFinite(_:)`` when a
    ///   coordinate is NaN or infinite, ``GeometryError/lengthOverflow(segment:)`` when a segment's length
    ///   overflows, ``GeometryError/zeroLength`` when every segment has zero length.
    public init(_ path: BezPath) throws(GeometryError) {
        guard !path.isEmpty else { throw .emptyPath }
        var segments: [Segment] = [], segLength: [Double] = [], segStart: [Double] = []
        var segFirstPiece: [Int] = [], segSubpath: [Int] = []
        var pieceStart: [Double] = [], pieces: [Piece] = []
        var total = 0.0
        var subpathsWithLength = Set<Int>()
        var segmentNumber = 0
        for (si, sp) in path.subpaths.enumerated() {
            guard sp.start.isFinite else { throw .nonFinite("a path coordinate") }
            for seg in sp.segments {
                guard seg.isFinite else { throw .nonFinite("a path coordinate") }
                let linear = seg.hasConstantSpeed
                let firstPiece = pieces.count
                var segTotal = 0.0
                segmentNumber += 1
                seg.forEachArclenPiece { t0, t1, len in
                    guard len > 0 || len.isNaN else { return }  // NaN: an overflow, reported below
                    pieceStart.append(total + segTotal)
                    pieces.append(Piece(t0: t0, t1: t1, length: len, segment: segments.count, linear: linear,
                                        v0: linear ? 0 : seg.speed(t0), v1: linear ? 0 : seg.speed(t1)))
                    segTotal += len
                }
                guard segTotal.isFinite else { throw .lengthOverflow(segment: segmentNumber) }
                let scale = max(1, abs(seg.start.x), abs(seg.start.y), abs(seg.end.x), abs(seg.end.y))
                if segTotal <= 1e-13 * scale {
                    // Zero length (or within rounding of it): skipped.
                    pieceStart.removeLast(pieces.count - firstPiece)
                    pieces.removeLast(pieces.count - firstPiece)
                    continue
                }
                segments.append(seg); segLength.append(segTotal); segStart.append(total)
                segFirstPiece.append(firstPiece); segSubpath.append(si)
                subpathsWithLength.insert(si)
                total += segTotal
            }
        }
        guard total > 0 else { throw .zeroLength }
        segFirstPiece.append(pieces.count)
        length = total
        isClosed = subpathsWithLength.count == 1 && path.subpaths[subpathsWithLength.first!].isClosed
        storage = Storage(path: path, segments: segments, segLength: segLength, segStart: segStart,
                          segFirstPiece: segFirstPiece, segSubpath: segSubpath, pieceStart: pieceStart, pieces: pieces)
    }

    /// The same path measured backwards: `sample(at: s)` of the result is `sample(at: length − s)` of this
    /// measure with the tangent negated. O(1); the tables are shared.
    public func reversed() -> PathMeasure {
        var m = self
        m.isReversed.toggle()
        return m
    }

    /// The number of segments of positive length that were measured.
    public var segmentCount: Int { storage.segments.count }

    // MARK: Queries

    /// The point and unit tangent at distance `s` (clamped to `[0, length]`, or wrapped when closed).
    ///
    /// At a segment boundary the tangent is that of the segment being entered. Where the derivative
    /// vanishes (a cusp, coincident control points) the tangent is the limit of the derivative's direction
    /// from the side being entered. NaN distances count as 0; the result is never NaN for a finite path.
    public func sample(at s: Double) -> PathSample {
        let (piece, t) = locate(forward: forwardDistance(s), preferEarlier: isReversed)
        let seg = storage.segments[storage.pieces[piece].segment]
        var tangent = unitTangent(storage.pieces[piece].segment, t, entering: !isReversed)
        if isReversed { tangent = -tangent }
        return PathSample(point: seg.eval(t), tangent: tangent)
    }

    /// The point at distance `s`; see ``sample(at:)``.
    public func point(at s: Double) -> Point { sample(at: s).point }

    /// The unit tangent at distance `s`; see ``sample(at:)``.
    public func tangent(at s: Double) -> Vector { sample(at: s).tangent }

    /// `s` brought into range: wrapped into `[0, length)` when closed, clamped to `[0, length]` otherwise;
    /// NaN becomes 0.
    public func normalizedDistance(_ s: Double) -> Double {
        guard !s.isNaN else { return 0 }
        if isClosed {
            guard s.isFinite else { return 0 }
            var r = s - length * (s / length).rounded(.down)
            if r >= length || r < 0 { r = 0 }
            return r
        }
        return min(max(s, 0), length)
    }

    /// The distance along the forward path for a distance along this measure.
    @inlinable func forwardDistance(_ s: Double) -> Double {
        let n = normalizedDistance(s)
        return isReversed ? length - n : n
    }

    /// The piece and parameter at forward distance `s ∈ [0, length]`. With `preferEarlier`, a distance on
    /// a boundary between pieces resolves to the end of the earlier piece instead of the start of the later.
    @usableFromInline func locate(forward s: Double, preferEarlier: Bool) -> (piece: Int, t: Double) {
        let starts = storage.pieceStart
        // The last piece whose start is ≤ s (or < s when preferring the earlier piece).
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if preferEarlier ? starts[mid] < s : starts[mid] <= s { lo = mid + 1 } else { hi = mid }
        }
        let k = max(lo - 1, 0)
        let piece = storage.pieces[k]
        let sigma = min(max(s - starts[k], 0), piece.length)
        return (k, invert(piece, sigma))
    }

    /// The parameter `t` at which the arc length from the piece's start is `sigma`.
    ///
    /// The first guess interpolates `t(σ)` by a cubic Hermite polynomial with the end slopes `1/|B′|`;
    /// Halley steps (Newton with the curvature of arc length) then correct it, each adding the arc
    /// length over the (short) step by a 5-point rule to the 16-point value at the first guess, until the
    /// arc length is within 1e-11 of the piece's length; bisection takes over where the speed vanishes.
    @usableFromInline func invert(_ piece: Piece, _ sigma: Double) -> Double {
        let span = piece.t1 - piece.t0
        if sigma <= 0 { return piece.t0 }
        if sigma >= piece.length { return piece.t1 }
        let u = sigma / piece.length
        if piece.linear { return min(max(piece.t0 + span * u, piece.t0), piece.t1) }
        let seg = storage.segments[piece.segment]
        // Hermite guess in the unit square: slopes dt/dσ scaled by length/span.
        let v0 = piece.v0, v1 = piece.v1  // seg.speed(piece.t0), seg.speed(piece.t1), stored when measured
        var m0 = v0 > 0 ? piece.length / (span * v0) : 3, m1 = v1 > 0 ? piece.length / (span * v1) : 3
        m0 = min(m0, 3); m1 = min(m1, 3)
        let u2 = u * u, u3 = u2 * u
        var w = (-2 * u3 + 3 * u2) + (u3 - 2 * u2 + u) * m0 + (u3 - u2) * m1
        w = min(max(w, 0), 1)
        var t = piece.t0 + span * w
        let tol = 1e-11 * max(1, piece.length)
        var lo = piece.t0, hi = piece.t1
        var f = seg.arclen(from: piece.t0, to: t) - sigma
        for _ in 0..<100 {
            if abs(f) <= tol { break }
            if f > 0 { hi = t } else { lo = t }
            let (next, bisect) = seg.halleyStep(at: t, residual: f, lo: lo, hi: hi)
            if next == t || hi - lo <= 1e-16 { break }
            if !bisect && abs(next - t) <= 1e-2 * span {
                f += seg.shortArclen(from: t, to: next)
            } else {
                f = seg.arclen(from: piece.t0, to: next) - sigma
            }
            t = next
        }
        return t
    }

    /// The arc length from the path's start (forward) to parameter `t` of measured segment `index`.
    func forwardDistance(segment index: Int, t: Double) -> Double {
        let first = storage.segFirstPiece[index], end = storage.segFirstPiece[index + 1]
        // The last piece of the segment whose t0 ≤ t.
        var lo = first, hi = end
        while lo < hi {
            let mid = (lo + hi) >> 1
            if storage.pieces[mid].t0 <= t { lo = mid + 1 } else { hi = mid }
        }
        let k = max(lo - 1, first)
        let piece = storage.pieces[k]
        let tt = min(max(t, piece.t0), piece.t1)
        let within: Double
        if piece.linear {
            within = piece.length * (tt - piece.t0) / (piece.t1 - piece.t0)
        } else {
            within = storage.segments[index].arclen(from: piece.t0, to: tt)
        }
        return min(storage.pieceStart[k] + min(max(within, 0), piece.length), length)
    }

    /// The unit tangent of measured segment `index` at `t`, with the derivative-limit rule where the
    /// derivative vanishes: from the side after `t` when `entering`, else from the side before.
    func unitTangent(_ index: Int, _ t: Double, entering: Bool) -> Vector {
        storage.segments[index].unitTangent(at: t, after: entering, scale: storage.segLength[index]) ?? Vector(1, 0)
    }
}
