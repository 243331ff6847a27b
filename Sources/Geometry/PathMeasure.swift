/// Arc-length parameterisation of a path: the point and unit tangent at any distance along it.
///
/// Distance runs through the subpaths in order; the jump of a move-to adds no length, and segments of
/// zero length are skipped. When the path is a single closed subpath (``isClosed``), distances are
/// taken modulo ``length``; otherwise they are clamped to `[0, length]`.
///
/// Building is O(n) in the number of segments: each segment is cut into parameter intervals on which a
/// 16-point Gauss–Legendre rule is accurate to the ``Accuracy`` asked for (by default about 1e-12 of the
/// segment's size) (lines and circular
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

    /// The measured path, as given (not reversed). For a measure made by ``parallel(offset:tolerance:)``
    /// it is the offset path, rebuilt from the measured segments when asked for (not stored twice).
    public var path: BezPath { storage.path ?? storage.rebuiltPath() }

    /// The tables shared between a measure and its reversal.
    @usableFromInline final class Storage: Sendable {
        /// The path as given; `nil` when it is not kept (see ``PathMeasure/path``).
        let path: BezPath?
        /// For each subpath, whether it is closed (what ``rebuiltPath()`` needs besides the segments).
        let subpathClosed: [Bool]
        /// The accuracy it was measured with.
        @usableFromInline let accuracy: Accuracy
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

        init(path: BezPath?, subpathClosed: [Bool], accuracy: Accuracy, segments: [Segment], segLength: [Double], segStart: [Double], segFirstPiece: [Int],
             segSubpath: [Int], pieceStart: [Double], pieces: [Piece]) {
            self.path = path; self.subpathClosed = subpathClosed; self.accuracy = accuracy; self.segments = segments; self.segLength = segLength; self.segStart = segStart
            self.segFirstPiece = segFirstPiece; self.segSubpath = segSubpath
            self.pieceStart = pieceStart; self.pieces = pieces
        }

        /// The measured segments as a path: one subpath per run of segments of one subpath, closed as it
        /// was (segments of zero length are not in it).
        func rebuiltPath() -> BezPath {
            var out = BezPath()
            for (i, seg) in segments.enumerated() {
                if i == 0 || segSubpath[i] != segSubpath[i - 1] {
                    if i > 0, subpathClosed[segSubpath[i - 1]] { out.close() }
                    out.move(to: seg.start)
                }
                out.append(seg)
            }
            if let last = segSubpath.last, subpathClosed[last] { out.close() }
            return out
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

    /// Measures `path` to ``Accuracy/default``.
    /// - Throws: see ``init(_:accuracy:)``.
    public init(_ path: BezPath) throws(GeometryError) {
        try self.init(path, accuracy: .default)
    }

    /// Measures `path` to `accuracy`.
    /// - Throws: ``GeometryError/emptyPath`` when it has no segments, ``GeometryError/nonFinite(_:)`` when a
    ///   coordinate is NaN or infinite, ``GeometryError/lengthOverflow(segment:)`` when a segment's length
    ///   overflows, ``GeometryError/zeroLength`` when every segment has zero length.
    public init(_ path: BezPath, accuracy: Accuracy) throws(GeometryError) {
        try self.init(path, accuracy: accuracy, keepingPath: true)
    }

    /// Measures `path`, keeping it for ``path`` or (`keepingPath: false`) only its measured segments.
    init(_ path: BezPath, accuracy: Accuracy, keepingPath: Bool) throws(GeometryError) {
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
                seg.forEachArclenPiece(accuracy: accuracy.arclen) { t0, t1, len in
                    guard len > 0 || len.isNaN else { return }  // NaN: an overflow, reported below
                    pieceStart.append(total + segTotal)
                    pieces.append(Piece(t0: t0, t1: t1, length: len, segment: segments.count, linear: linear,
                                        v0: linear ? 0 : seg.speed(t0), v1: linear ? 0 : seg.speed(t1)))
                    segTotal += len
                }
                guard segTotal.isFinite else { throw .lengthOverflow(segment: segmentNumber) }
                let scale = max(1, abs(seg.start.x), abs(seg.start.y), abs(seg.end.x), abs(seg.end.y))
                if segTotal <= Tolerance.zeroLength * scale {
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
        storage = Storage(path: keepingPath ? path : nil, subpathClosed: path.subpaths.map(\.isClosed),
                          accuracy: accuracy, segments: segments, segLength: segLength, segStart: segStart,
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

    /// The bytes the measure's tables and its path hold (array capacities times element strides), for
    /// memory bounds: each measured segment costs one `Segment` in the path (when it is kept) and one in the tables, four
    /// per-segment numbers, and a `Piece` and its start per quadrature piece.
    var storedByteCount: Int {
        let st = storage
        let pathBytes = st.path?.subpaths.reduce(0) { $0 + MemoryLayout<Subpath>.stride
            + $1.segments.capacity * MemoryLayout<Segment>.stride } ?? 0
        return pathBytes + st.subpathClosed.capacity + st.segments.capacity * MemoryLayout<Segment>.stride
            + (st.segLength.capacity + st.segStart.capacity) * MemoryLayout<Double>.stride
            + (st.segFirstPiece.capacity + st.segSubpath.capacity) * MemoryLayout<Int>.stride
            + st.pieceStart.capacity * MemoryLayout<Double>.stride + st.pieces.capacity * MemoryLayout<Piece>.stride
    }

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
        if isClosed { return Angle.wrapped(s, period: length) }
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
    /// ``parameter(on:piece:atArclen:from:residual:tolerance:)`` then corrects it until the arc length is
    /// within the accuracy's inversion tolerance.
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
        let t = piece.t0 + span * w
        let f = seg.arclen(from: piece.t0, to: t) - sigma
        return Self.parameter(on: seg, piece: piece, atArclen: sigma, from: t, residual: f,
                              tolerance: inversionTolerance(piece)).t
    }

    /// The inversion tolerance on `piece`: the accuracy's fraction of its length (of 1 when shorter).
    func inversionTolerance(_ piece: Piece) -> Double {
        storage.accuracy.inversion * max(1, piece.length)
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
