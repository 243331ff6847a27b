extension PathMeasure {
    /// A sampler for many distances in (mostly) monotone order, as placement asks them: the same points
    /// and tangents as ``sample(at:)`` (the same tables), but the piece is looked for first where the last
    /// query was, and the next one, before the bucket table.
    public func sampler() -> Sampler { Sampler(self) }

    /// See ``PathMeasure/sampler()``. Any order of distances is allowed.
    public struct Sampler {
        /// The measure sampled.
        public let measure: PathMeasure
        private let storage: PathMeasure.Storage
        /// The segment, its records and the piece of the last query (no records before the first).
        private var segment = 0
        /// The view of the last segment's records (owned by the storage), kept as a view: making one
        /// from its slot reads the slot's header and branches on it.
        private var current = SegmentRecords.none
        private var piece = 0
        /// The forward distances that the last query's piece holds, as ``Storage/holds(_:_:_:_:preferEarlier:)``
        /// decides it: `(lower, upper]` for a reversed measure (which prefers the earlier piece at a
        /// boundary), `[lower, upper)` otherwise; −∞ below the path's first piece and +∞ above its last;
        /// empty before the first query.
        /// Kept so that a query in the same piece as the last (most of them) is two comparisons.
        private var lower = Double.infinity, upper = -Double.infinity

        init(_ measure: PathMeasure) { self.measure = measure; storage = measure.storage }

        /// The point and unit tangent at distance `s`; see ``PathMeasure/sample(at:)``.
        public mutating func sample(at s: Double) -> PathSample {
            let fs = measure.forwardDistance(s)
            // The same piece as the last query (the bounds are empty before the first).
            if measure.isReversed ? (lower < fs && fs <= upper) : (lower <= fs && fs < upper) {
                return measure.sample(current, piece: piece, segment: segment, forward: fs)
            }
            return move(to: fs)
        }

        /// ``sample(at:)`` at forward distance `fs` outside the last query's piece (its bounds are the
        /// ones ``Storage/holds(_:_:_:_:preferEarlier:)`` compares with): the next piece, the next
        /// segment's, or the lookup's.
        @inline(never) private mutating func move(to fs: Double) -> PathSample {
            let preferEarlier = measure.isReversed
            if current.records.count > 0 {
                let rs = current, k = piece, i = segment
                let next = preferEarlier ? k - 1 : k + 1
                if next >= 0 && next < rs.records.count && storage.holds(i, rs, next, fs, preferEarlier: preferEarlier) {
                    piece = next
                    setBounds(rs)
                    return measure.sample(rs, piece: next, segment: i, forward: fs)
                }
            }
            // The next segment (the one before, reversed) when it holds `fs`: a label walks along the path,
            // and two comparisons of segment starts replace the lookup.
            let j = preferEarlier ? segment - 1 : segment + 1
            if current.records.count > 0, j >= 0, j < storage.segments.count, storage.segmentHolds(j, fs, preferEarlier: preferEarlier) {
                let rs = storage.records(j)
                let k = Storage.locate(rs, fs, preferEarlier: preferEarlier)
                segment = j; current = rs; piece = k
                setBounds(rs)
                return measure.sample(rs, piece: k, segment: j, forward: fs)
            }
            let (i, b) = storage.locateRecords(fs, preferEarlier: preferEarlier)
            let rs = SegmentRecords(b)
            let k = Storage.locate(rs, fs, preferEarlier: preferEarlier)
            segment = i; current = rs; piece = k
            setBounds(rs)
            return measure.sample(rs, piece: k, segment: i, forward: fs)
        }

        /// Sets ``lower`` and ``upper`` to the bounds of ``piece`` of ``segment`` (records `rs`), the
        /// starts that ``Storage/holds(_:_:_:_:preferEarlier:)`` compares with.
        private mutating func setBounds(_ rs: SegmentRecords) {
            let k = piece, i = segment
            lower = k > 0 || i > 0 ? rs.records[k].start : -Double.infinity
            if k + 1 < rs.records.count { upper = rs.records[k + 1].start }
            else if i + 1 < storage.segments.count { upper = storage.segStart[i + 1] }
            else { upper = Double.infinity }
        }
    }
}
