import Support
import Synchronization
/// Shaped lines kept for text that was shaped before: a map repeats its street names at every zoom and
/// tile, a locale sweep repeats its labels, a batch repeats its styles; a repeated label skips the
/// itemizer and HarfBuzz.
///
/// The key is everything that changes the shaping output: the string, each attribute run's range and its
/// attributes — fonts by identity (a ``Typeface`` is one loaded face with its variations), size, features,
/// language, ``TextAttributes/systemFallback`` and any attribute added later — the paragraph direction,
/// and for vertical text the orientation. The attributes that only placement and drawing read (colour,
/// letter and word spacing, baseline shift) are left out of the key: a hit gets the caller's own run
/// attributes back in ``ShapedLine/runs``. The value is the ``ShapedLine`` (a value type), returned as
/// ``Shaper`` would have made it: ``shape(_:direction:)`` equals `Shaper.shape(_:direction:)` for the same
/// input, field for field.
///
/// Memory is bounded by ``byteBudget``: each entry is charged an estimate from its glyph count, text,
/// runs and diagnostics (``estimatedBytes(_:)``); when an insertion would go over the budget, entries are
/// evicted by the CLOCK rule (a hit marks an entry; the hand clears marks and evicts the first unmarked
/// entry it meets), and a line larger than the whole budget is shaped but not kept. A budget of 0 turns
/// the cache off. The cache holds its keys' fonts, so they stay loaded while an entry that names them
/// is kept; ``removeAll()`` lets them go.
///
/// Thread safety: one ``Locked`` (a pthread mutex that ThreadSanitizer sees) guards the table; the key's
/// hash is computed and misses are shaped outside the lock, so threads wait only for a table probe. Two
/// threads missing the same text at once both shape it and the second keeps its copy (both identical).
/// In front of the table each thread keeps copies of the lines it looked up (`ShapeCache+Thread.swift`):
/// a repeated lookup on the same thread takes no lock and retains no buffer another thread retains, and
/// answers exactly as the table would (the fronts are emptied whenever the table lets an entry go).
public final class ShapeCache: Sendable {
    /// The cache the engine, scene rendering, the placer and the locale check share (budget
    /// ``defaultByteBudget``; change it with ``byteBudget``).
    public static let shared = ShapeCache()

    /// The default budget: 16 MiB, about 10 000 short labels (a street name in the five-font default
    /// stack is charged ≈ 1.7 KiB: its glyphs, text, runs with their font lists, and the slot).
    public static let defaultByteBudget = 16 << 20

    /// What the cache did since it was made (or since ``resetStatistics()``), and what it holds.
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        /// Lookups answered from the cache.
        public var hits = 0
        /// Lookups that shaped the text.
        public var misses = 0
        /// Entries evicted to stay within the budget.
        public var evictions = 0
        /// Entries held now.
        public var entries = 0
        /// The estimated bytes held now (always ≤ ``byteBudget``).
        public var bytes = 0
        /// The budget.
        public var byteBudget = 0
        /// hits ÷ (hits + misses), 0 before any lookup.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
        /// `hits 90, misses 10 (90.0 %), 10 entries, 4 KiB of 16384 KiB, 0 evictions`.
        public var description: String {
            "hits \(hits), misses \(misses) (\(Double(Int(hitRate * 1000 + 0.5)) / 10) %), \(entries) entries, "
                + "\(bytes / 1024) KiB of \(byteBudget / 1024) KiB, \(evictions) evictions"
        }
    }

    /// The lookup key: the text as it is shaped (``AttributedText/mergedForShaping``), compared by its runs'
    /// ranges and ``ShapingAttributes`` alone, and the entry point with its mode, with the hash computed once.
    struct Key: Hashable, Sendable {
        let text: AttributedText
        /// 0–2: ``Shaper/shape(_:direction:)`` with `.auto`, `.ltr`, `.rtl`; 3–4: vertical, mixed or upright.
        let mode: UInt8
        let hash: Int

        /// `key` with a text whose string, runs' buffer and runs' font lists are copies of its own (for a thread's front).
        init(copying key: Key) {
            var text = key.text
            text.string = key.text.string.threadCopy()
            text.runs = key.text.runs.map { run in
                var own = run
                own.attributes = run.attributes.threadCopy()
                return own
            }
            self.text = text; mode = key.mode; hash = key.hash
        }

        init(_ text: AttributedText, mode: UInt8) {
            self.text = text; self.mode = mode
            var h = Hasher()
            h.combine(mode)
            h.combine(text.string)
            h.combine(text.runs.count)
            // The hash takes the parts that tell labels apart in practice (equality compares every input):
            // hashing whole attributes (their font, feature and language fields) doubled a hit's cost.
            for run in text.runs {
                h.combine(run.range.lowerBound); h.combine(run.range.upperBound)
                h.combine(run.attributes.size)
                h.combine(run.attributes.fonts.count)
                if let first = run.attributes.fonts.first { h.combine(ObjectIdentifier(first)) }
            }
            hash = h.finalize()
        }

        static func == (a: Key, b: Key) -> Bool {
            guard a.hash == b.hash, a.mode == b.mode, a.text.runs.count == b.text.runs.count, a.text.string == b.text.string else { return false }
            // Through buffer pointers: `zip` copied each run, retaining its fonts, features and language,
            // and a cached key's are shared by every thread that looks it up.
            return a.text.runs.withUnsafeBufferPointer { x in
                b.text.runs.withUnsafeBufferPointer { y in
                    guard var p = x.baseAddress, var q = y.baseAddress else { return true }
                    for _ in 0..<x.count {
                        guard p.pointee.range == q.pointee.range, p.pointee.attributes.shaping == q.pointee.attributes.shaping else { return false }
                        p += 1; q += 1
                    }
                    return true
                }
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    struct Slot {
        var key: Key
        var line: ShapedLine
        var bytes: Int
        var referenced: Bool
    }

    struct State: Sendable {
        var index: [Key: Int] = [:]
        var slots: [Slot?] = []
        var free: [Int] = []
        var hand = 0
        var bytes = 0
        var budget: Int
        var stats = Statistics()
        /// How many times the table let entries go or cleared a mark (evictions, the CLOCK hand, ``removeAll()``):
        /// the threads' fronts are valid within one epoch. ``ShapeCache/epoch`` mirrors it.
        var epoch = 0
        /// Each thread's count of hits in its front.
        var threadHits: [ThreadHits] = []
        /// The front hits counted before the last ``resetStatistics()``.
        var frontHitsBaseline = 0
    }

    let state: Locked<State>
    /// ``State/epoch``, read by the threads' fronts without the lock (written under it).
    let epoch = Atomic<Int>(0)
    /// This cache's number in the threads' fronts.
    let id: UInt64

    /// Creates a cache holding at most `byteBudget` estimated bytes (0: keep nothing).
    public init(byteBudget: Int = ShapeCache.defaultByteBudget) {
        state = Locked(State(budget: max(0, byteBudget)))
        id = Self.ids.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// The most estimated bytes the cache holds; lowering it evicts at once.
    public var byteBudget: Int {
        get { state.withLock { $0.budget } }
        set {
            state.withLock { s in
                s.budget = max(0, newValue)
                Self.makeRoom(&s, for: 0)
                epoch.store(s.epoch, ordering: .releasing)
            }
        }
    }

    /// The counters and the current size.
    public var statistics: Statistics {
        state.withLock { s in
            var out = s.stats
            out.hits += s.frontHits
            out.entries = s.index.count; out.bytes = s.bytes; out.byteBudget = s.budget
            return out
        }
    }

    /// Sets the hit, miss and eviction counters to 0 (the entries stay).
    public func resetStatistics() {
        state.withLock { s in
            s.stats = Statistics()
            s.frontHitsBaseline += s.frontHits
        }
    }

    /// Forgets every entry (and lets go of the fonts their keys hold).
    public func removeAll() {
        state.withLock { s in
            s.index = [:]; s.slots = []; s.free = []; s.hand = 0; s.bytes = 0
            s.epoch += 1
            epoch.store(s.epoch, ordering: .releasing)
        }
    }

    /// ``Shaper/shape(_:direction:)``, from the cache when the same text with the same shaping inputs was
    /// shaped before.
    public func shape(_ text: AttributedText, direction: ParagraphDirection = .auto) -> ShapedLine {
        let mode: UInt8 = switch direction { case .auto: 0; case .ltr: 1; case .rtl: 2 }
        let shaped = text.mergedForShaping ?? text
        return Self.painted(lookup(Key(shaped, mode: mode)) { Shaper.shape(shaped, direction: direction) }, as: text)
    }

    /// ``Shaper/shapeVertical(_:orientation:)``, from the cache when it can be.
    public func shapeVertical(_ text: AttributedText, orientation: VerticalOrientation = .mixed) -> ShapedLine {
        let shaped = text.mergedForShaping ?? text
        return Self.painted(lookup(Key(shaped, mode: orientation == .mixed ? 3 : 4)) { Shaper.shapeVertical(shaped, orientation: orientation) },
                            as: text)
    }

    /// The estimated bytes an entry for `line` costs: its glyphs, its text (held once by the key and the
    /// line), its runs' attributes with their font and feature lists, its diagnostics and a fixed part for
    /// the table slot and the arrays' headers.
    public static func estimatedBytes(_ line: ShapedLine) -> Int {
        var runs = 0
        for r in line.runs {
            runs += MemoryLayout<TextAttributes>.stride + MemoryLayout<AttributedText.Run>.stride
                + 8 * r.fonts.count + MemoryLayout<FeatureSetting>.stride * r.features.count + (r.language?.utf8.count ?? 0)
        }
        let diagnostics = line.diagnostics.reduce(0) { $0 + MemoryLayout<ShapingDiagnostic>.stride + $1.message.utf8.count }
        return 256 + MemoryLayout<ShapedGlyph>.stride * line.glyphs.count + line.text.utf8.count
            + 2 * runs + 8 * line.fonts.count + diagnostics
    }

    private func lookup(_ key: Key, shape: () -> ShapedLine) -> ShapedLine {
        let front = threadTable()
        if let line = frontHit(front, key) { return line }
        let found: (line: ShapedLine, bytes: Int, epoch: Int)? = state.withLock { s in
            guard let i = s.index[key] else { s.stats.misses += 1; return nil }
            s.stats.hits += 1
            if !s.slots[i]!.referenced { s.slots[i]!.referenced = true }
            return (s.slots[i]!.line, s.slots[i]!.bytes, s.epoch)
        }
        if let found {
            frontKeep(front, key, found.line, bytes: found.bytes, epoch: found.epoch, marked: true)
            return found.line
        }
        let line = shape()
        let bytes = Self.estimatedBytes(line)
        let kept: Int? = state.withLock { s in
            guard bytes <= s.budget, s.index[key] == nil else { return nil }
            Self.makeRoom(&s, for: bytes)
            epoch.store(s.epoch, ordering: .releasing)
            let slot = Slot(key: key, line: line, bytes: bytes, referenced: false)
            let i: Int
            if let f = s.free.popLast() { i = f; s.slots[i] = slot } else { i = s.slots.count; s.slots.append(slot) }
            s.index[key] = i
            s.bytes += bytes
            return s.epoch
        }
        if let kept { frontKeep(front, key, line, bytes: bytes, epoch: kept, marked: false) }
        return line
    }

    /// `line` (shaped from the key's text) with the caller's runs: their attributes, and each glyph's run.
    /// A line of the caller's own runs with the same attributes comes back as it is (no copy).
    private static func painted(_ line: ShapedLine, as text: AttributedText) -> ShapedLine {
        // Compared in place (`zip` copied the cached line's attributes, whose fonts every thread shares).
        let same = line.runs.count == text.runs.count && line.runs.withUnsafeBufferPointer { a in
            text.runs.withUnsafeBufferPointer { b in !a.indices.contains { a[$0] != b[$0].attributes } }
        }
        if same { return line }
        if line.runs.count == text.runs.count {
            var copy = line
            copy.runs = text.runs.map(\.attributes)
            return copy
        }
        return line.painted(as: text)
    }

    /// Evicts entries (CLOCK) until `bytes` more fit in the budget.
    private static func makeRoom(_ s: inout State, for bytes: Int) {
        // Every pass of the hand clears marks, so two passes over the slots evict whatever is needed.
        var steps = 0
        let limit = 2 * s.slots.count + 1
        while s.bytes + bytes > s.budget, !s.index.isEmpty, steps < limit {
            steps += 1
            if s.hand >= s.slots.count { s.hand = 0 }
            let i = s.hand
            s.hand += 1
            guard let slot = s.slots[i] else { continue }
            // Either way the fronts must forget what they hold: a front's hit marks only once (below).
            s.epoch &+= 1
            if slot.referenced { s.slots[i]!.referenced = false; continue }
            s.index[slot.key] = nil
            s.slots[i] = nil
            s.free.append(i)
            s.bytes -= slot.bytes
            s.stats.evictions += 1
        }
    }
}
