extension PathMeasure {
    /// The same measure with storage of its own: its path, tables and an empty records arena in buffers
    /// no other measure shares, for one thread to keep and query (a per-thread cache's copy).
    ///
    /// A measure that every thread queries is one object whose reference count every label's retain and
    /// release writes, and whose records the threads build and read in one arena; a copy per thread
    /// touches neither. The copy takes the lengths already measured (no arc length is computed again)
    /// and builds each segment's query records on its own first query into it, from the same segment,
    /// start, length and accuracy, so every query answers exactly, bit for bit, what this measure
    /// answers. O(n) in the segments, allocating about what the measure's tables hold.
    package func threadCopy() -> PathMeasure {
        let st = storage
        let copy = Storage(path: st.path?.threadCopy(), subpathClosed: st.subpathClosed.withUnsafeBufferPointer { Array($0) },
                           accuracy: st.accuracy, segments: st.segments.withUnsafeBufferPointer { Array($0) },
                           segLength: st.segLength.withUnsafeBufferPointer { Array($0) }, segStart: Array(st.segStart),
                           segSubpath: st.segSubpath.withUnsafeBufferPointer { Array($0) }, length: st.total)
        let measure = PathMeasure(length: length, isClosed: isClosed, storage: copy)
        return isReversed ? measure.reversed() : measure
    }

    /// Whether this measure and `other` share their tables and records (one is the other, or its
    /// reversal), as a thread copy does not with its original.
    package func sharesStorage(with other: PathMeasure) -> Bool { storage === other.storage }

    /// A measure of `storage`, forwards.
    private init(length: Double, isClosed: Bool, storage: Storage) {
        self.length = length; self.isClosed = isClosed; self.storage = storage
    }
}

extension BezPath {
    /// The same path in buffers of its own (each subpath's segments copied), so that copying it retains
    /// nothing another thread retains.
    package func threadCopy() -> BezPath {
        BezPath(subpaths: subpaths.map { sp in
            Subpath(start: sp.start, segments: sp.segments.withUnsafeBufferPointer { Array($0) }, isClosed: sp.isClosed)
        })
    }
}
