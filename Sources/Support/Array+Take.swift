extension Array {
    /// The array, with its storage, leaving an empty array in its place: a kept buffer handed from one
    /// owner to the next without a copy, so that the next owner finds it uniquely referenced and can
    /// fill it again without allocating (``emptied(reserving:)``).
    @inlinable package mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&self, &taken)
        return taken
    }

    /// Empties the array, keeping its storage, and makes room for `n` elements: kept storage made ready to
    /// be appended to again without allocating (when it is uniquely referenced and large enough).
    @inlinable package mutating func emptied(reserving n: Int) {
        if !isEmpty { removeAll(keepingCapacity: true) }
        reserveCapacity(n)
    }
}
