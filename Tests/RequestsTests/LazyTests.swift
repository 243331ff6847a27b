import Testing
@testable import Requests

/// A value made on first use, once, whichever thread asks first.
@Suite struct LazyTests {
    final class Made: Sendable { let n: Int; init(_ n: Int) { self.n = n } }

    @Test func theValueIsMadeOnFirstUseAndOnlyThen() {
        nonisolated(unsafe) var calls = 0   // read after the single-threaded uses below
        let lazy = Lazy<Int> { calls += 1; return 7 }
        #expect(!lazy.isMade && calls == 0)
        #expect(lazy.value == 7 && lazy.isMade && calls == 1)
        #expect(lazy.value == 7 && calls == 1)
    }

    @Test func threadsRacingToMakeItAllGetTheKeptValue() async {
        let lazy = Lazy<Made> { Made(42) }
        // Each task answers with the object it got: one object, kept for every thread.
        let objects = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(lazy.value) } }
            var out: [ObjectIdentifier] = []
            for await p in group { out.append(p) }
            return out
        }
        #expect(objects.count == 16 && Set(objects).count == 1 && objects[0] == ObjectIdentifier(lazy.value))
        #expect(lazy.value.n == 42)
    }

    /// The kept value is released with its `Lazy`.
    @Test func theValueIsReleasedWithIt() {
        weak var kept: Made?
        do {
            let lazy = Lazy<Made> { Made(1) }
            kept = lazy.value
            #expect(kept != nil)
        }
        #expect(kept == nil)
    }

    struct Refused: Error, Equatable { let n: Int }

    /// `withValue` lends the kept value itself (the same object every time) and passes a typed error on.
    @Test func withValueLendsTheKeptValueAndPassesItsErrorOn() {
        let lazy = Lazy<Made> { Made(5) }
        let a = lazy.withValue { ObjectIdentifier($0) }, b = lazy.withValue { ObjectIdentifier($0) }
        #expect(a == b && a == ObjectIdentifier(lazy.value))
        #expect(throws: Refused(n: 5)) { try lazy.withValue { (m: borrowing Made) throws(Refused) in throw Refused(n: m.n) } }
    }
}
