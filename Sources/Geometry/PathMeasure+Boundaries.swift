extension PathMeasure {
    /// The distances, in this measure's direction, where one segment of the path ends and the next begins,
    /// strictly between `a` and `b` (`0 ≤ a ≤ b ≤ length`), in increasing order: the places a curve
    /// following the path may turn a corner. O(log segments + the number returned).
    public func segmentBoundaries(from a: Double, to b: Double) -> [Double] {
        let st = storage
        guard b > a, st.segments.count > 1 else { return [] }
        // Forward distances of the segment starts inside the interval.
        let fa = isReversed ? length - b : a, fb = isReversed ? length - a : b
        var out: [Double] = []
        var j = st.locateSegment(max(fa, 0), preferEarlier: false) + 1
        while j < st.segments.count, st.segStart[j] < fb {
            if st.segStart[j] > fa { out.append(isReversed ? length - st.segStart[j] : st.segStart[j]) }
            j += 1
        }
        return isReversed ? out.reversed() : out
    }
}
