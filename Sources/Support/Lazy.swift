import Synchronization

/// A value made on its first use, then kept, shared by every thread: what a catalog entry reads and writes
/// with, so that building a catalog of many entries makes none of them until one is used.
///
/// Threads may race to make it: each makes the same value, one is kept (compare-and-exchange), the others
/// dropped. A use after that is one acquiring load and a borrow of the kept value in place: no copy, so no
/// retain of the references it holds, which every thread's requests would otherwise contend on (an entry's
/// parts are three strings, a schema and three closures). `@unchecked Sendable`: `make` must be safe to
/// call from any thread (it captures only immutable values), and the only mutable state is atomic.
package final class Lazy<Value>: @unchecked Sendable {
    private let make: () -> Value
    /// The kept value, written once; never moved or freed before `deinit`.
    private let made = Atomic<UnsafeMutablePointer<Value>?>(nil)

    /// A value that `make` makes when it is first asked for.
    package init(_ make: @escaping () -> Value) { self.make = make }

    /// The value (made now if it was not yet), borrowed where it is kept.
    package var value: Value {
        _read { yield kept().pointee }
    }

    /// Where the value is kept, made and stored first if no thread has yet.
    private func kept() -> UnsafeMutablePointer<Value> {
        if let kept = made.load(ordering: .acquiring) { return kept }
        let new = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        new.initialize(to: make())
        let (stored, kept) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        if stored { return new }
        new.deinitialize(count: 1)
        new.deallocate()
        return kept!
    }

    /// Whether the value has been made.
    package var isMade: Bool { made.load(ordering: .acquiring) != nil }

    deinit {
        if let kept = made.load(ordering: .acquiring) {
            kept.deinitialize(count: 1)
            kept.deallocate()
        }
    }
}
