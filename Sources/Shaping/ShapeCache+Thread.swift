import Support
import Synchronization

/// The per-thread front of a ``ShapeCache``: each thread keeps its own copies of the lines it looked up,
/// so that a repeated lookup takes no lock and touches no memory another thread writes.
///
/// A hit in the shared table takes its mutex and retains the entry's five buffers (text, glyphs, fonts,
/// runs, diagnostics), whose reference counts every thread that hits the entry updates: on two cores
/// the counters' cache lines move back and forth. A thread's front holds copies with buffers of its
/// own (``ShapedLine/threadCopy()``), so a front hit is a probe of a thread-private table and retains
/// only thread-private buffers.
///
/// The front never answers what the shared table would not, nor keeps the table from evicting what it
/// would have kept: it holds only lines the table holds, and it is emptied whenever the table lets an
/// entry go or its CLOCK hand clears a mark (an eviction, a lower budget, ``ShapeCache/removeAll()``),
/// which the table's ``ShapeCache/epoch`` counts. A front line's first hit in an epoch marks the table's
/// entry (under the lock, once), as a hit in the table does; later hits take no lock. Front hits count
/// in ``ShapeCache/statistics`` through a counter per thread that only its thread writes.
extension ShapeCache {
    /// A thread's counter of front hits for one cache: written by that thread alone (a load and a store,
    /// no locked instruction), read by ``ShapeCache/statistics``.
    final class ThreadHits: Sendable {
        let count = Atomic<Int>(0)
    }

    /// One cache's table in one thread's front.
    final class ThreadTable {
        /// Which cache (``ShapeCache/id``: never reused, unlike an object's address).
        let cache: UInt64
        let hits: ThreadHits
        /// The shared table's ``ShapeCache/epoch`` the lines were copied under.
        var epoch: Int
        /// The lines, each with whether its table entry is marked as hit in this epoch.
        var lines: [Key: (line: ShapedLine, marked: Bool)] = [:]
        var bytes = 0

        init(cache: UInt64, hits: ThreadHits, epoch: Int) { self.cache = cache; self.hits = hits; self.epoch = epoch }

        /// The most estimated bytes one thread's table holds; past it the table starts again empty.
        static let byteBudget = 2 << 20
    }

    /// A thread's tables, one per cache it used (usually one).
    final class ThreadFront {
        var tables: [ThreadTable] = []
        /// The table last used (most lookups go to the same cache as the one before).
        var last: ThreadTable?

        /// This thread's front, made on first use; freed when the thread exits.
        static var current: ThreadFront { fronts.value }
        private static let fronts = ThreadLocal { ThreadFront() }
    }

    /// Where ``ShapeCache`` ids come from.
    static let ids = Atomic<UInt64>(1)

    /// This thread's table for this cache, registering a new one with the shared table.
    func threadTable() -> ThreadTable {
        let front = ThreadFront.current
        if let t = front.last, t.cache == id { return t }
        if let t = front.tables.first(where: { $0.cache == id }) { front.last = t; return t }
        let hits = ThreadHits()
        let epoch = state.withLock { s in
            s.registerThread(hits)
            return s.epoch
        }
        let t = ThreadTable(cache: id, hits: hits, epoch: epoch)
        front.tables.append(t)
        front.last = t
        return t
    }

    /// A hit in this thread's front, counted; `nil` when the front does not hold `key` (or the shared
    /// table let an entry go since the front's lines were copied: the front is emptied then).
    func frontHit(_ t: ThreadTable, _ key: Key) -> ShapedLine? {
        let now = epoch.load(ordering: .acquiring)
        if t.epoch != now {
            if !t.lines.isEmpty { t.lines = [:]; t.bytes = 0 }
            t.epoch = now
            return nil
        }
        guard let entry = t.lines[key] else { return nil }
        if !entry.marked {
            // The first hit of the epoch marks the table's entry, as a hit in the table would.
            let marked = state.withLock { s -> Bool in
                guard s.epoch == t.epoch, let i = s.index[key] else { return false }
                s.slots[i]!.referenced = true
                return true
            }
            guard marked else { t.lines = [:]; t.bytes = 0; return nil }
            t.lines[key]!.marked = true
        }
        t.hits.count.store(t.hits.count.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        return entry.line
    }

    /// Keeps a thread copy of `line` (which the shared table holds under epoch `epoch`, its entry marked
    /// as hit or not) in the front.
    func frontKeep(_ t: ThreadTable, _ key: Key, _ line: ShapedLine, bytes: Int, epoch: Int, marked: Bool) {
        if t.epoch != epoch { t.lines = [:]; t.bytes = 0; t.epoch = epoch }
        if t.bytes + bytes > ThreadTable.byteBudget { t.lines = [:]; t.bytes = 0 }
        guard bytes <= ThreadTable.byteBudget else { return }
        t.lines[key.threadCopy()] = (line.threadCopy(), marked)
        t.bytes += bytes
    }
}

extension ShapeCache.State {
    /// Registers a thread's hit counter; counters of threads that have exited (held by the shared
    /// table alone) are folded into ``ShapeCache/Statistics/hits`` and dropped, so the list stays as
    /// long as the threads alive.
    mutating func registerThread(_ hits: ShapeCache.ThreadHits) {
        if threadHits.count >= 16 {
            var kept: [ShapeCache.ThreadHits] = []
            for var h in threadHits {
                if isKnownUniquelyReferenced(&h) { stats.hits += h.count.load(ordering: .relaxed) } else { kept.append(h) }
            }
            threadHits = kept
        }
        threadHits.append(hits)
    }

    /// The front hits of every thread since the counters were last reset.
    var frontHits: Int { threadHits.reduce(0) { $0 + $1.count.load(ordering: .relaxed) } - frontHitsBaseline }
}

extension ShapeCache.Key {
    /// The key with a text of this thread's own (its runs' buffer and string copied).
    func threadCopy() -> ShapeCache.Key { ShapeCache.Key(copying: self) }
}

extension ShapedLine {
    /// The line with buffers of its own: the same values, in arrays and a string no other line shares (its
    /// runs' font lists too), so that copying it, or a run's attributes, retains nothing another thread retains.
    func threadCopy() -> ShapedLine {
        var copy = self
        copy.text = text.threadCopy()
        copy.glyphs = glyphs.withUnsafeBufferPointer { Array($0) }
        copy.fonts = fonts.withUnsafeBufferPointer { Array($0) }
        copy.runs = runs.map { $0.threadCopy() }
        if !diagnostics.isEmpty { copy.diagnostics = diagnostics.map { $0.threadCopy() } }
        return copy
    }
}

extension String {
    /// The same text in storage of its own (a string's copy shares its storage, whose count a retain writes).
    func threadCopy() -> String { String(decoding: Array(utf8), as: UTF8.self) }
}

extension ShapingDiagnostic {
    /// The diagnostic with strings and arrays of its own: a check reads every label's diagnostics (the
    /// missing characters and the stack's font names), so a front's line must not share them with the
    /// table's line and the other threads' copies.
    func threadCopy() -> ShapingDiagnostic {
        var copy = self
        copy.message = message.threadCopy()
        if var m = missingCoverage {
            m.characters = m.characters.withUnsafeBufferPointer { Array($0) }
            m.stack = m.stack.map { $0.threadCopy() }
            copy.missingCoverage = m
        }
        if var s = synthesized {
            s.font = s.font.threadCopy(); s.fontStyle = s.fontStyle.threadCopy()
            s.wanted = s.wanted.threadCopy(); s.wantedStyle = s.wantedStyle.threadCopy()
            copy.synthesized = s
        }
        if var e = elongation {
            e.positions = e.positions.withUnsafeBufferPointer { Array($0) }
            e.covered = e.covered.withUnsafeBufferPointer { Array($0) }
            e.unavailable = e.unavailable.map { $0.threadCopy() }
            e.unavailableClusters = e.unavailableClusters.withUnsafeBufferPointer { Array($0) }
            copy.elongation = e
        }
        return copy
    }
}

extension TextAttributes {
    /// The attributes with font and feature lists of their own: the same fonts and features, in arrays no
    /// other attributes share (a copy of the attributes retains their buffers).
    func threadCopy() -> TextAttributes {
        var copy = self
        copy.fonts = fonts.withUnsafeBufferPointer { Array($0) }
        if !features.isEmpty { copy.features = features.withUnsafeBufferPointer { Array($0) } }
        return copy
    }
}
