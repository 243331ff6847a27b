import Synchronization

/// A value made on its first use, then kept, shared by every thread: what a catalog entry reads and writes
/// with, so that building a catalog of many entries makes none of them until one is used.
///
/// Threads may race to make it: each makes the same value, one is kept (compare-and-exchange), the others
/// dropped. A use after that is one acquiring load. `@unchecked Sendable`: `make` must be safe to call
/// from any thread (it captures only immutable values), and the only mutable state is atomic.
package final class Lazy<Value>: @unchecked Sendable {
    /// The kept value, in a class so that an atomic pointer can hold it.
    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let make: () -> Value
    private let made = Atomic<Unmanaged<Box>?>(nil)

    /// A value that `make` makes when it is first asked for.
    package init(_ make: @escaping () -> Value) { self.make = make }

    /// The value (made now if it was not yet).
    package var value: Value {
        if let kept = made.load(ordering: .acquiring) { return kept.takeUnretainedValue().value }
        let new = Unmanaged.passRetained(Box(make()))
        let (stored, kept) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        if stored { return new.takeUnretainedValue().value }
        new.release()
        return kept!.takeUnretainedValue().value
    }

    /// Whether the value has been made.
    package var isMade: Bool { made.load(ordering: .acquiring) != nil }

    deinit { made.load(ordering: .acquiring)?.release() }
}
