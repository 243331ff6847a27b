import CPrefetch
import Synchronization

/// Arc-length parameterisation of a path: the point and unit tangent at any distance along it.
///
/// Distance runs through the subpaths in order; the jump of a move-to adds no length, and segments of
/// zero length are skipped. When the path is a single closed subpath (``isClosed``), distances are
/// taken modulo ``length``; otherwise they are clamped to `[0, length]`.
///
/// Building is O(n) in the number of segments and computes only each segment's length: the
/// Clenshaw–Curtis rule on the speed at 17 Chebyshev points, its error judged against the nested 9-point
/// rule on the same speeds, the parameter interval halved until it holds (most curves are one interval).
/// Lines and circular arcs have exact, linear arc length. What queries need of a segment is built on the
/// first query into it (see ``SegmentRecords``), so a label that touches two segments of a long road pays
/// for two: the segment is cut into parameter intervals ("pieces") on which a degree-16 polynomial of the
/// parameter against distance is accurate to the ``Accuracy``, each piece one record (its start
/// distance, the fit, and the curve on the piece as a polynomial), the pieces' lengths scaled to sum to
/// the segment's length. A query finds its segment through a table of uniform distance buckets, one per
/// ``Storage/segmentsPerBucket`` segments (small enough to stay in the cache), then counts the segment
/// starts of its bucket that lie at or before the distance (on 16-bit positions within the bucket, which
/// stay cached; O(1) for evenly spread segments, a binary search within the bucket otherwise), and asks
/// for the segment's records slot, at a fixed place in one arena (``RecordArena``), before it reads it;
/// then it finds its piece, evaluates the fit and the curve, and normalises the curve's derivative for
/// the tangent: no iteration, and once the segment's records exist it allocates nothing. Many queries at
/// once (``samples(at:)``) overlap their memory waits. Measures are shared between threads: each
/// segment's slot is written once behind an atomic state and read without a lock.
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

    /// The query records of one segment, built on its first query: its pieces in order, with absolute
    /// start distances (the first the segment's start, the last ending at the segment's end). A view of
    /// the segment's slot in the storage's ``RecordArena`` (or, for a segment of more than
    /// ``RecordArena/inlinePieces`` pieces, of the block the slot points to), so that queries touch no
    /// reference count.
    @usableFromInline struct SegmentRecords {
        let records: UnsafeBufferPointer<FitRecord>
        let pieces: UnsafeBufferPointer<Piece>
        /// The second and third pieces' starts in a slot of up to ``RecordArena/inlinePieces`` pieces, +∞
        /// where there is none (read from the slot's header line; unused for more pieces).
        let secondStart: Double, thirdStart: Double

        /// No records (what a ``Sampler`` holds before its first query).
        static var none: SegmentRecords { SegmentRecords() }

        private init() {
            records = UnsafeBufferPointer(start: nil, count: 0); pieces = UnsafeBufferPointer(start: nil, count: 0)
            secondStart = .infinity; thirdStart = .infinity
        }

        /// The view of a built slot of a ``RecordArena``.
        @inline(__always) init(_ slot: UnsafeRawPointer) {
            let n = slot.load(fromByteOffset: RecordArena.countOffset, as: Int.self)
            secondStart = slot.load(fromByteOffset: RecordArena.secondStartOffset, as: Double.self)
            thirdStart = slot.load(fromByteOffset: RecordArena.thirdStartOffset, as: Double.self)
            if n <= RecordArena.inlinePieces {
                records = UnsafeBufferPointer(start: (slot + RecordArena.recordsOffset).assumingMemoryBound(to: FitRecord.self), count: n)
                pieces = UnsafeBufferPointer(start: (slot + RecordArena.piecesOffset).assumingMemoryBound(to: Piece.self), count: n)
            } else {
                let block = slot.load(fromByteOffset: RecordArena.overflowOffset, as: UnsafeRawPointer.self)
                let r = (block + Self.header).assumingMemoryBound(to: FitRecord.self)
                records = UnsafeBufferPointer(start: r, count: n)
                pieces = UnsafeBufferPointer(start: UnsafeRawPointer(r + n).assumingMemoryBound(to: Piece.self), count: n)
            }
        }

        /// An overflow block's header: the count, then the next block of the storage's list (for `deinit`).
        static let header = 16

        /// A block holding copies of `records` and `pieces` (as many of each), for a segment of more
        /// pieces than a slot holds.
        static func allocate(records: [FitRecord], pieces: [Piece]) -> UnsafeRawPointer {
            let n = records.count
            let p = UnsafeMutableRawPointer.allocate(byteCount: byteCount(n), alignment: 16)
            p.storeBytes(of: n, as: Int.self)
            p.storeBytes(of: nil, toByteOffset: 8, as: UnsafeRawPointer?.self)
            let r = (p + header).bindMemory(to: FitRecord.self, capacity: n)
            records.withUnsafeBufferPointer { r.initialize(from: $0.baseAddress!, count: n) }
            let q = UnsafeMutableRawPointer(r + n).bindMemory(to: Piece.self, capacity: n)
            pieces.withUnsafeBufferPointer { q.initialize(from: $0.baseAddress!, count: n) }
            return UnsafeRawPointer(p)
        }

        /// Frees a block (records and pieces are plain numbers: nothing to deinitialize).
        static func deallocate(_ block: UnsafeRawPointer) { UnsafeMutableRawPointer(mutating: block).deallocate() }

        /// The bytes of a block of `n` pieces.
        static func byteCount(_ n: Int) -> Int {
            header + n * (MemoryLayout<FitRecord>.stride + MemoryLayout<Piece>.stride)
        }
    }

    /// The tables shared between a measure and its reversal.
    ///
    /// `@unchecked Sendable`: besides immutable tables it owns the ``RecordArena``, whose slots are
    /// written once each behind an atomic state (see ``RecordArena/publish(_:records:pieces:overflow:)``),
    /// and the list of overflow blocks, pushed by compare-and-exchange.
    @usableFromInline final class Storage: @unchecked Sendable {
        /// Keeps the tables below off the reference count's cache line: a measure kept by ``PathCache``
        /// is sampled by every thread, which retain and release it per label.
        private let pad = CacheLinePad()
        /// The path as given; `nil` when it is not kept (see ``PathMeasure/path``).
        let path: BezPath?
        /// For each subpath, whether it is closed (what ``rebuiltPath()`` needs besides the segments).
        let subpathClosed: [Bool]
        /// The accuracy it was measured with.
        @usableFromInline let accuracy: Accuracy
        /// The segments of positive length, in order.
        let segments: [Segment]
        /// For each segment: its length and subpath index.
        let segLength: [Double]
        let segSubpath: [Int]
        /// For each segment, the distance at its start; followed in memory by ``window`` copies of +∞,
        /// which the counting search reads past the last segment.
        let segStart: UnsafeBufferPointer<Double>
        /// The total length.
        let total: Double
        /// For each segment, the 16-bit position of its start within its distance bucket
        /// (``quantized(_:bucket:)``), followed by ``window`` entries of padding: the search compares
        /// these (200 KB at 100 000 segments, which stay in the L2 cache) instead of the starts (800 KB,
        /// which do not), and reads the starts only when a position ties.
        let quantizedStart: UnsafeMutablePointer<UInt16>
        /// Each segment's query records once a query has needed them, in a fixed-size slot per segment.
        let arena: RecordArena
        /// The blocks of segments with more pieces than a slot holds, linked through their headers.
        private let overflowBlocks = Atomic<UnsafeRawPointer?>(nil)
        /// For distance bucket `b` (`⌊s·bucketScale⌋`, at most `bucketCount − 1`), the last segment
        /// whose start lies in an earlier bucket (0 when none): the segment of a distance in bucket `b`
        /// lies in `buckets[b] … buckets[b + 1]`.
        let buckets: [Int32]
        let bucketScale: Double
        var bucketCount: Int { buckets.count - 1 }

        /// Segments per distance bucket, on average. A bucket per segment (as before) made the table
        /// 4 bytes a segment, 400 KB at 100 000 segments: with the records it fell out of the 2 MB L2 and
        /// every random query missed on it. One per 8 is 50 KB, which stays cached, and the search
        /// within a bucket counts at most ``window`` starts, which come in one or two cache lines.
        static let segmentsPerBucket = 8
        /// The starts a bucket's search counts without branching (a bucket holding more is searched by
        /// bisection).
        static let window = 16

        init(path: BezPath?, subpathClosed: [Bool], accuracy: Accuracy, segments: [Segment], segLength: [Double],
             segStart: [Double], segSubpath: [Int], length: Double) {
            self.path = path; self.subpathClosed = subpathClosed; self.accuracy = accuracy; self.segments = segments
            self.segLength = segLength; self.segSubpath = segSubpath; self.total = length
            let n = segments.count
            let starts = UnsafeMutablePointer<Double>.allocate(capacity: n + Self.window)
            segStart.withUnsafeBufferPointer { starts.initialize(from: $0.baseAddress!, count: n) }
            (starts + n).initialize(repeating: .infinity, count: Self.window)
            self.segStart = UnsafeBufferPointer(start: starts, count: n)
            arena = RecordArena(count: n)
            let nb = (n + Self.segmentsPerBucket - 1) / Self.segmentsPerBucket
            let scale = Double(nb) / length
            var buckets = [Int32](repeating: 0, count: nb + 1)
            for k in 0..<n {
                let b = Self.bucket(segStart[k], scale: scale, count: nb)
                buckets[b + 1] = Int32(k)
            }
            for b in 1...nb { buckets[b] = max(buckets[b], buckets[b - 1]) }
            self.buckets = buckets; self.bucketScale = scale
            let q = UnsafeMutablePointer<UInt16>.allocate(capacity: n + Self.window)
            for k in 0..<n {
                q[k] = Self.quantized(segStart[k], scale: scale, bucket: Self.bucket(segStart[k], scale: scale, count: nb))
            }
            (q + n).initialize(repeating: .max, count: Self.window)
            quantizedStart = q
        }

        deinit {
            var next = overflowBlocks.load(ordering: .acquiring)
            while let p = next {
                next = p.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
                SegmentRecords.deallocate(p)
            }
            arena.release()
            quantizedStart.deallocate()
            UnsafeMutablePointer(mutating: segStart.baseAddress!).deinitialize(count: segments.count + Self.window)
            UnsafeMutablePointer(mutating: segStart.baseAddress!).deallocate()
        }

        /// The bucket of forward distance `s ≥ 0`.
        @inline(__always) static func bucket(_ s: Double, scale: Double, count: Int) -> Int {
            min(Int(s * scale), count - 1)
        }

        /// The position of distance `s` within bucket `b` (which holds it) in 65 536 steps, rounded to
        /// the nearest: a non-decreasing function of `s` (each operation rounds monotonically), so that
        /// for two distances of one bucket a smaller position means a smaller distance and a larger one
        /// a larger; equal positions decide nothing. The rounding is that of adding 2⁵² (whose double
        /// has the integer in its low bits), three instructions where a checked conversion takes ten.
        @inline(__always) static func quantized(_ s: Double, scale: Double, bucket b: Int) -> UInt16 {
            let f = min(max((s * scale - Double(b)) * 65536, 0), 65535)
            return UInt16(truncatingIfNeeded: (f + 0x1p52).bitPattern)
        }

        /// The segment of forward distance `s ∈ [0, length]`: the last whose start is ≤ `s` (< `s` with
        /// `preferEarlier`, so that a distance on a boundary resolves to the end of the earlier one), or 0.
        @inline(__always) func locateSegment(_ s: Double, preferEarlier: Bool) -> Int {
            let b = Self.bucket(s, scale: bucketScale, count: bucketCount)
            return locateSegment(s, preferEarlier: preferEarlier, bucket: b, lo: Int(buckets[b]), hi: Int(buckets[b + 1]))
        }

        /// The segments `lo … hi` that the segment of forward distance `s` lies among.
        @inline(__always) func bucketRange(_ s: Double) -> (lo: Int, hi: Int) {
            let b = Self.bucket(s, scale: bucketScale, count: bucketCount)
            return (Int(buckets[b]), Int(buckets[b + 1]))
        }

        /// ``locateSegment(_:preferEarlier:)`` among the segments `lo … hi` of `s`'s bucket `b`.
        ///
        /// Every start after `hi` lies in a later bucket than `s`, so it is > `s`; `lo`'s start lies in an
        /// earlier one, so it is < `s` (or `lo` is 0). The answer is then `lo` plus the number of starts
        /// `lo + 1 … hi` that are ≤ `s` (< `s`: ≤ the next double below `s`), counted without a branch when
        /// the bucket holds no more than ``window``: first on the starts' 16-bit positions in the bucket
        /// (``quantizedStart``), which decide every start whose position differs from `s`'s; when one
        /// ties (about 1 query in 8 000), on the starts themselves (the padding after the last is +∞).
        /// A bisection of `lo … hi` otherwise.
        @inline(__always) func locateSegment(_ s: Double, preferEarlier: Bool, bucket b: Int, lo: Int, hi: Int) -> Int {
            if hi - lo <= Self.window {
                let q = SIMD16<UInt16>(repeating: Self.quantized(s, scale: bucketScale, bucket: b))
                let v = UnsafeRawPointer(quantizedStart + lo + 1).loadUnaligned(as: SIMD16<UInt16>.self)
                let lanes = SIMD16<UInt16>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
                let inBucket = lanes .< SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: hi - lo))
                // The reductions by hand, in 64-bit words: `any` and `wrappedSum` of 16 lanes are calls.
                let tie = unsafeBitCast(SIMD16<UInt16>().replacing(with: .max, where: (v .== q) .& inBucket), to: SIMD4<UInt64>.self)
                if (tie[0] | tie[1] | tie[2] | tie[3]) == 0 {
                    let below = unsafeBitCast(SIMD16<UInt16>().replacing(with: 1, where: (v .< q) .& inBucket), to: SIMD4<UInt64>.self)
                    var sum = below[0] &+ below[1] &+ below[2] &+ below[3]  // four counts ≤ 4 in 16-bit fields
                    sum = sum &+ (sum >> 32)
                    sum = sum &+ (sum >> 16)
                    return lo + Int(sum & 0xFFFF)
                }
                // In vectors: written as a scalar loop, the compiler branches on each comparison.
                let t = SIMD8<Double>(repeating: preferEarlier ? s.nextDown : s)
                let p = UnsafeRawPointer(segStart.baseAddress! + lo + 1)
                let a = p.loadUnaligned(as: SIMD8<Double>.self), b = p.loadUnaligned(fromByteOffset: 64, as: SIMD8<Double>.self)
                let one = SIMD8<Int64>(repeating: 1), zero = SIMD8<Int64>()
                let count = zero.replacing(with: one, where: a .<= t) &+ zero.replacing(with: one, where: b .<= t)
                return lo + Int(count.wrappedSum())
            }
            var lo = lo, hi = hi
            while lo < hi {
                let mid = (lo + hi + 1) >> 1
                let x = segStart[mid]
                if preferEarlier ? x < s : x <= s { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }

        /// The segment of forward distance `s` (as ``locateSegment(_:preferEarlier:)``) and its records
        /// slot, built on first use. The search reads only the bucket table and the 16-bit positions,
        /// which stay cached; the slot's address follows from the segment, and its header and records
        /// (``RecordArena/queryLines`` lines) are asked for at once, so that a random query waits for
        /// one DRAM latency.
        @inline(__always) func locateRecords(_ s: Double, preferEarlier: Bool) -> (segment: Int, block: UnsafeRawPointer) {
            let i = locateSegment(s, preferEarlier: preferEarlier)
            let slot = arena.slot(i)
            for line in 0..<RecordArena.queryLines { pt_prefetch_once(slot + 64 * line) }
            return (i, arena.isBuilt(slot) ? UnsafeRawPointer(slot) : buildRecords(i))
        }

        /// The segment of forward distance `s` by bisection of all segment starts: what
        /// ``locateSegment(_:preferEarlier:)`` must agree with (for the tests).
        func locateSegmentByBisection(_ s: Double, preferEarlier: Bool) -> Int {
            var lo = 0, hi = segments.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) >> 1
                let x = segStart[mid]
                if preferEarlier ? x < s : x <= s { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }

        /// The query records of segment `i`, built on first use.
        @inline(__always) func records(_ i: Int) -> SegmentRecords { SegmentRecords(recordsBlock(i)) }

        /// The slot of segment `i`'s query records, built on first use.
        @inline(__always) func recordsBlock(_ i: Int) -> UnsafeRawPointer {
            let slot = arena.slot(i)
            return arena.isBuilt(slot) ? UnsafeRawPointer(slot) : buildRecords(i)
        }

        /// The records of segment `i` if a query has built them (for memory accounting).
        func builtRecords(_ i: Int) -> SegmentRecords? {
            let slot = arena.slot(i)
            return arena.isBuilt(slot) ? SegmentRecords(slot) : nil
        }

        /// The overflow blocks' bytes (for memory accounting).
        var overflowByteCount: Int {
            var bytes = 0
            var next = overflowBlocks.load(ordering: .acquiring)
            while let p = next {
                bytes += SegmentRecords.byteCount(p.load(as: Int.self))
                next = p.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
            }
            return bytes
        }

        /// Builds the records of segment `i` and writes them into its slot, unless another thread is
        /// first (ours are then dropped); returns the slot, built.
        @inline(never) func buildRecords(_ i: Int) -> UnsafeRawPointer {
            let slot = arena.slot(i)
            var builder = FitBuilder()
            let (records, pieces) = PathMeasure.makeRecords(segments[i], start: segStart[i], length: segLength[i],
                                                            end: i + 1 < segments.count ? segStart[i + 1] : total,
                                                            accuracy: accuracy, builder: &builder)
            arena.publish(slot, records: records, pieces: pieces) {
                let block = SegmentRecords.allocate(records: records, pieces: pieces)
                var head = overflowBlocks.load(ordering: .relaxed)
                while true {
                    UnsafeMutableRawPointer(mutating: block).storeBytes(of: head, toByteOffset: 8, as: UnsafeRawPointer?.self)
                    let (exchanged, original) = overflowBlocks.compareExchange(expected: head, desired: block, ordering: .releasing)
                    if exchanged { break }
                    head = original
                }
                return block
            }
            return UnsafeRawPointer(slot)
        }

        /// The piece of forward distance `s` within segment `i`'s records (as ``locateSegment(_:preferEarlier:)``
        /// within the segment).
        @inline(__always) static func locate(_ rs: SegmentRecords, _ s: Double, preferEarlier: Bool) -> Int {
            let n = rs.records.count
            if n <= RecordArena.inlinePieces {
                // Most segments have one to three pieces: the choice as two selects, not branches that a
                // random query mispredicts, from the slot's header line (a start is +∞ where there is no
                // piece).
                let x1 = rs.secondStart, x2 = rs.thirdStart
                return ((preferEarlier ? x1 < s : x1 <= s) ? 1 : 0) + ((preferEarlier ? x2 < s : x2 <= s) ? 1 : 0)
            }
            var lo = 0, hi = n - 1
            while lo < hi {
                let mid = (lo + hi + 1) >> 1
                let x = rs.records[mid].start
                if preferEarlier ? x < s : x <= s { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }

        /// Whether segment `j` is the one ``locateSegment(_:preferEarlier:)`` gives for `s`: its start is
        /// ≤ `s` (< `s` when `preferEarlier`) unless it is the first, and the next one's is not.
        @inline(__always) func segmentHolds(_ j: Int, _ s: Double, preferEarlier: Bool) -> Bool {
            let x0 = segStart[j]
            if j > 0 && !(preferEarlier ? x0 < s : x0 <= s) { return false }
            guard j + 1 < segments.count else { return true }
            let x1 = segStart[j + 1]
            return !(preferEarlier ? x1 < s : x1 <= s)
        }

        /// Whether piece `k` of segment `i` (records `rs`) is the one the lookup gives for `s`.
        @inline(__always) func holds(_ i: Int, _ rs: SegmentRecords, _ k: Int, _ s: Double, preferEarlier: Bool) -> Bool {
            let x0 = rs.records[k].start
            if (k > 0 || i > 0) && !(preferEarlier ? x0 < s : x0 <= s) { return false }
            let x1: Double
            if k + 1 < rs.records.count { x1 = rs.records[k + 1].start }
            else if i + 1 < segments.count { x1 = segStart[i + 1] }
            else { return true }
            return !(preferEarlier ? x1 < s : x1 <= s)
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

    /// A parameter interval of one segment, with its length.
    @usableFromInline struct Piece: Sendable {
        var t0: Double, t1: Double, length: Double
        /// The piece's length over the sum its segment's pieces were built with (the lengths scale to
        /// the segment's measured length; within 1 by the accuracy).
        var ratio = 1.0
        /// Arc length is proportional to `t` (lines, circular arcs).
        var linear: Bool
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
        let segmentEstimate = path.subpaths.reduce(0) { $0 + $1.segments.count }
        var segments: [Segment] = [], segLength: [Double] = [], segStart: [Double] = [], segSubpath: [Int] = []
        segments.reserveCapacity(segmentEstimate); segLength.reserveCapacity(segmentEstimate)
        segStart.reserveCapacity(segmentEstimate); segSubpath.reserveCapacity(segmentEstimate)
        var total = 0.0
        // The subpaths with length: how many, and the last (they come in order).
        var subpathsWithLength = 0, lastWithLength = -1
        var segmentNumber = 0
        var stack = LengthStack()
        for (si, sp) in path.subpaths.enumerated() {
            guard sp.start.isFinite else { throw .nonFinite("a path coordinate") }
            for seg in sp.segments {
                guard seg.isFinite else { throw .nonFinite("a path coordinate") }
                segmentNumber += 1
                let segTotal = Self.segmentLength(seg, accuracy: accuracy, stack: &stack)
                guard segTotal.isFinite else { throw .lengthOverflow(segment: segmentNumber) }
                let scale = max(1, abs(seg.start.x), abs(seg.start.y), abs(seg.end.x), abs(seg.end.y))
                // Zero length (or within rounding of it): skipped.
                if segTotal <= Tolerance.zeroLength * scale { continue }
                segments.append(seg); segLength.append(segTotal); segStart.append(total); segSubpath.append(si)
                if lastWithLength != si { subpathsWithLength += 1; lastWithLength = si }
                total += segTotal
            }
        }
        guard total > 0 else { throw .zeroLength }
        guard total.isFinite else { throw .lengthOverflow(segment: segmentNumber) }
        length = total
        isClosed = subpathsWithLength == 1 && path.subpaths[lastWithLength].isClosed
        storage = Storage(path: keepingPath ? path : nil, subpathClosed: path.subpaths.map(\.isClosed),
                          accuracy: accuracy, segments: segments, segLength: segLength, segStart: segStart,
                          segSubpath: segSubpath, length: total)
    }

    /// The query records of `seg`, which starts at distance `start` and has length `length` (ending at
    /// `end`, its start plus its length as the build summed them): the pieces' lengths are scaled by
    /// the ratio of `length` to their sum (which agree to the accuracy), so that the records tile the
    /// segment exactly and agree with the lookup of segments.
    static func makeRecords(_ seg: Segment, start: Double, length segTotal: Double, end: Double, accuracy: Accuracy,
                            builder: inout FitBuilder) -> (records: [FitRecord], pieces: [Piece]) {
        var records: [FitRecord] = [], pieces: [Piece] = []
        // A curve of a few hundred pixels takes up to four pieces: one allocation each, not three.
        records.reserveCapacity(4); pieces.reserveCapacity(4)
        var s = 0.0
        appendPieces(seg, at: &s, accuracy: accuracy, builder: &builder, records: &records, pieces: &pieces)
        if records.isEmpty {
            // Rounding left no piece of positive length (the build found one): one linear piece.
            var r = FitRecord(start: 0, length: segTotal)
            r.minDerivSquared = .infinity; r.linear = true
            records.append(r); pieces.append(Piece(t0: 0, t1: 1, length: segTotal, linear: true))
            s = segTotal
        }
        let ratio = segTotal / s
        var sum = 0.0
        for k in records.indices {
            let a = start + segTotal * (sum / s)
            sum += pieces[k].length
            let b = k + 1 == records.count ? end : start + segTotal * (sum / s)
            let len = pieces[k].length * ratio
            records[k].start = a; records[k].length = len; records[k].span = max(b - a, .leastNormalMagnitude)
            pieces[k].length = len; pieces[k].ratio = ratio
            // The derivative (in each piece's own parameter) below which the tangent rule is asked.
            if records[k].minDerivSquared.isFinite {
                let m = Tolerance.tangentSpeed * segTotal * (pieces[k].t1 - pieces[k].t0)
                records[k].minDerivSquared = m * m
            }
        }
        return (records, pieces)
    }

    /// Appends the pieces of `seg` (starting at distance `s`, which it moves to the end). Piece starts
    /// are running sums, so each piece's start is exactly the previous one's start plus its length.
    static func appendPieces(_ seg: Segment, at s: inout Double, accuracy: Accuracy,
                             builder: inout FitBuilder, records: inout [FitRecord], pieces: inout [Piece]) {
        let size = max(seg.controlPolygonLength, .leastNormalMagnitude)
        if seg.hasConstantSpeed {
            let len = seg.arclen(from: 0, to: 1)
            guard len > 0 || len.isNaN else { return }
            var r = FitRecord(start: s, length: len)
            r.linear = true
            switch seg {
            case .line(let l):
                r.c0 = SIMD2(l.p0.x, l.p0.y); r.c1 = SIMD2(l.p1.x - l.p0.x, l.p1.y - l.p0.y); r.minDerivSquared = 0
            case .quad(let q):
                r.c0 = SIMD2(q.p0.x, q.p0.y); r.c1 = SIMD2(q.p2.x - q.p0.x, q.p2.y - q.p0.y); r.minDerivSquared = 0
            case .cubic, .arc:
                break  // evaluated on the segment
            }
            records.append(r)
            pieces.append(Piece(t0: 0, t1: 1, length: len, linear: true))
            s += len
            return
        }
        // Floors at what rounding allows, so that halving always ends.
        let lengthTolerance = max(accuracy.arclen, 1e-14) * size
        let fitTolerance = max(accuracy.inversion, 1e-13) * max(1, size)
        // The curve in powers of t (a quadratic is its exact degree elevation).
        let cubic: CubicBez?
        switch seg {
        case .cubic(let c): cubic = c
        case .quad(let q): cubic = q.cubic
        case .line, .arc: cubic = nil
        }
        func append(_ t0: Double, _ t1: Double, _ len: Double, _ fit: UnsafePointer<Double>) {
            guard len > 0 || len.isNaN else { return }
            var r = FitRecord(start: s, length: len)
            r.setFit(fit)
            if let c = cubic {
                // B(t) = a0 + a1 t + a2 t² + a3 t³, re-expanded about t0 in w = (t − t0)/span.
                let a0 = c.p0, a1 = (c.p1 - c.p0) * 3, a2 = ((c.p2 - c.p1) - (c.p1 - c.p0)) * 3
                let a3 = (c.p3 - c.p0) + (c.p1 - c.p2) * 3
                let h = t1 - t0, x = t0
                r.c0 = SIMD2(a0.x + x * (a1.x + x * (a2.x + x * a3.x)), a0.y + x * (a1.y + x * (a2.y + x * a3.y)))
                r.c1 = SIMD2(h * (a1.x + x * (2 * a2.x + x * 3 * a3.x)), h * (a1.y + x * (2 * a2.y + x * 3 * a3.y)))
                r.c2 = SIMD2(h * h * (a2.x + 3 * a3.x * x), h * h * (a2.y + 3 * a3.y * x))
                r.c3 = SIMD2(h * h * h * a3.x, h * h * h * a3.y)
                r.minDerivSquared = 0
            }
            records.append(r)
            pieces.append(Piece(t0: t0, t1: t1, length: len, linear: false))
            s += len
        }
        if let c = cubic {
            builder.pieces(CubicSpeed(c), lengthTolerance: lengthTolerance, fitTolerance: fitTolerance, append)
        } else {
            builder.pieces(SegmentSpeed(segment: seg), lengthTolerance: lengthTolerance, fitTolerance: fitTolerance, append)
        }
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
    /// memory bounds: each measured segment costs one `Segment` in the path (when it is kept) and one in
    /// the tables, three per-segment numbers, an eighth of a bucket, a 16-bit position and its records
    /// slot (in a large measure, counted once a query has written it), and for more pieces than a slot
    /// holds a block of a record and a `Piece` per piece.
    var storedByteCount: Int {
        let st = storage
        let pathBytes = st.path?.subpaths.reduce(0) { $0 + MemoryLayout<Subpath>.stride
            + $1.segments.capacity * MemoryLayout<Segment>.stride } ?? 0
        // A mapped arena commits the pages of the slots written (in 4 KB pages; where the kernel gives
        // it 2 MB pages, a touched slot commits its 2 MB page).
        let slotBytes = st.arena.isMapped
            ? st.segments.indices.reduce(0) { $0 + (st.builtRecords($1) == nil ? 0 : RecordArena.stride) }
            : st.arena.byteCount
        let recordBytes = slotBytes + st.overflowByteCount
        return pathBytes + st.subpathClosed.capacity + st.segments.capacity * MemoryLayout<Segment>.stride
            + (st.segLength.capacity + st.segStart.count + Storage.window) * MemoryLayout<Double>.stride
            + st.segSubpath.capacity * MemoryLayout<Int>.stride + st.buckets.capacity * MemoryLayout<Int32>.stride
            + (st.segments.count + Storage.window) * MemoryLayout<UInt16>.stride + recordBytes
    }

    /// The number of pieces of all segments (building every segment's records).
    var pieceCount: Int {
        storage.segments.indices.reduce(0) { $0 + storage.records($1).records.count }
    }

    // MARK: Queries

    /// The point and unit tangent at distance `s` (clamped to `[0, length]`, or wrapped when closed).
    ///
    /// At a segment boundary the tangent is that of the segment being entered. Where the derivative
    /// vanishes (a cusp, coincident control points) the tangent is the limit of the derivative's direction
    /// from the side being entered. NaN distances count as 0; the result is never NaN for a finite path.
    public func sample(at s: Double) -> PathSample {
        let fs = forwardDistance(s)
        let (i, block) = storage.locateRecords(fs, preferEarlier: isReversed)
        let rs = SegmentRecords(block)
        return sample(rs, piece: Storage.locate(rs, fs, preferEarlier: isReversed), segment: i, forward: fs)
    }

    /// The sample at forward distance `fs` on piece `k` of segment `i` (the one that holds it).
    @inline(__always) func sample(_ rs: SegmentRecords, piece k: Int, segment i: Int, forward fs: Double) -> PathSample {
        let r = rs.records[k]
        let u = min(max((fs - r.start) / r.span, 0), 1)
        let w = r.linear ? u : r.parameter(u)
        let d = r.derivative(w), dd = d * d
        let d2 = dd.x + dd.y
        // Finite: a sum of squares is ≥ 0 or NaN (which fails both comparisons).
        if d2 > r.minDerivSquared && d2 < .infinity {
            let l = d2.squareRoot()
            // −(d / l) is d / (−l), bit for bit.
            let tangent = d / SIMD2(repeating: isReversed ? -l : l)
            return PathSample(point: r.point(w), tangent: Vector(tangent.x, tangent.y))
        }
        return coldSample(rs, piece: k, segment: i, u)
    }

    /// ``sample(_:piece:segment:forward:)`` where the record's derivative is not used: elliptical arcs
    /// (evaluated on the segment) and a derivative too small to give the direction (the segment's
    /// tangent rule).
    @inline(never) func coldSample(_ rs: SegmentRecords, piece k: Int, segment i: Int, _ u: Double) -> PathSample {
        let (t, w) = parameter(rs, piece: k, u)
        let r = rs.records[k]
        var tangent = unitTangent(i, t, entering: !isReversed)
        if isReversed { tangent = -tangent }
        let point = r.minDerivSquared.isFinite ? r.point(w) : storage.segments[i].eval(t)
        return PathSample(point: point, tangent: tangent)
    }

    /// The point at distance `s`; see ``sample(at:)``.
    public func point(at s: Double) -> Point { sample(at: s).point }

    /// The unit tangent at distance `s`; see ``sample(at:)``.
    public func tangent(at s: Double) -> Vector { sample(at: s).tangent }

    /// `s` brought into range: wrapped into `[0, length)` when closed, clamped to `[0, length]` otherwise;
    /// NaN becomes 0.
    @inline(__always) public func normalizedDistance(_ s: Double) -> Double {
        guard !s.isNaN else { return 0 }
        if isClosed { return Angle.wrapped(s, period: length) }
        return min(max(s, 0), length)
    }

    /// The distance along the forward path for a distance along this measure.
    @inline(__always) func forwardDistance(_ s: Double) -> Double {
        let n = normalizedDistance(s)
        return isReversed ? length - n : n
    }

    /// The segment parameter `t` and the piece's `w` at distance fraction `u` of piece `k` (the fit,
    /// which elliptical arcs have too).
    func parameter(_ rs: SegmentRecords, piece k: Int, _ u: Double) -> (t: Double, w: Double) {
        let p = rs.pieces[k], r = rs.records[k]
        let span = p.t1 - p.t0
        let w = r.linear ? u : r.parameter(u)
        return (w >= 1 ? p.t1 : min(p.t0 + span * w, p.t1), w)
    }

    /// The arc length from the path's start (forward) to parameter `t` of measured segment `index`.
    func forwardDistance(segment index: Int, t: Double) -> Double {
        let rs = storage.records(index)
        // The last piece of the segment whose t0 ≤ t.
        var lo = 0, hi = rs.pieces.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if rs.pieces[mid].t0 <= t { lo = mid + 1 } else { hi = mid }
        }
        let k = max(lo - 1, 0)
        let piece = rs.pieces[k]
        let tt = min(max(t, piece.t0), piece.t1)
        let within: Double
        if piece.linear {
            within = piece.length * (tt - piece.t0) / (piece.t1 - piece.t0)
        } else {
            within = storage.segments[index].arclen(from: piece.t0, to: tt) * piece.ratio
        }
        return min(rs.records[k].start + min(max(within, 0), piece.length), length)
    }

    /// The unit tangent of measured segment `index` at `t`, with the derivative-limit rule where the
    /// derivative vanishes: from the side after `t` when `entering`, else from the side before.
    func unitTangent(_ index: Int, _ t: Double, entering: Bool) -> Vector {
        storage.segments[index].unitTangent(at: t, after: entering, scale: storage.segLength[index]) ?? Vector(1, 0)
    }
}
