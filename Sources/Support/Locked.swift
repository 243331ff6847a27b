/// A value that threads take turns to use: the one lock type of PathText.
///
/// A POSIX mutex (`pthread_mutex_t`) guards `State`; ``withLock(_:)`` runs a closure with the state while
/// holding it. ThreadSanitizer understands pthread mutexes, so `make sanitize` checks the code under this
/// lock instead of needing suppressions (it cannot see the handover inside `Synchronization.Mutex` on
/// Linux, which made every access under it a reported race).
///
/// Rules for users: keep the closures short, never call back into code that may take the same lock
/// (the mutex is not recursive), and return only values that are safe to share (`R: Sendable`), so
/// that non-Sendable state such as a FreeType face never leaves the lock.
package final class Locked<State>: @unchecked Sendable {
    /// The mutex, at a fixed address for its whole life (a pthread mutex must not move).
    private let mutex = Syscalls.Mutex()
    /// The guarded state; read or written only inside ``withLock(_:)``. The mutex keeps its accesses
    /// exclusive, so they are not checked again at run time (the check cost ≈ 110 instructions a lock).
    @exclusivity(unchecked) private var state: State

    /// Guards `state`.
    package init(_ state: State) {
        self.state = state
    }

    deinit { mutex.destroy() }

    /// Runs `body` with the state while holding the lock, and returns its result.
    package func withLock<R: Sendable, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }
}
