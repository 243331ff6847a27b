import Synchronization

/// A key path made on its first use, then kept: an option entry's key path, so that building a catalog
/// does not instantiate every option's key path.
///
/// Instantiating a key path literal costs the Swift runtime its type metadata (`WritableKeyPath<Model, V>`
/// per value type) and the object, together about 5.7 M instructions for the label catalog's entries, which
/// every command builds to parse its flags; a process reads and writes a few of those options. Threads may
/// race to make the first one: both make the same key path, one is kept (compare-and-exchange), the other
/// released. A read after that is one acquiring load. `@unchecked`: a key path is an immutable object (the
/// compiler does not call `WritableKeyPath` sendable for every root), and the only mutable state is atomic.
final class LazyKeyPath<Root, Value>: @unchecked Sendable {
    private let make: @Sendable () -> WritableKeyPath<Root, Value>
    private let made = Atomic<Unmanaged<WritableKeyPath<Root, Value>>?>(nil)

    /// A key path that `make` makes when it is first asked for.
    init(_ make: @escaping @Sendable () -> WritableKeyPath<Root, Value>) { self.make = make }

    /// The key path (made now if it was not yet).
    var keyPath: WritableKeyPath<Root, Value> {
        if let kept = made.load(ordering: .acquiring) { return kept.takeUnretainedValue() }
        let new = Unmanaged.passRetained(make())
        let (stored, kept) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        if stored { return new.takeUnretainedValue() }
        new.release()
        return kept!.takeUnretainedValue()
    }

    /// Whether the key path has been made (for tests).
    var isMade: Bool { made.load(ordering: .acquiring) != nil }

    deinit { made.load(ordering: .acquiring)?.release() }
}
