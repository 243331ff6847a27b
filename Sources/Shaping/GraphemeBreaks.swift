/// The scalars of a paragraph and its extended grapheme cluster boundaries, the same as the standard
/// library's `Character`s.
///
/// Most boundaries follow from UAX #29's rules and a scalar's ``ScalarProperties/BreakClass`` alone: a
/// boundary after CR except before LF and around controls (GB3–GB5), none before Extend or SpacingMark
/// (GB9, GB9a), and one between two scalars that are certainly Other — or after an Extend or
/// SpacingMark when no Virama precedes it in the cluster (no GB9c conjunct) — since every other rule
/// involves a Prepend, Hangul, ZWJ, Regional Indicator or linker scalar. Where a pair is not decided that
/// way (Hangul, emoji sequences, flags, conjuncts, format characters), the span between the decided
/// boundaries around it is broken by the standard library (`Character` iteration of that span, which
/// gives the same boundaries as iterating the whole string because segmentation restarts at a boundary).
struct GraphemeBreaks {
    let utf8: UnsafeBufferPointer<UInt8>
    /// The scalars, in order.
    private(set) var scalars: [Unicode.Scalar] = []
    /// The UTF-8 offset of each scalar, then the total length.
    private(set) var offsets: [Int] = []
    /// Each scalar's break class, computed when the first boundary is asked for.
    private var classes: [ScalarProperties.BreakClass] = []
    /// Boundaries (scalar indices) already found by the library, in order, and the next to return.
    private var pending: [Int] = []
    private var pendingNext = 0

    init(utf8: UnsafeBufferPointer<UInt8>) {
        self.utf8 = utf8
        let n = utf8.count
        // Decode into buffers of the byte count (an upper bound of the scalar count), then trim.
        var count = 0
        var scalars = [Unicode.Scalar](unsafeUninitializedCapacity: n) { sp, sInit in
            offsets = [Int](unsafeUninitializedCapacity: n + 1) { op, oInit in
                var i = 0
                while i < n {
                    let b0 = UInt32(utf8[i])
                    var v: UInt32, width: Int
                    if b0 < 0x80 {
                        v = b0; width = 1
                    } else if b0 < 0xE0 {
                        v = (b0 & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F); width = 2
                    } else if b0 < 0xF0 {
                        v = (b0 & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F); width = 3
                    } else {
                        v = (b0 & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6
                            | UInt32(utf8[i + 3] & 0x3F)
                        width = 4
                    }
                    let s = Unicode.Scalar(v) ?? "\u{FFFD}"  // a String holds valid UTF-8
                    sp[count] = s
                    op[count] = i
                    count += 1
                    i += width
                }
                op[count] = n
                oInit = count + 1
            }
            sInit = count
        }
        self.scalars = scalars
        scalars = []
    }

    private enum Decision { case boundary, joined, undecided }

    /// Whether there is a boundary before scalar `j`, from the break classes of `j − 1` and `j`;
    /// `linker`: whether a Virama may precede `j` within its cluster.
    @inline(__always) private func decide(_ j: Int, linker: Bool) -> Decision {
        let a = classes[j - 1], b = classes[j]
        switch a {
        case .cr: return scalars[j].value == 0x0A ? .joined : .boundary  // GB3, GB4
        case .control: return .boundary  // GB4
        default: break
        }
        switch b {
        case .control, .cr: return .boundary  // GB5
        case .extend, .linker: return a == .unknown ? .undecided : .joined  // GB9, GB9a
        case .base:
            switch a {
            case .base: return .boundary  // GB999
            case .extend, .linker: return linker ? .undecided : .boundary  // GB999 unless GB9c may apply
            default: return .undecided
            }
        case .unknown: return .undecided
        }
    }

    /// The end (scalar index) of the cluster that starts at scalar `start`, a boundary.
    mutating func clusterEnd(from start: Int) -> Int {
        if classes.isEmpty { classes = scalars.map(ScalarProperties.breakClass) }  // on first use
        if pendingNext < pending.count {
            defer { pendingNext += 1 }
            return pending[pendingNext]
        }
        let n = scalars.count
        var linker = classes[start] == .linker
        var j = start + 1
        while j < n {
            switch decide(j, linker: linker) {
            case .boundary: return j
            case .joined:
                if classes[j] == .linker { linker = true }
                j += 1
            case .undecided:
                return libraryBreaks(from: start, after: j)
            }
        }
        return n
    }

    /// Breaks the span from `start` (a boundary) to the first decided boundary after `j` with the
    /// standard library; queues its boundaries and returns the first.
    private mutating func libraryBreaks(from start: Int, after j: Int) -> Int {
        let n = scalars.count
        var end = j + 1
        while end < n, decide(end, linker: true) != .boundary { end += 1 }
        let span = String(decoding: UnsafeBufferPointer(rebasing: utf8[offsets[start]..<offsets[end]]), as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        pendingNext = 0
        var byte = offsets[start], k = start
        for character in span {
            byte += character.utf8.count
            while offsets[k] < byte { k += 1 }
            pending.append(k)
        }
        pendingNext = 1
        return pending[0]
    }
}
