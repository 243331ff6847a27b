import Foundation

/// State that threads take turns to use, behind an `NSLock` (a pthread mutex, which ThreadSanitizer
/// understands, unlike `Synchronization.Mutex` on Linux).
///
/// The engine takes it once or twice per request (resolver checkout, font numbering), never per glyph.
/// When Shaping's `Locked` reaches main this wrapper can become a typealias of it.
final class EngineLock<State>: @unchecked Sendable {
    // @unchecked: `state` is only read or written inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var state: State

    /// Guards `state`.
    init(_ state: State) { self.state = state }

    /// Runs `body` with the state while holding the lock, and returns its result.
    func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
