import Foundation
import Testing
@testable import Shaping

/// The threads' fronts of the shaping cache: a repeated lookup is answered from the thread's own copy
/// (buffers no other line shares), counts as a hit, and never answers what the shared table let go.
@Suite struct ShapeCacheThreadTests {
    static func text(_ s: String) -> AttributedText {
        AttributedText(s, attributes: TextAttributes(fonts: [TestFonts.sans], size: 20, systemFallback: false))
    }

    /// The address of an array's buffer (its first element).
    static func address<T>(_ a: [T]) -> UInt { a.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }

    @Test func aRepeatedLookupIsTheThreadsOwnCopy() {
        let cache = ShapeCache()
        let t = Self.text("Mannerheimintie and Aleksanterinkatu")
        let first = cache.shape(t)
        let second = cache.shape(t), third = cache.shape(t)
        #expect(second == first && third == first && first == Shaper.shape(t))
        // The front's copy: its own buffers, not the shared entry's (which the first lookup returned).
        #expect(Self.address(second.glyphs) != Self.address(first.glyphs))
        #expect(Self.address(second.runs) != Self.address(first.runs))
        #expect(Self.address(third.glyphs) == Self.address(second.glyphs))
        // The runs' font lists too: a copy of a run's attributes retains its list, which the shared entry's
        // run holds for every thread.
        #expect(second.runs[0].fonts == first.runs[0].fonts)
        #expect(Self.address(second.runs[0].fonts) != Self.address(first.runs[0].fonts))
        #expect(Self.address(second.runs[0].fonts) == Self.address(third.runs[0].fonts))
        let s = cache.statistics
        #expect(s.hits == 2 && s.misses == 1 && s.entries == 1)
        cache.resetStatistics()
        _ = cache.shape(t)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 0)
    }

    /// A key copied for a front: the same key (equal, same hash), with a font list of its own.
    @Test func aFrontsKeyHasItsOwnFontLists() {
        let t = Self.text("Pohjoisesplanadi")
        let key = ShapeCache.Key(t, mode: 0), copy = key.threadCopy()
        #expect(copy == key && copy.hashValue == key.hashValue)
        #expect(Self.address(copy.text.runs[0].attributes.fonts) != Self.address(key.text.runs[0].attributes.fonts))
        var features = TextAttributes(fonts: [TestFonts.sans], size: 20)
        features.features = [FeatureSetting(tag: "kern", value: 0)]
        let own = features.threadCopy()
        #expect(own == features && Self.address(own.features) != Self.address(features.features))
    }

    /// A front's line has diagnostics of its own: the missing characters' list and the stack's font names in
    /// storage no other line shares (a check reads them for every label).
    @Test func aFrontsLineHasDiagnosticsOfItsOwn() throws {
        let cache = ShapeCache()
        let t = Self.text("Helsinki 口座残高 Helsingfors")   // CJK: no font of the stack covers it
        let first = cache.shape(t), second = cache.shape(t)
        #expect(second == first)
        let a = try #require(first.diagnostics.first { $0.missingCoverage != nil }?.missingCoverage)
        let b = try #require(second.diagnostics.first { $0.missingCoverage != nil }?.missingCoverage)
        #expect(a == b && !a.characters.isEmpty && !a.stack.isEmpty)
        #expect(Self.address(b.characters) != Self.address(a.characters))
        #expect(Self.address(b.stack) != Self.address(a.stack))
        // The font name (longer than a string kept inline) in storage of its own.
        #expect(a.stack[0].utf8.count > 15)
        func storage(_ s: String) -> UInt { s.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } ?? 0 }
        #expect(storage(b.stack[0]) != storage(a.stack[0]) && storage(b.stack[0]) != 0)
        let messages = (first.diagnostics.map(\.message), second.diagnostics.map(\.message))
        #expect(messages.0 == messages.1 && storage(messages.1[0]) != storage(messages.0[0]))
    }

    @Test func theFrontForgetsWhatTheTableLetsGo() {
        let cache = ShapeCache()
        let t = Self.text("Esplanadi")
        _ = cache.shape(t); _ = cache.shape(t)
        cache.removeAll()
        _ = cache.shape(t)
        #expect(cache.statistics.misses == 2)  // not answered by the front after removeAll
        _ = cache.shape(t)
        cache.byteBudget = 0  // evicts it
        _ = cache.shape(t)
        #expect(cache.statistics.misses == 3 && cache.statistics.entries == 0)
        _ = cache.shape(t)
        #expect(cache.statistics.misses == 4)  // a cache that keeps nothing, front included
    }

    @Test func twoCachesOnOneThreadKeepApart() {
        let a = ShapeCache(), b = ShapeCache()
        let t = Self.text("Bulevardi")
        _ = a.shape(t); _ = a.shape(t)
        _ = b.shape(t)
        #expect(a.statistics.hits == 1 && b.statistics.hits == 0 && b.statistics.misses == 1)
    }

    @Test func hitsOfThreadsThatEndedStillCount() {
        let cache = ShapeCache()
        let t = Self.text("Unioninkatu")
        _ = cache.shape(t)
        // 20 threads, each a hit in the table and then two in its front; more than the 16 counters kept
        // before those of ended threads are folded in.
        for _ in 0..<20 {
            let done = DispatchSemaphore(value: 0)
            Thread { _ = cache.shape(t); _ = cache.shape(t); _ = cache.shape(t); done.signal() }.start()
            done.wait()
        }
        let s = cache.statistics
        #expect(s.hits == 60 && s.misses == 1)
    }
}
