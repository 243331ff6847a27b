import Geometry
import Synchronization

/// Loaded glyph outlines of one font, readable by any number of threads without a lock.
///
/// One slot per glyph id, each an atomic pointer to an immutable ``Entry``: a reader does one acquiring
/// load; a miss is filled by the caller (``Typeface`` loads the outline under its FreeType lock) and
/// published with ``publish(_:for:)`` by a compare-and-exchange, where a slot filled first by another
/// thread wins and the other copy is dropped. Slots are never emptied (a font's instance is fixed when it
/// is loaded), so an entry once read stays valid for the table's life; the table releases them in
/// `deinit`. ThreadSanitizer sees the atomics, so `make sanitize` checks this.
///
/// The slots (8 bytes per glyph: 32 kB for Noto Sans, 512 kB for a 65 535-glyph CJK font) are allocated
/// when the first outline is published (placing a label checks its glyphs' outlines, so publishes them),
/// so fonts used only for shaping or fallback checks never pay for them.
///
/// Plain `Atomic` pointers rather than `AtomicLazyReference`: the latter's `load()` is not inlined across
/// modules here, and its generic metadata lookups cost about 1 000 instructions per glyph drawn.
/// `@unchecked Sendable` because raw pointers are not `Sendable`: every shared word is read and written
/// only through the atomics, and the entries they point to are immutable.
final class OutlineTable: @unchecked Sendable {
    /// One loaded outline, or why FreeType could not load it.
    final class Entry: Sendable {
        /// The outline in font units (y up), or FreeType's failure.
        let result: Result<BezPath, FreeTypeFace.GlyphFailure>
        /// The outline's ``BezPath/controlBox`` in font units (``Rect/empty`` for a failure): what a
        /// placed glyph's ink box is made from, without copying the outline.
        let controlBox: Rect
        /// Whether FreeType loaded the outline (``result`` is a success): what a check before drawing reads.
        let loaded: Bool
        init(_ result: Result<BezPath, FreeTypeFace.GlyphFailure>) {
            self.result = result
            controlBox = (try? result.get())?.controlBox ?? .empty
            if case .success = result { loaded = true } else { loaded = false }
        }
    }

    private typealias Slot = Atomic<UnsafeMutableRawPointer?>
    /// The slots, `glyphCount` of them, or `nil` before the first publish.
    private let slots = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Glyph ids below this have a slot; others (only a damaged font's substitutions make them) are not cached.
    let glyphCount: Int

    /// A table for a font of `glyphCount` glyphs.
    init(glyphCount: Int) { self.glyphCount = max(0, glyphCount) }

    deinit {
        guard let raw = slots.load(ordering: .acquiring) else { return }
        let base = raw.assumingMemoryBound(to: Slot.self)
        for i in 0..<glyphCount {
            if let entry = base[i].load(ordering: .acquiring) { Unmanaged<Entry>.fromOpaque(entry).release() }
        }
        base.deinitialize(count: glyphCount)
        base.deallocate()
    }

    /// The entry of `glyph` when it was published, else `nil`. O(1), lock-free.
    @inline(__always)
    func entry(_ glyph: UInt32) -> Entry? {
        published(glyph).map { Unmanaged<Entry>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The ``Entry/controlBox`` of `glyph` when it was published, else `nil`, read without retaining the
    /// entry: every thread placing this glyph reads it, and a retain and release per read would be two
    /// atomics on a counter they all share. The entry lives as long as the table (slots are never emptied).
    @inline(__always)
    func controlBox(_ glyph: UInt32) -> Rect? {
        published(glyph).map { Unmanaged<Entry>.fromOpaque($0)._withUnsafeGuaranteedRef { $0.controlBox } }
    }

    /// The index of the first of `glyphs` from `start` on whose outline is not published as loaded (not
    /// loaded yet, or FreeType failed), or `glyphs.count` when every one is: a check before drawing that
    /// takes no lock and retains nothing, one acquiring load of a slot and a flag read per glyph.
    func firstUnloaded(_ glyphs: UnsafeBufferPointer<ShapedGlyph>, from start: Int) -> Int {
        guard let raw = slots.load(ordering: .acquiring) else { return min(start, glyphs.count) }
        let base = raw.assumingMemoryBound(to: Slot.self)
        var k = start
        while k < glyphs.count {
            let g = Int(glyphs[k].glyph)
            guard g < glyphCount, let entry = base[g].load(ordering: .acquiring),
                  Unmanaged<Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef({ $0.loaded }) else { break }
            k += 1
        }
        return k
    }

    /// The slot's pointer to the published entry of `glyph`, or `nil`: one acquiring load of the table
    /// and one of the slot.
    @inline(__always)
    private func published(_ glyph: UInt32) -> UnsafeMutableRawPointer? {
        guard Int(glyph) < glyphCount, let raw = slots.load(ordering: .acquiring) else { return nil }
        return raw.assumingMemoryBound(to: Slot.self)[Int(glyph)].load(ordering: .acquiring)
    }

    /// Publishes the outline of `glyph` and returns the entry every reader will see from now on (the
    /// first one published when two threads race).
    func publish(_ result: Result<BezPath, FreeTypeFace.GlyphFailure>, for glyph: UInt32) -> Entry {
        let fresh = Entry(result)
        guard Int(glyph) < glyphCount else { return fresh }
        let base = table()
        let retained = Unmanaged.passRetained(fresh).toOpaque()
        let (won, current) = base[Int(glyph)].compareExchange(expected: nil, desired: retained,
                                                              successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if won { return fresh }
        Unmanaged<Entry>.fromOpaque(retained).release()
        return Unmanaged<Entry>.fromOpaque(current!).takeUnretainedValue()
    }

    /// The slots, allocated (all empty) by the first thread that needs them.
    private func table() -> UnsafeMutablePointer<Slot> {
        if let raw = slots.load(ordering: .acquiring) { return raw.assumingMemoryBound(to: Slot.self) }
        let fresh = UnsafeMutablePointer<Slot>.allocate(capacity: glyphCount)
        for i in 0..<glyphCount { (fresh + i).initialize(to: Slot(nil)) }
        let (won, current) = slots.compareExchange(expected: nil, desired: UnsafeMutableRawPointer(fresh),
                                                   successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if won { return fresh }
        fresh.deinitialize(count: glyphCount)
        fresh.deallocate()
        return current!.assumingMemoryBound(to: Slot.self)
    }
}
