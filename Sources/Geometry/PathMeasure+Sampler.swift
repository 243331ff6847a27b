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
        /// The piece of the last query.
        private var piece = 0

        init(_ measure: PathMeasure) { self.measure = measure; storage = measure.storage }

        /// The point and unit tangent at distance `s`; see ``PathMeasure/sample(at:)``.
        public mutating func sample(at s: Double) -> PathSample {
            let fs = measure.forwardDistance(s)
            let preferEarlier = measure.isReversed
            var k = piece
            if !storage.holds(k, fs, preferEarlier: preferEarlier) {
                let next = preferEarlier ? k - 1 : k + 1
                if next >= 0 && next < storage.records.count && storage.holds(next, fs, preferEarlier: preferEarlier) {
                    k = next
                } else {
                    k = storage.locate(fs, preferEarlier: preferEarlier)
                }
            }
            piece = k
            return measure.sample(piece: k, forward: fs)
        }
    }
}
