import Support
import Synchronization

/// The engine's resolvers, one per thread that uses the engine.
///
/// A resolver caches the fonts it loaded and is used by one thread at a time. The first request a thread
/// sends an engine leases it a resolver (from the pool's free ones, or a new one), under the pool's lock;
/// the thread's front (a thread-local table) keeps the lease, so the thread's later requests take their
/// resolver from the front with no lock and no write to memory another thread touches (a pool locked and
/// rewritten by every request would move its mutex's and list's cache lines between cores each time).
///
/// - A call made while the thread's own resolver is busy (a request inside a request) takes a free
///   resolver from the pool for the call alone.
/// - When the thread exits, its front goes and the lease gives the resolver back to the pool's free
///   list, for the next thread.
/// - The engine owns every resolver; a lease refers to its resolver and the pool weakly, so a thread
///   that outlives the engine keeps only a few bytes (dropped when the thread leases another engine's).
extension Engine {
    /// A resolver, used by one thread at a time.
    final class ResolverSlot: @unchecked Sendable {
        // @unchecked: `busy` is read and written only by the thread that holds the slot (its leasing
        // thread, or the one that took it from the pool for a call).
        let resolver: RequestDecoding.Resolver
        /// Whether a call is using the resolver now.
        var busy = false
        init(_ resolver: RequestDecoding.Resolver) { self.resolver = resolver }
    }

    /// Every resolver of an engine, under one lock.
    struct ResolverPool {
        /// The resolvers that no thread has leased and no call has taken.
        var free: [ResolverSlot]
        /// The resolvers leased to threads (held here: the leases refer to them weakly).
        var leased: [ResolverSlot] = []
        /// How many times a request took the lock (a lease, or a call inside a call): for tests.
        var checkOuts = 0
    }

    /// A thread's lease of one engine's resolver, kept in the thread's ``ResolverFront``.
    final class ResolverLease {
        /// Which engine (``Engine/id``: never reused, unlike an object's address).
        let engine: UInt64
        weak var slot: ResolverSlot?
        weak var pool: Locked<ResolverPool>?

        init(engine: UInt64, slot: ResolverSlot, pool: Locked<ResolverPool>) {
            self.engine = engine; self.slot = slot; self.pool = pool
        }

        /// The thread exited (or leased again after its engine went): the resolver goes back to the free list.
        deinit {
            guard let slot, let pool else { return }
            pool.withLock { p in
                if let k = p.leased.firstIndex(where: { $0 === slot }) { p.free.append(p.leased.remove(at: k)) }
            }
        }
    }

    /// One thread's leases, one per engine it used whose resolver is alive (usually one).
    final class ResolverFront {
        var leases: [ResolverLease] = []

        /// The lease of engine `id`, when its resolver is alive.
        func lease(of id: UInt64) -> ResolverLease? {
            if let first = leases.first, first.engine == id { return first }
            return leases.first { $0.engine == id }
        }

        /// Keeps `lease`, dropping the leases whose engines have gone.
        func keep(_ lease: ResolverLease) {
            leases.removeAll { $0.slot == nil }
            leases.insert(lease, at: 0)
        }

        /// This thread's front, made on first use; freed when the thread exits.
        static var current: ResolverFront { fronts.value }
        private static let fronts = ThreadLocal { ResolverFront() }
    }

    /// Where ``Engine/id`` values come from.
    static let ids = Atomic<UInt64>(1)

    /// Runs `body` with a resolver no other thread is using, under the settings' time limit.
    func withResolver<R>(_ body: (RequestDecoding.Resolver) throws(EngineError) -> R) throws(EngineError) -> R {
        let front = ResolverFront.current
        let own = front.lease(of: id)?.slot
        if let slot = own, !slot.busy {
            slot.busy = true
            defer { slot.busy = false }
            return try withTimeLimit { () throws(EngineError) in try body(slot.resolver) }
        }
        let (slot, lease) = checkOut(leasing: own == nil)
        if let lease { front.keep(lease) }
        slot.busy = true
        defer {
            slot.busy = false
            if lease == nil { resolvers.withLock { $0.free.append(slot) } }
        }
        return try withTimeLimit { () throws(EngineError) in try body(slot.resolver) }
    }

    /// A free resolver (or a new one), leased to the calling thread when `leasing`, otherwise taken for
    /// one call.
    private func checkOut(leasing: Bool) -> (ResolverSlot, ResolverLease?) {
        let slot = resolvers.withLock { p -> ResolverSlot? in
            p.checkOuts += 1
            guard let slot = p.free.popLast() else { return nil }
            if leasing { p.leased.append(slot) }
            return slot
        } ?? {
            let made = ResolverSlot(RequestDecoding.makeResolver(fontsDir: settings.fontsDir, limits: limits,
                                                                 systemFonts: settings.systemFonts, fontsByNameOnly: !allowFontPaths))
            if leasing { resolvers.withLock { $0.leased.append(made) } }
            return made
        }()
        return (slot, leasing ? ResolverLease(engine: id, slot: slot, pool: resolvers) : nil)
    }

    /// Runs `body` under the settings' time limit; a deadline the caller set (a server's) is kept when it
    /// ends sooner.
    private func withTimeLimit<R>(_ body: () throws(EngineError) -> R) throws(EngineError) -> R {
        var deadline = Deadline.current
        if let seconds = settings.timeLimit {
            let own = Deadline(seconds: seconds)
            if deadline.map({ own.end < $0.end }) ?? true { deadline = own }
        }
        return try withDeadline(deadline) { () throws(EngineError) in
            let answer = try body()
            if let passed = Deadline.passed { throw EngineError(key: "timeLimit", passed.message) }
            return answer
        }
    }
}
