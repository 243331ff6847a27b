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
        /// The segment, its records and the piece of the last query.
        private var segment = 0
        /// The last segment's records (owned by the storage), `nil` before the first query.
        private var block: UnsafeRawPointer?
        private var piece = 0

        init(_ measure: PathMeasure) { self.measure = measure; storage = measure.storage }

        /// The point and unit tangent at distance `s`; see ``PathMeasure/sample(at:)``.
        public mutating func sample(at s: Double) -> PathSample {
            let fs = measure.forwardDistance(s)
            let preferEarlier = measure.isReversed
            if let b = block {
                let rs = SegmentRecords(b)
                let k = piece, i = segment
                if storage.holds(i, rs, k, fs, preferEarlier: preferEarlier) {
                    return measure.sample(rs, piece: k, segment: i, forward: fs)
                }
                let next = preferEarlier ? k - 1 : k + 1
                if next >= 0 && next < rs.records.count && storage.holds(i, rs, next, fs, preferEarlier: preferEarlier) {
                    piece = next
                    return measure.sample(rs, piece: next, segment: i, forward: fs)
                }
            }
            let (i, b) = storage.locateRecords(fs, preferEarlier: preferEarlier)
            let rs = SegmentRecords(b)
            let k = Storage.locate(rs, fs, preferEarlier: preferEarlier)
            segment = i; block = b; piece = k
            return measure.sample(rs, piece: k, segment: i, forward: fs)
        }
    }
}
