extension PathMeasure {
    /// The accuracy this measure was built with.
    public var accuracy: Accuracy { storage.accuracy }

    /// The part of the path between distances `from` and `to` along this measure, as an open path in
    /// this measure's direction (reversed segments for a reversed measure).
    ///
    /// On a closed path (``isClosed``) the distances wrap: `to ≤ from` runs on past the path's start
    /// (`[0.75 L, 0.25 L]` is the half round the start), and `to == from + L` is the whole loop opened
    /// at `from`. On an open path both are clamped to `[0, length]` and `to` must not lie before `from`.
    /// - Throws: ``GeometryError/nonFinite(_:)`` for a distance that is not finite, and
    ///   ``GeometryError/zeroLength`` when the portion has no length.
    /// - Complexity: O(k + log m) for a portion over k of the m segments.
    public func portion(from: Double, to: Double) throws(GeometryError) -> BezPath {
        guard from.isFinite else { throw .nonFinite("the span's start") }
        guard to.isFinite else { throw .nonFinite("the span's end") }
        let st = storage
        // Distances along this measure → forward distances [a, b] (b may exceed the length on a closed path).
        var a: Double, b: Double
        if isClosed {
            a = Angle.wrapped(from, period: length)
            var span = to - from
            if span > length || span <= 0 { span = Angle.wrapped(span, period: length) }
            if span <= 0 { span = length }
            b = a + span
        } else {
            a = min(max(from, 0), length); b = min(max(to, 0), length)
            guard b > a else { throw .zeroLength }
        }
        if isReversed {
            // The same stretch of the forward path, traversed backwards afterwards.
            let fa = length - b, fb = length - a
            a = isClosed ? Angle.wrapped(fa, period: length) : fa
            b = a + (fb - fa)
        }
        var out = BezPath()
        var lastSubpath = -1
        // Walks forward distance ranges within [0, length], appending the covered part of each segment.
        func append(_ lo: Double, _ hi: Double) {
            guard hi > lo else { return }
            var i = st.locateSegment(lo, preferEarlier: false)
            while i < st.segments.count, st.segStart[i] < hi {
                let s0 = st.segStart[i], s1 = s0 + st.segLength[i]
                let t0 = lo > s0 ? parameter(forward: lo, segment: i) : 0
                let t1 = hi < s1 ? parameter(forward: hi, segment: i) : 1
                if t1 > t0 {
                    let piece = st.segments[i].subsegment(t0, t1)
                    // A new subpath where the measured path jumps (a move-to), else continue the current one.
                    if st.segSubpath[i] != lastSubpath, !(out.subpaths.last.map { $0.end.coincides(with: piece.start) } ?? false) {
                        out.move(to: piece.start)
                    }
                    lastSubpath = st.segSubpath[i]
                    out.append(piece)
                }
                i += 1
            }
        }
        if b <= length {
            append(a, b)
        } else {
            append(a, length)
            append(0, b - length)
        }
        guard !out.isEmpty else { throw .zeroLength }
        if isReversed {
            out = BezPath(subpaths: out.subpaths.reversed().map { $0.reversed() })
        }
        return out
    }

    /// The parameter of segment `i` at forward distance `fs` (which lies on it).
    func parameter(forward fs: Double, segment i: Int) -> Double {
        let rs = storage.records(i)
        let k = Storage.locate(rs, fs, preferEarlier: false)
        let r = rs.records[k]
        let u = min(max((fs - r.start) / r.span, 0), 1)
        return parameter(rs, piece: k, u).t
    }
}
