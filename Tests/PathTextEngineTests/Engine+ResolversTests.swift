import Foundation
import Testing
@testable import PathTextEngine
import Requests

/// Each thread's resolver lease (Engine+Resolvers.swift): taken under the pool's lock on a thread's first
/// request only, one resolver per thread, another for a call inside a call, given back when the thread exits.
@Suite struct EngineResolversTests {
    /// Runs each of `bodies` on a new POSIX thread, all at once, and waits for the threads to exit (their
    /// thread-local fronts freed).
    func onNewThreads(_ bodies: [@Sendable () -> Void]) {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        let threads = bodies.map { body -> pthread_t in
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { arg in
                Unmanaged<Box>.fromOpaque(arg!).takeRetainedValue().body()
                return nil
            }, Unmanaged.passRetained(Box(body)).toOpaque())
            precondition(started == 0)
            return thread
        }
        for t in threads { pthread_join(t, nil) }
    }

    func onNewThread(_ body: @escaping @Sendable () -> Void) { onNewThreads([body]) }

    func resolverID(_ engine: Engine) -> ObjectIdentifier {
        try! engine.withResolver { ObjectIdentifier($0) }
    }

    func checkOuts(_ engine: Engine) -> Int { engine.resolvers.withLock { $0.checkOuts } }

    @Test func aThreadTakesTheLockOnlyForItsFirstRequest() throws {
        let engine = try Engine(fontsDir: fontsDir)
        let request = #"{"text":"Hello","path":"M 20 200 L 380 200","size":40}"#
        onNewThread {
            let before = checkOuts(engine)
            let first = resolverID(engine)
            #expect(checkOuts(engine) == before + 1)
            for _ in 0..<5 { _ = try! engine.layout(request) }
            #expect(resolverID(engine) == first)
            #expect(checkOuts(engine) == before + 1)
        }
    }

    @Test func twoThreadsAtOnceHaveTwoResolvers() throws {
        let engine = try Engine(fontsDir: fontsDir)
        // Each thread holds its resolver until both have one: they cannot share.
        let bothIn = DispatchGroup(), ids = NSLock()
        nonisolated(unsafe) var seen: [ObjectIdentifier] = []
        bothIn.enter(); bothIn.enter()
        let body: @Sendable () -> Void = {
            try! engine.withResolver { r in
                ids.lock(); seen.append(ObjectIdentifier(r)); ids.unlock()
                bothIn.leave()
                _ = bothIn.wait(timeout: .now() + 10)
            }
        }
        onNewThreads([body, body])
        #expect(seen.count == 2 && seen[0] != seen[1])
        // Both threads have exited: both resolvers are free.
        #expect(engine.resolvers.withLock { ($0.free.count, $0.leased.count) } == (2, 0))
    }

    @Test func aCallInsideACallTakesAnotherResolverAndGivesItBack() throws {
        let engine = try Engine(fontsDir: fontsDir)
        onNewThread {
            let (outer, inner) = try! engine.withResolver { o in (ObjectIdentifier(o), resolverID(engine)) }
            #expect(outer != inner)
            // The inner one went back to the free list; the thread keeps its own.
            #expect(engine.resolvers.withLock { ($0.free.count, $0.leased.count) } == (1, 1))
            #expect(engine.resolvers.withLock { ObjectIdentifier($0.free[0].resolver) } == inner)
            #expect(resolverID(engine) == outer)
        }
    }

    @Test func aThreadsResolverGoesBackWhenTheThreadExits() throws {
        let engine = try Engine(fontsDir: fontsDir)
        nonisolated(unsafe) var first: ObjectIdentifier?   // written by the thread, read after it is joined
        onNewThread { first = resolverID(engine) }
        #expect(engine.resolvers.withLock { ($0.free.count, $0.leased.count) } == (1, 0))
        nonisolated(unsafe) var second: ObjectIdentifier?
        onNewThread { second = resolverID(engine) }
        // The next thread leases the same resolver (its fonts already loaded): no new one is made.
        #expect(first != nil && second == first)
        #expect(engine.resolvers.withLock { $0.free.count + $0.leased.count } == 1)
    }

    @Test func aThreadOutlivingItsEngineKeepsNoResolver() throws {
        onNewThread {
            weak var gone: SceneResolver?
            do {
                let engine = try! Engine(fontsDir: fontsDir)
                try! engine.withResolver { gone = $0 }
                #expect(gone != nil)
            }
            // The engine went while this thread still runs: its resolver went with it.
            #expect(gone == nil)
            let other = try! Engine(fontsDir: fontsDir)
            _ = resolverID(other)
            #expect(ResolverFrontProbe.leases == 1)
        }
    }
}

/// What the calling thread's front holds.
enum ResolverFrontProbe {
    static var leases: Int { Engine.ResolverFront.current.leases.count }
}
