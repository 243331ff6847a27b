import Synchronization

/// The time one request may take, checked by the loops whose cost grows with the input (placing glyphs,
/// sampling decorations, writing vector output, rasterizing, walking a path), so that a request that
/// passes every size limit but still asks for too much work stops with an error instead of holding a
/// thread.
///
/// A door sets the deadline for the work it starts with ``withDeadline(_:_:)`` (the server does it for
/// every request); the loops read it through ``Deadline/current``. Work started without one has no time
/// limit. The value lives in a task-local (a thread-local outside tasks), so concurrent requests each
/// see their own.
public struct Deadline: Sendable, Hashable {
    /// The time budget in seconds, as given.
    public let seconds: Double
    /// When the budget runs out.
    public let end: ContinuousClock.Instant

    /// A deadline `seconds` from now.
    public init(seconds: Double) {
        self.seconds = seconds
        let budget = seconds.isFinite ? max(0, min(seconds, 1e9)) : 1e9
        end = ContinuousClock.now.advanced(by: .nanoseconds(Int64(budget * 1e9)))
    }

    /// Whether the budget has run out (or every deadline was abandoned: a server stopping).
    public var hasPassed: Bool { Self.abandoned.load(ordering: .relaxed) || ContinuousClock.now >= end }

    private static let abandoned = Atomic<Bool>(false)

    /// Makes every deadline of the process pass now, so the work running under one stops at its next
    /// check (a server told to stop abandons its requests instead of finishing them).
    public static func abandonAll() { abandoned.store(true, ordering: .relaxed) }

    /// The seconds left (0 once passed).
    public var secondsLeft: Double {
        let left = ContinuousClock.now.duration(to: end).components
        return max(0, Double(left.seconds) + Double(left.attoseconds) * 1e-18)
    }

    /// The deadline of the work running on this thread or task, if any.
    @TaskLocal public static var current: Deadline?

    /// The current deadline when it has passed (so a loop can name the budget in its error), else `nil`.
    @inline(__always)
    public static var passed: Deadline? {
        guard let d = current, d.hasPassed else { return nil }
        return d
    }

    /// The message of every error that reports a passed deadline.
    public var message: String {
        "the request took longer than its time limit of \(seconds.formatted) s: ask for less work (a shorter text, path or label, fewer targets, a smaller size)"
    }
}

/// Runs `body` with `deadline` as ``Deadline/current``.
public func withDeadline<R, E: Error>(_ deadline: Deadline?, _ body: () throws(E) -> R) throws(E) -> R {
    let result: Result<R, E> = Deadline.$current.withValue(deadline) {
        do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    return try result.get()
}

private extension Double {
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
