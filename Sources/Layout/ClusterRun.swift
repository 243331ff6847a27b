import Support
import Shaping

/// A shaped line grouped into the units placement moves as wholes: runs of glyphs that share a
/// HarfBuzz cluster value.
///
/// For unit c: `advance` is the sum of its glyphs' advances, `spacing` the letter spacing added after it, and
/// `pen` is p_c (where it starts, after the advances and spacing of the units before it). The placement
/// rule's a_c is `advance + spacing`: the spacing belongs to the cluster before it.
struct ClusterRun {
    /// One unit.
    struct Unit {
        /// The glyphs of the unit, as indices into ``ShapedLine/glyphs``.
        var glyphs: Range<Int>
        /// The sum of the glyphs' advances (a_c without the spacing after the unit).
        var advance: Double
        /// p_c.
        var pen: Double
        /// Letter spacing after the unit.
        var spacing: Double
        /// The HarfBuzz cluster value.
        var cluster: Int
    }

    /// The units in visual order.
    var units: [Unit]
    /// Horizontal scale of glyph outlines, offsets and advances (`stretch` fitting): glyph `g`'s advance
    /// after fitting is ``glyphAdvance(_:in:)``, its shaped advance times this (no array of them is kept:
    /// it cost a label an allocation and each glyph an append, and `x · 1 == x`).
    var scaleX: Double = 1

    /// The advance of glyph `g` of `line` (the line the run was made from) after fitting.
    @inline(__always) func glyphAdvance(_ g: Int, in line: ShapedLine) -> Double { line.glyphs[g].advance * scaleX }

    /// W: the total advance, including the spacing after the last unit (as CSS and SVG count it).
    var advance: Double { units.last.map { $0.pen + $0.advance + $0.spacing } ?? 0 }

    /// The clusters (UTF-8 offsets) whose letter spacing was not applied because they are letters of a
    /// joining script (``CursiveTracking/suppress``), in visual order.
    var suppressedSpacing: [Int] = []

    /// Groups `line` into units, adding each run's letter spacing plus `extraSpacing` after every unit —
    /// except, with ``CursiveTracking/suppress``, after a unit whose first character's own script joins
    /// (``CursiveScripts``): its spacing is 0 and its cluster is listed in ``suppressedSpacing``.
    /// The line is borrowed (an initializer's parameter is otherwise owned: a copy of the line each call).
    /// The units are written into `storage`'s buffer when it is large enough (a caller's kept array,
    /// ``LabelBuffer``).
    init(_ line: borrowing ShapedLine, extraSpacing: Double, cursive: CursiveTracking = .suppress,
         reusing storage: consuming [Unit] = []) {
        // Each run's spacings read through the runs' buffer (a field at a time): reading them from
        // ``ShapedLine/runs``'s subscript copied the whole `TextAttributes` (font and feature arrays),
        // and copying them into arrays of their own cost two allocations a label.
        var storage = storage
        self = line.runs.withUnsafeBufferPointer { runs in
            ClusterRun(line, runs: runs, extraSpacing: extraSpacing, cursive: cursive, storage: storage.take())
        }
    }

    /// ``init(_:extraSpacing:cursive:)`` with the line's runs as a buffer.
    private init(_ line: borrowing ShapedLine, runs: UnsafeBufferPointer<TextAttributes>, extraSpacing: Double, cursive: CursiveTracking,
                 storage: consuming [Unit]) {
        let runCount = runs.count
        // The text's bytes (a cluster is a UTF-8 offset), only when asked for: word spacing goes after
        // clusters that start with a space, and letter spacing may be suppressed after cursive letters.
        var anyLetterSpacing = false, anyWordSpacing = false
        for r in 0..<runCount {
            anyLetterSpacing = anyLetterSpacing || runs[r].letterSpacing != 0
            anyWordSpacing = anyWordSpacing || runs[r].wordSpacing != 0
        }
        let suppressing = cursive != .apply && (extraSpacing != 0 || anyLetterSpacing)
        let bytes: [UInt8] = suppressing || anyWordSpacing ? Array(line.text.utf8) : []
        func isSpace(_ cluster: Int) -> Bool {
            guard cluster >= 0, cluster < bytes.count else { return false }
            return bytes[cluster] == 0x20 || (bytes[cluster] == 0xC2 && cluster + 1 < bytes.count && bytes[cluster + 1] == 0xA0)
        }
        var suppressed: [Int] = []
        // The spacing after the unit of `cluster` whose first glyph is from run `runIndex`.
        func unitSpacing(after cluster: Int, runIndex: Int) -> Double {
            let runOK = runIndex >= 0 && runIndex < runCount
            let runSpacing = runOK ? runs[runIndex].letterSpacing : 0
            var spacing = runSpacing + extraSpacing
            if spacing != 0, suppressing, let first = CursiveScripts.scalar(in: bytes, at: cluster), CursiveScripts.contains(first) {
                spacing = 0
                suppressed.append(cluster)
            }
            if !bytes.isEmpty, runOK, runs[runIndex].wordSpacing != 0, isSpace(cluster) {
                spacing += runs[runIndex].wordSpacing
            }
            return spacing
        }
        // Most labels have no spacing at all: no run is looked up for it.
        let spaced = extraSpacing != 0 || anyLetterSpacing || anyWordSpacing
        let n = line.glyphs.count
        // At most one unit per glyph, appended to a local whose storage is reserved first. Not
        // `init(unsafeUninitializedCapacity:)`: that call is not specialised, and looking up the array's
        // storage type at run time cost ≈ 690 instructions per array, more than filling a 20-glyph label's.
        var units = storage
        units.emptied(reserving: n)
        line.glyphs.withUnsafeBufferPointer { glyphs in
            var pen = 0.0
            var i = 0
            while i < n {
                let cluster = glyphs[i].cluster, runIndex = glyphs[i].runIndex
                var j = i, a = 0.0
                while j < n, glyphs[j].cluster == cluster {
                    a += glyphs[j].advance
                    j += 1
                }
                let spacing = spaced ? unitSpacing(after: cluster, runIndex: runIndex) : 0
                units.append(Unit(glyphs: i..<j, advance: a, pen: pen, spacing: spacing, cluster: cluster))
                pen += a + spacing
                i = j
            }
        }
        self.units = units
        suppressedSpacing = suppressed
    }

    /// Recomputes pen positions from advances and spacings.
    private mutating func repen() {
        var pen = 0.0
        for k in units.indices { units[k].pen = pen; pen += units[k].advance + units[k].spacing }
    }

    /// SVG `lengthAdjust="spacing"`: spreads `length − W` evenly over the gaps between units, so the label
    /// is exactly `length` long. A single unit is left alone.
    mutating func fitSpacing(to length: Double) {
        guard units.count > 1 else { return }
        let delta = (length - advance) / Double(units.count - 1)
        for k in 0..<(units.count - 1) { units[k].spacing += delta }
        repen()
    }

    /// SVG `lengthAdjust="spacingAndGlyphs"`: scales advances, spacing and glyphs by `length / W`.
    mutating func fitStretch(to length: Double) {
        let w = advance
        guard w > 0 else { return }
        let k = length / w
        scaleX = k
        for u in units.indices { units[u].advance *= k; units[u].spacing *= k }
        repen()
    }

    /// The rank of every unit in logical order (by cluster value), indexed like ``units``: SVG's per-character
    /// lists are read in logical order.
    var logicalRanks: [Int] {
        let order = units.indices.sorted { (units[$0].cluster, $0) < (units[$1].cluster, $1) }
        var rank = Array(repeating: 0, count: units.count)
        for (r, u) in order.enumerated() { rank[u] = r }
        return rank
    }

    /// SVG `dx` after the first value (which moves the anchor): the value for the unit of logical rank i ≥ 1
    /// moves that unit and every unit after it along the path, so the label grows by their sum.
    mutating func applyDx(_ dx: [Double]) {
        guard dx.count > 1 else { return }
        let rank = logicalRanks
        var shift = 0.0
        for k in units.indices {
            let r = rank[k]
            if r >= 1, r < dx.count { shift += dx[r] }
            units[k].pen += shift
        }
        // The spacing after the last unit carries the accumulated shift into W (see ``advance``).
    }
}
