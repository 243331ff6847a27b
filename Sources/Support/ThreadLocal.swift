/// One object per thread: made on the thread's first use and released when the thread exits (a POSIX
/// thread-specific key, ``Syscalls/ThreadKey``, holding a retained reference). For the per-thread fronts
/// of shared caches, whose objects only their own thread touches, so they need no lock.
package struct ThreadLocal<Object: AnyObject>: Sendable {
    @usableFromInline let key = Syscalls.ThreadKey { p in
        if let p { Unmanaged<AnyObject>.fromOpaque(p).release() }
    }
    @usableFromInline let make: @Sendable () -> Object

    /// A new key (one of the process's `PTHREAD_KEYS_MAX`: make one per use, in a `static let`) whose
    /// object `make` makes for each thread.
    package init(_ make: @escaping @Sendable () -> Object) { self.make = make }

    /// This thread's object, made on its first use.
    @inlinable package var value: Object {
        if let p = key.value { return Unmanaged<Object>.fromOpaque(p).takeUnretainedValue() }
        let object = make()
        key.set(Unmanaged.passRetained(object).toOpaque())
        return object
    }
}
