import Shaping

/// A text cut into the pieces between its line-break opportunities, each with its width, from which
/// lines are chosen: balanced (``balanced(lines:room:scale:)``) or filled first-fit (``filled(room:scale:)``).
///
/// Widths come from the whole text shaped once: the advance of every cluster whose UTF-8 offset lies in
/// a piece, letter spacing included. White space at the end of a line does not count (CSS hangs it);
/// the lines chosen are shaped again on their own before they are placed, and checked with those widths.
struct LineWrap {
    /// One piece: from one opportunity to the next.
    struct Piece {
        /// Its bytes in the text.
        var range: Range<Int>
        /// Where it ends without its trailing white space.
        var trimmedEnd: Int
        /// Glyph advances (which scale with the size) and spacing (which does not), whole piece.
        var glyphs: Double, spacing: Double
        /// The same for its trailing white space alone.
        var trailingGlyphs: Double, trailingSpacing: Double
        /// Whether a line must end after it.
        var mandatory: Bool
    }

    /// The pieces, in logical order.
    let pieces: [Piece]

    /// The most pieces balancing considers exactly (its cost grows with their square); beyond, lines are
    /// filled first-fit.
    static let balancingLimit = 512

    init(text: String, line: ShapedLine, opportunities: [LineBreakOpportunity], options: LabelOptions) {
        let bytes = Array(text.utf8)
        var pieces: [Piece] = []
        var start = 0
        for o in opportunities where o.offset > start && o.offset <= bytes.count {
            var end = o.offset
            while end > start, let s = Self.lastScalar(bytes, before: end, from: start), s.value.isLineSpace {
                end -= UTF8.width(s)
            }
            pieces.append(Piece(range: start..<o.offset, trimmedEnd: end, glyphs: 0, spacing: 0, trailingGlyphs: 0,
                                trailingSpacing: 0, mandatory: o.mandatory))
            start = o.offset
        }
        if start < bytes.count || pieces.isEmpty {
            pieces.append(Piece(range: start..<bytes.count, trimmedEnd: bytes.count, glyphs: 0, spacing: 0,
                                trailingGlyphs: 0, trailingSpacing: 0, mandatory: false))
        }
        let run = ClusterRun(line, extraSpacing: options.letterSpacing, cursive: options.cursiveTracking)
        let starts = pieces.map(\.range.lowerBound)
        for unit in run.units {
            // The piece holding the cluster: the last whose start is at or before it.
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= unit.cluster { lo = mid } else { hi = mid - 1 }
            }
            pieces[lo].glyphs += unit.advance; pieces[lo].spacing += unit.spacing
            if unit.cluster >= pieces[lo].trimmedEnd {
                pieces[lo].trailingGlyphs += unit.advance; pieces[lo].trailingSpacing += unit.spacing
            }
        }
        self.pieces = pieces
    }

    private static func lastScalar(_ bytes: [UInt8], before end: Int, from start: Int) -> Unicode.Scalar? {
        var i = end - 1
        while i > start, bytes[i] & 0xC0 == 0x80 { i -= 1 }
        var it = bytes[i..<end].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let s) = decoder.decode(&it) { return s }
        return nil
    }

    /// The width of the line made of pieces `range`, at `scale` times the shaped size.
    func width(_ range: Range<Int>, scale: Double) -> Double {
        var g = 0.0, sp = 0.0
        for k in range { g += pieces[k].glyphs; sp += pieces[k].spacing }
        let last = pieces[range.upperBound - 1]
        return (g - last.trailingGlyphs) * scale + sp - last.trailingSpacing
    }

    /// The bytes of the line made of pieces `range`, without its trailing white space.
    func bytes(_ range: Range<Int>) -> Range<Int> {
        pieces[range.lowerBound].range.lowerBound..<pieces[range.upperBound - 1].trimmedEnd
    }

    /// Whether the line of pieces `range` crosses a mandatory break.
    private func crossesMandatory(_ range: Range<Int>) -> Bool {
        range.dropLast().contains { pieces[$0].mandatory }
    }

    /// The number of mandatory breaks: the text needs at least one more line than that.
    var mandatoryCount: Int { pieces.dropLast().filter(\.mandatory).count }

    /// The pieces split into exactly `n` lines (fewer when there are fewer pieces), balanced: the
    /// largest ratio of a line's width to its room, `room[i]` for line i, is as small as it can be, and
    /// among the splits that reach it the one whose lines are most even (least sum of squared unused
    /// fractions). Lines never cross a mandatory break; `nil` when `n` lines cannot hold them.
    /// - Complexity: O(n·p²) for p pieces (p ≤ ``balancingLimit``; beyond, ``filled(room:scale:)``).
    func balanced(lines n: Int, room: [Double], scale: Double) -> [Range<Int>]? {
        let p = pieces.count
        let n = min(n, p)
        guard n >= 1, room.count >= n, room.prefix(n).allSatisfy({ $0 > 0 }) else { return nil }
        guard p <= Self.balancingLimit else { return filled(room: Array(room.prefix(n)), scale: scale) }
        if n == 1 { return crossesMandatory(0..<p) ? nil : [0..<p] }
        // Prefix sums, so a line's width is O(1).
        var g = [0.0], sp = [0.0]
        for piece in pieces { g.append(g.last! + piece.glyphs); sp.append(sp.last! + piece.spacing) }
        var mandatoryBefore = [0]
        for piece in pieces { mandatoryBefore.append(mandatoryBefore.last! + (piece.mandatory ? 1 : 0)) }
        func lineWidth(_ i: Int, _ j: Int) -> Double {
            let last = pieces[j - 1]
            return (g[j] - g[i] - last.trailingGlyphs) * scale + (sp[j] - sp[i]) - last.trailingSpacing
        }
        typealias Cost = (worst: Double, uneven: Double)
        func better(_ a: Cost, _ b: Cost) -> Bool {
            a.worst < b.worst - 1e-12 || (abs(a.worst - b.worst) <= 1e-12 && a.uneven < b.uneven)
        }
        // best[k][j]: pieces 0..<j on lines 0..<k (line k−1 ending with piece j−1); from[k][j]: where it starts.
        var best = [[Cost?]](repeating: [Cost?](repeating: nil, count: p + 1), count: n + 1)
        var from = [[Int]](repeating: [Int](repeating: -1, count: p + 1), count: n + 1)
        best[0][0] = (0, 0)
        for k in 1...n {
            // Line k−1 ends with piece j−1; each line before it holds at least one piece.
            for j in k...(p - (n - k)) {
                for i in (k - 1)..<j {
                    guard let before = best[k - 1][i] else { continue }
                    // A mandatory break inside the line (at the end of pieces i..<j−1) is not allowed.
                    if mandatoryBefore[j - 1] - mandatoryBefore[i] > 0 { continue }
                    let ratio = max(0, lineWidth(i, j)) / room[k - 1]
                    let cost: Cost = (max(before.worst, ratio), before.uneven + (1 - min(ratio, 1)) * (1 - min(ratio, 1)))
                    if let b = best[k][j], !better(cost, b) { continue }
                    best[k][j] = cost; from[k][j] = i
                }
            }
        }
        guard best[n][p] != nil else { return nil }
        var lines: [Range<Int>] = [], j = p
        for k in stride(from: n, to: 0, by: -1) {
            let i = from[k][j]
            lines.append(i..<j)
            j = i
        }
        return lines.reversed()
    }

    /// Lines filled first-fit: each of the first `room.count − 1` takes pieces while they fit its room
    /// (at least one), the last takes the rest; mandatory breaks end lines early.
    func filled(room: [Double], scale: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = [], i = 0
        let p = pieces.count
        while i < p {
            if lines.count == room.count - 1 { lines.append(i..<p); break }
            var j = i + 1
            while j < p, !pieces[j - 1].mandatory, width(i..<(j + 1), scale: scale) <= room[lines.count] { j += 1 }
            lines.append(i..<j)
            i = j
        }
        return lines
    }
}

extension UInt32 {
    /// White space that hangs at the end of a line: spaces, tabs and line ends (not no-break spaces).
    var isLineSpace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0x0B || self == 0x0C || self == 0x85
            || self == 0x2028 || self == 0x2029 || self == 0x3000 || (0x2000...0x200A).contains(self) && self != 0x2007
    }
}

extension AttributedText {
    /// The text of bytes `range`, each run cut to it.
    func slice(_ range: Range<Int>) -> AttributedText {
        let bytes = Array(string.utf8)
        var out = AttributedText(pieces: [])
        for run in runs {
            let lo = max(run.range.lowerBound, range.lowerBound), hi = min(run.range.upperBound, range.upperBound)
            guard lo < hi else { continue }
            out.append(String(decoding: bytes[lo..<hi], as: UTF8.self), attributes: run.attributes)
        }
        return out
    }
}
