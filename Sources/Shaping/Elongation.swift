/// Letter spacing given back as elongation (`cursiveTracking: elongate`): the spacing that cursive tracking
/// takes from the letters of a joining script is put back as tatweel (U+0640, kashida), which joins on both
/// sides, so a spaced Arabic word keeps the width letter spacing would have given it and its joins.
///
/// For each word of a joining script (a run of letters whose own script joins, tatweel included):
/// 1. W = the letter spacing its clusters would have had (each run's letter spacing plus the label's
///    extra), counting only positive spacing.
/// 2. The kashida positions are the joins inside the word: letter i connects to letter i + 1 (i joins
///    after, D/L/C; i + 1 joins before, D/R/C; combining marks are looked through), except lam before alef
///    (their ligature). Each has a priority, as Arabic justification places kashidas (after Microsoft's
///    list, simplified): 0 after a tatweel already in the text, 1 after seen, sheen, sad or dad, 2 before a
///    word-final teh marbuta, heh or dal, 3 before a word-final alef, tah, zah, lam, kaf or gaf, 4 before
///    any other word-final letter, 5 any other join. The positions of the best priority found share W
///    equally.
/// 3. One tatweel is inserted after each chosen letter (after its marks) and the text is shaped again. A
///    position whose tatweel is not drawn by the letter's own font (a font without U+0640) is given up, its
///    word left unspaced, and reported as ``Report/unavailable``.
/// 4. A position's share S is drawn as k = ⌈S / t⌉ copies of the tatweel (natural advance t), each with
///    the advance S / k: the copies overlap slightly where S is not a multiple of t, so the word grows by
///    exactly S, as letter spacing would have made it.
///
/// The tatweels' cluster values are those of the letters they follow, so each joins its letter's cluster
/// (which is left unspaced, as cursive tracking leaves it); every other cluster keeps its value in the
/// label's text. A word without a join (every letter stands alone) keeps its spacing suppressed.
public enum Elongation {
    /// Tatweel, ARABIC TATWEEL (U+0640): Joining_Type C, drawn as a stretch of the baseline stroke.
    public static let tatweel: Unicode.Scalar = "\u{0640}"

    /// What elongation did to a line, reported in its diagnostics (``ShapingDiagnostic/elongation``): either
    /// the tatweels inserted, or (in a report of its own) the fonts that have none.
    public struct Report: Hashable, Sendable, CustomStringConvertible {
        /// The clusters (UTF-8 offsets) of the letters a tatweel was inserted after.
        public var positions: [Int]
        /// The clusters whose suppressed letter spacing was given back as elongation.
        public var covered: [Int]
        /// The width given back, pixels, and the number of tatweel glyphs drawn.
        public var width: Double, tatweels: Int
        /// The fonts that have no tatweel of their own: their words' spacing stays suppressed.
        public var unavailable: [String]
        /// The clusters of the words left unspaced because their font has no tatweel.
        public var unavailableClusters: [Int]

        /// Creates a report.
        public init(positions: [Int], covered: [Int], width: Double, tatweels: Int, unavailable: [String], unavailableClusters: [Int]) {
            self.positions = positions; self.covered = covered; self.width = width; self.tatweels = tatweels
            self.unavailable = unavailable; self.unavailableClusters = unavailableClusters
        }

        /// A sentence for people.
        public var description: String {
            var parts: [String] = []
            if !positions.isEmpty {
                let w = (width * 100).rounded() / 100
                parts.append("letter spacing of a joining script is given back as \(tatweels) tatweel\(tatweels == 1 ? "" : "s") (\(w) px) after "
                             + "\(positions.count) letter\(positions.count == 1 ? "" : "s") (at byte\(positions.count == 1 ? "" : "s") "
                             + positions.prefix(8).map(String.init).joined(separator: ", ") + (positions.count > 8 ? ", …" : "") + ")")
            }
            if !unavailable.isEmpty {
                parts.append("\(unavailable.joined(separator: ", ")) \(unavailable.count == 1 ? "has" : "have") no tatweel (U+0640): "
                             + "\(unavailableClusters.count) cluster\(unavailableClusters.count == 1 ? "" : "s") left unspaced instead")
            }
            return parts.joined(separator: "; ")
        }
    }

    /// `text` shaped by `shape`, with the letter spacing cursive tracking would suppress given back as
    /// tatweel (see above). `extraSpacing` is the label's letter spacing on top of each run's. The text is
    /// shaped as it is when nothing is to be given back (no joining letters, no positive spacing).
    /// - Complexity: one shaping more than `shape(text)` (two when some font lacks a tatweel), and O(n log n)
    ///   in the glyphs and positions besides.
    public static func shape(_ text: AttributedText, extraSpacing: Double, using shape: (AttributedText) -> ShapedLine) -> ShapedLine {
        let line = shape(text)
        guard text.runs.contains(where: { $0.attributes.letterSpacing + extraSpacing > 0 }) else { return line }
        let bytes = Array(text.string.utf8)
        // The spacing cursive tracking takes from each cluster (positive only).
        var suppressed: [(cluster: Int, spacing: Double)] = []
        var i = 0
        while i < line.glyphs.count {
            let g = line.glyphs[i]
            var j = i + 1
            while j < line.glyphs.count, line.glyphs[j].cluster == g.cluster { j += 1 }
            let spacing = (line.runs.indices.contains(g.runIndex) ? line.runs[g.runIndex].letterSpacing : 0) + extraSpacing
            if spacing > 0, let first = CursiveScripts.scalar(in: bytes, at: g.cluster), CursiveScripts.contains(first) {
                suppressed.append((g.cluster, spacing))
            }
            i = j
        }
        guard !suppressed.isEmpty else { return line }
        var plan = positions(in: text.string, suppressed: suppressed)
        guard !plan.isEmpty else { return line }
        var unavailable: [String] = [], unavailableClusters: [Int] = []
        let letterFonts = LetterFonts(line)
        for _ in 0..<2 {
            let (modified, inserted) = insertTatweels(text, after: plan.map(\.insertAt))
            let shaped = shape(modified)
            // The glyphs of each inserted tatweel, in one pass.
            var glyphsAt: [Int: [ShapedGlyph]] = Dictionary(uniqueKeysWithValues: inserted.map { ($0, []) })
            for g in shaped.glyphs where glyphsAt[g.cluster] != nil { glyphsAt[g.cluster]!.append(g) }
            // Each tatweel must come from its letter's font (else the join would cross fonts).
            var failed = Set<Int>()
            for (k, p) in plan.enumerated() {
                let tatweels = glyphsAt[inserted[k]] ?? []
                let letterFont = letterFonts.font(at: p.letter)
                let ok = !tatweels.isEmpty && tatweels.allSatisfy { $0.glyph != 0 && shaped.font(of: $0) === letterFont }
                    && tatweels.reduce(0) { $0 + $1.advance } > 0
                if !ok {
                    failed.insert(k)
                    if let f = letterFont?.name, !unavailable.contains(f) { unavailable.append(f) }
                    unavailableClusters += p.covers
                }
            }
            if failed.isEmpty {
                return finish(line: line, shaped: shaped, plan: plan, inserted: inserted, unavailable: unavailable,
                              unavailableClusters: unavailableClusters)
            }
            plan = plan.enumerated().filter { !failed.contains($0.offset) }.map(\.element)
            if plan.isEmpty { break }
        }
        var out = line
        out.diagnostics.append(unavailableDiagnostic(unavailable, unavailableClusters))
        return out
    }

    /// The font of the letter at a UTF-8 offset: that of the line's first glyph (in glyph order) of the
    /// last cluster at or before the offset. Built once per line; each look-up is a binary search.
    struct LetterFonts {
        let clusters: [Int]
        let fonts: [Typeface]

        init(_ line: ShapedLine) {
            var first: [Int: Typeface] = [:]
            for g in line.glyphs where first[g.cluster] == nil { first[g.cluster] = line.font(of: g) }
            clusters = first.keys.sorted()
            fonts = clusters.map { first[$0]! }
        }

        func font(at offset: Int) -> Typeface? {
            let n = countAtOrBefore(offset, in: clusters)
            return n == 0 ? nil : fonts[n - 1]
        }
    }

    /// How many of the ascending `values` are ≤ `x` (a binary search).
    static func countAtOrBefore(_ x: Int, in values: [Int]) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The report that `fonts` have no tatweel, so `clusters` stay unspaced.
    static func unavailableDiagnostic(_ fonts: [String], _ clusters: [Int]) -> ShapingDiagnostic {
        let report = Report(positions: [], covered: [], width: 0, tatweels: 0, unavailable: fonts, unavailableClusters: clusters.sorted())
        return ShapingDiagnostic(cluster: report.unavailableClusters.first ?? 0, message: report.description, elongation: report)
    }

    /// One kashida: the letter it follows (its first byte), the byte after that letter and its marks
    /// (where the tatweel goes), the width it is to add, and the clusters whose spacing it gives back.
    struct Position { var letter: Int, insertAt: Int, width: Double, covers: [Int] }

    /// The kashida positions of `string`'s joining words, each with its share of its word's suppressed spacing.
    static func positions(in string: String, suppressed: [(cluster: Int, spacing: Double)]) -> [Position] {
        // Letters: a scalar that is not transparent, with the marks after it.
        struct Letter { var scalar: Unicode.Scalar, start: Int, end: Int, joins: JoiningType, cursive: Bool }
        var letters: [Letter] = []
        var offset = 0
        for s in string.unicodeScalars {
            let width = UTF8.width(s)
            let j = JoiningType(s)
            if j.isTransparent, !letters.isEmpty, letters[letters.count - 1].end == offset {
                letters[letters.count - 1].end += width
            } else {
                letters.append(Letter(scalar: s, start: offset, end: offset + width, joins: j,
                                      cursive: s == tatweel || CursiveScripts.contains(s)))
            }
            offset += width
        }
        // The words: runs of cursive letters, as index ranges into `letters`, ascending.
        var words: [Range<Int>] = []
        var w = 0
        while w < letters.count {
            guard letters[w].cursive else { w += 1; continue }
            var e = w
            while e < letters.count, letters[e].cursive { e += 1 }
            words.append(w..<e)
            w = e
        }
        // Each word's suppressed clusters, in the order given (one binary search each).
        let wordStarts = words.map { letters[$0.lowerBound].start }
        var givenByWord = Array(repeating: [(cluster: Int, spacing: Double)](), count: words.count)
        for entry in suppressed {
            let n = Elongation.countAtOrBefore(entry.cluster, in: wordStarts)
            if n > 0, entry.cluster < letters[words[n - 1].upperBound - 1].end { givenByWord[n - 1].append(entry) }
        }
        var out: [Position] = []
        for (index, wordRange) in words.enumerated() {
            let (w, e) = (wordRange.lowerBound, wordRange.upperBound)
            let word = letters[w..<e]
            let given = givenByWord[index]
            let total = given.reduce(0) { $0 + $1.spacing }
            // The joins, with their priorities.
            var best = Int.max, chosen: [Int] = []
            for k in word.indices.dropLast() {
                let a = letters[k], b = letters[k + 1]
                guard a.joins.joinsAfter, b.joins.joinsBefore, !(lams.contains(a.scalar.value) && alefs.contains(b.scalar.value)) else { continue }
                let isFinal = k + 1 == e - 1
                let v = a.scalar.value, n = b.scalar.value
                let priority = a.scalar == tatweel ? 0 : seens.contains(v) ? 1
                    : isFinal && finalHehDal.contains(n) ? 2 : isFinal && finalAlefLamKaf.contains(n) ? 3 : isFinal ? 4 : 5
                if priority < best { best = priority; chosen = [k] } else if priority == best { chosen.append(k) }
            }
            if total > 0, !chosen.isEmpty {
                for k in chosen {
                    out.append(Position(letter: letters[k].start, insertAt: letters[k].end, width: total / Double(chosen.count),
                                        covers: k == chosen[0] ? given.map(\.cluster) : []))
                }
            }
        }
        return out
    }

    /// `text` with a tatweel inserted at each of the UTF-8 offsets `offsets` (ascending), in the run of the
    /// byte before it, and each tatweel's offset in the new text.
    static func insertTatweels(_ text: AttributedText, after offsets: [Int]) -> (AttributedText, [Int]) {
        let bytes = Array(text.string.utf8)
        var pieces: [(String, TextAttributes)] = []
        var k = 0
        for run in text.runs {
            var piece: [UInt8] = []
            for b in run.range {
                piece.append(bytes[b])
                while k < offsets.count, offsets[k] == b + 1 { piece += [0xD9, 0x80]; k += 1 }
            }
            pieces.append((String(decoding: piece, as: UTF8.self), run.attributes))
        }
        let inserted = offsets.enumerated().map { $0.element + 2 * $0.offset }
        return (AttributedText(pieces: pieces), inserted)
    }

    /// The elongated line: `shaped`'s glyphs with each tatweel drawn as copies whose advances add up to its
    /// position's width, cluster values moved back into the original text, and the report.
    static func finish(line: ShapedLine, shaped: ShapedLine, plan: [Position], inserted: [Int], unavailable: [String],
                       unavailableClusters: [Int]) -> ShapedLine {
        var byInsert: [Int: Int] = [:]
        for (k, at) in inserted.enumerated() { byInsert[at] = k }
        func original(_ m: Int) -> Int {
            // Offsets after n insertions (those before m: inserted is ascending) are 2n bytes further on.
            m - 2 * countAtOrBefore(m - 1, in: inserted)
        }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(shaped.glyphs.count + plan.count * 4)
        var tatweels = 0, width = 0.0
        var i = 0
        while i < shaped.glyphs.count {
            let g = shaped.glyphs[i]
            guard let k = byInsert[g.cluster] else {
                var h = g
                h.cluster = original(g.cluster)
                glyphs.append(h)
                i += 1
                continue
            }
            var j = i
            while j < shaped.glyphs.count, shaped.glyphs[j].cluster == g.cluster { j += 1 }
            let group = shaped.glyphs[i..<j]
            let natural = group.reduce(0) { $0 + $1.advance }
            let share = plan[k].width
            let copies = max(1, Int((share / natural - 1e-9).rounded(.up)))
            let scale = share / (Double(copies) * natural)
            for _ in 0..<copies {
                for var h in group {
                    h.cluster = plan[k].letter
                    h.advance *= scale
                    glyphs.append(h)
                }
            }
            tatweels += copies
            width += share
            i = j
        }
        var out = shaped
        out.text = line.text
        out.glyphs = glyphs
        out.runs = line.runs
        out.diagnostics = line.diagnostics
        let report = Report(positions: plan.map(\.letter), covered: plan.flatMap(\.covers).sorted(), width: width, tatweels: tatweels,
                            unavailable: [], unavailableClusters: [])
        out.diagnostics.append(ShapingDiagnostic(cluster: report.positions.first ?? 0, message: report.description, elongation: report))
        if !unavailable.isEmpty { out.diagnostics.append(unavailableDiagnostic(unavailable, unavailableClusters)) }
        return out
    }

    /// Lam and its variants (lam before alef forms a ligature: no kashida between them).
    static let lams: Set<UInt32> = [0x0644, 0x06B5, 0x06B6, 0x06B7, 0x06B8, 0x076A, 0x08A6]
    /// Alef and its variants.
    static let alefs: Set<UInt32> = [0x0622, 0x0623, 0x0625, 0x0627, 0x0671, 0x0672, 0x0673, 0x0675, 0x0773, 0x0774]
    /// Seen, sheen, sad, dad and their variants: a kashida after them comes first.
    static let seens: Set<UInt32> = [0x0633, 0x0634, 0x0635, 0x0636, 0x069A, 0x069B, 0x069C, 0x069D, 0x069E, 0x06FA, 0x06FB,
                                     0x075C, 0x076D, 0x0770, 0x077D, 0x077E]
    /// Teh marbuta, heh, dal, thal and their variants, as a word's last letter.
    static let finalHehDal: Set<UInt32> = Set([0x0629, 0x0647, 0x06C0, 0x06C1, 0x06D5, 0x062F, 0x0630, 0x06EE] + Array(0x0688...0x0690))
    /// Alef, tah, zah, lam, kaf, gaf and their variants, as a word's last letter.
    static let finalAlefLamKaf: Set<UInt32> = alefs.union(lams).union([0x0637, 0x0638, 0x0643, 0x06A9, 0x06AA, 0x06AB, 0x06AF,
                                                                       0x06B0, 0x06B1, 0x06B2, 0x06B3, 0x06B4])
}
