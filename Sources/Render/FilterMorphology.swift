extension FilterRaster {
    /// `feMorphology`: each premultiplied channel the minimum (`erode`) or the maximum (`dilate`) over the
    /// (2·rx + 1) × (2·ry + 1) pixels around it, what lies outside the image transparent (so an erosion eats
    /// into the region's edges, as Chromium's does), one axis at a time; a radius of zero leaves its axis as
    /// it is (as in Chromium). Each pass is a sliding-window extreme kept in a
    /// monotonic queue: its cost does not grow with the radius.
    static func morphology(_ img: FilterImage, dilate: Bool, rx: Int, ry: Int) -> FilterImage {
        var out = img
        if rx > 0 { out = extreme(out, dilate: dilate, radius: rx, horizontal: true) }
        if ry > 0 { out = extreme(out, dilate: dilate, radius: ry, horizontal: false) }
        return out
    }

    /// One pass of ``morphology(_:dilate:rx:ry:)`` along rows or columns.
    static func extreme(_ img: FilterImage, dilate: Bool, radius r: Int, horizontal: Bool) -> FilterImage {
        var out = img
        let w = img.width, h = img.height
        let n = horizontal ? w : h, lines = horizontal ? h : w, step = horizontal ? 4 : w * 4
        guard n > 0 else { return out }
        var queue = [Int](repeating: 0, count: n)
        img.pixels.withUnsafeBufferPointer { s in
            out.pixels.withUnsafeMutableBufferPointer { o in
                for line in 0..<lines {
                    let base = horizontal ? line * w * 4 : line * 4
                    for c in 0..<4 {
                        @inline(__always) func v(_ k: Int) -> Float { s[base + k * step + c] }
                        // The queue holds indices whose values only fall (dilate) or rise (erode) from head to tail.
                        var head = 0, tail = 0, next = 0
                        for i in 0..<n {
                            while next <= min(n - 1, i + r) {
                                let x = v(next)
                                while tail > head && (dilate ? v(queue[tail - 1]) <= x : v(queue[tail - 1]) >= x) { tail -= 1 }
                                queue[tail] = next; tail += 1; next += 1
                            }
                            while queue[head] < i - r { head += 1 }
                            // Erosion: a window reaching outside the image holds a transparent pixel.
                            o[base + i * step + c] = !dilate && (i < r || i + r >= n) ? 0 : v(queue[head])
                        }
                    }
                }
            }
        }
        return out
    }
}
