import Synchronization

/// A value made on its first use, then kept, shared by every thread: what a catalog entry reads and writes
/// with, so that building a catalog of many entries makes none of them until one is used.
///
/// Threads may race to make it: each makes the same value, one is kept (compare-and-exchange), the others
/// dropped. A use after that is one acquiring load and a borrow of the kept value in place
/// (``withValue(_:)``): no copy, so no retain of the references it holds, which every thread's requests
/// would otherwise contend on (an entry's parts are three strings, a schema and three closures, and a
/// call of a closure copied out of memory that may change retains its context). The value is an
/// immutable stored property of a box that the kept pointer holds a reference to, so a borrow of it
/// reads in place. `@unchecked Sendable`: `make` must be safe to call from any thread (it captures only
/// immutable values), and the only mutable state is atomic.
///
/// In the requests module, beside its one user, so that ``withValue(_:)`` is specialised and inlined
/// into the catalog's readers (a generic call across modules was not, and retained).
final class Lazy<Value>: @unchecked Sendable {
    /// The kept value.
    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let make: () -> Value
    /// The kept box, retained once when stored, released in `deinit`.
    private let made = Atomic<Unmanaged<Box>?>(nil)

    /// A value that `make` makes when it is first asked for.
    init(_ make: @escaping () -> Value) { self.make = make }

    /// The value (made now if it was not yet), copied.
    var value: Value { withValue { $0 } }

    /// `body` of the value (made now if it was not yet), borrowed where it is kept.
    @inline(__always) func withValue<R, E: Error>(_ body: (borrowing Value) throws(E) -> R) throws(E) -> R {
        // `_withUnsafeGuaranteedRef` rethrows untyped errors: the typed one crosses it as a result.
        let result: Result<R, E> = kept()._withUnsafeGuaranteedRef { box in
            do throws(E) { return .success(try body(box.value)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The kept box, made and stored first if no thread has yet.
    @inline(__always) private func kept() -> Unmanaged<Box> {
        if let kept = made.load(ordering: .acquiring) { return kept }
        return store()
    }

    @inline(never) private func store() -> Unmanaged<Box> {
        let new = Unmanaged.passRetained(Box(make()))
        let (stored, kept) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        if stored { return new }
        new.release()
        return kept!
    }

    /// Whether the value has been made.
    var isMade: Bool { made.load(ordering: .acquiring) != nil }

    deinit { made.load(ordering: .acquiring)?.release() }
}
