import Testing
@testable import Requests

/// A key path made on first use, once, whichever thread asks first.
@Suite struct LazyKeyPathTests {
    struct Model { var a = 1, b = "b" }

    @Test func theKeyPathIsMadeOnFirstUseAndOnlyThen() {
        nonisolated(unsafe) var calls = 0   // read after the single-threaded uses below
        let lazy = LazyKeyPath<Model, Int> { calls += 1; return \Model.a }
        #expect(!lazy.isMade && calls == 0)
        var m = Model()
        m[keyPath: lazy.keyPath] = 7
        #expect(lazy.isMade && calls == 1 && m.a == 7)
        #expect(m[keyPath: lazy.keyPath] == 7 && calls == 1)
        #expect(lazy.keyPath == \Model.a)
    }

    @Test func threadsRacingToMakeItAllGetTheSameKeyPath() async {
        let lazy = LazyKeyPath<Model, String> { \Model.b }
        // Each task answers with the key path object it got: one object, kept for every thread.
        let objects = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(lazy.keyPath) } }
            var out: [ObjectIdentifier] = []
            for await p in group { out.append(p) }
            return out
        }
        #expect(objects.count == 16 && Set(objects).count == 1 && objects[0] == ObjectIdentifier(lazy.keyPath))
        var m = Model()
        m[keyPath: lazy.keyPath] = "c"
        #expect(m.b == "c")
    }

    /// An entry reads and writes through its key path, made when it first does.
    @Test func entriesReadAndWriteThroughTheirKeyPaths() throws {
        let entry = OptionEntry<Model>.value("a", \Model.a, .whole("N", 0...9), default: 1, help: "a number")
        var m = Model()
        try entry.read(.number(3), into: &m)
        #expect(m.a == 3 && entry.json(of: m) == .number(3) && entry.json(of: Model()) == nil)
    }
}
