import Synchronization

/// The names of temporary files being written right now, kept where a signal handler can read them,
/// so that SIGINT or SIGTERM removes them before the process ends.
///
/// A program opts in once with ``removeOnSignals()``; a library that merely writes files never changes
/// signal handling. The table is a fixed block of C strings (``capacity`` writes in flight at once;
/// more are written without the cleanup), claimed through one atomic bit mask: the handler only reads
/// the block and calls `unlink`, `signal` and `raise`, which are async-signal-safe.
package enum TemporaryFiles {
    /// How many temporary files can be registered at once.
    static let capacity = 8
    /// The longest name (bytes, with the terminating NUL) that can be registered.
    static let nameCapacity = 4096

    /// One C string per slot; a slot whose first byte is 0 is empty.
    nonisolated(unsafe) static let names: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * nameCapacity)
        p.initialize(repeating: 0, count: capacity * nameCapacity)
        return p
    }()

    /// Bit i set: slot i is taken.
    static let claimed = Atomic<Int>(0)

    /// Installs handlers for SIGINT and SIGTERM that remove the registered temporary files and then end
    /// the process as the signal would have (its default action, re-raised). Signals that are ignored
    /// (a job started in the background) or already handled by the program are left alone.
    package static func removeOnSignals() {
        _ = names  // allocate the table now, never inside the handler
        for sig in Syscalls.stopSignals {
            Syscalls.handleIfDefault(sig) { sig in
                TemporaryFiles.unlinkAll()
                Syscalls.raiseWithDefaultAction(sig)
            }
        }
    }

    /// Registers `path` for removal on a signal; returns the slot to pass to ``unregister(_:)``, or `nil`
    /// when every slot is taken or the name is too long.
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < nameCapacity else { return nil }
        var mask = claimed.load(ordering: .relaxed)
        while true {
            guard let slot = (0..<capacity).first(where: { mask & (1 << $0) == 0 }) else { return nil }
            let (exchanged, original) = claimed.compareExchange(expected: mask, desired: mask | (1 << slot), ordering: .acquiringAndReleasing)
            if exchanged {
                let base = names + slot * nameCapacity
                // The first byte last: the handler never sees half a name.
                for (i, b) in bytes.enumerated().dropFirst() { base[i] = CChar(bitPattern: b) }
                base[bytes.count] = 0
                atomicMemoryFence(ordering: .releasing)
                base[0] = CChar(bitPattern: bytes[0])
                return slot
            }
            mask = original
        }
    }

    /// Forgets the name in `slot` (after the file was renamed or removed).
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        names[slot * nameCapacity] = 0
        atomicMemoryFence(ordering: .releasing)
        claimed.bitwiseAnd(~(1 << slot), ordering: .acquiringAndReleasing)
    }

    /// Removes every registered file (called from the signal handler).
    static func unlinkAll() {
        for slot in 0..<capacity {
            let base = names + slot * nameCapacity
            if base[0] != 0 { Syscalls.removeFile(cString: base) }
        }
    }
}
