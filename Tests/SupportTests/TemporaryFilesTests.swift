import Testing
@testable import Support

@Suite struct TemporaryFilesTests {
    static func name(in slot: Int) -> String {
        String(cString: TemporaryFiles.names + slot * TemporaryFiles.nameCapacity)
    }

    /// A registered name sits whole in its own slot until it is unregistered, which frees the slot.
    @Test func registeredNamesAreKeptUntilUnregistered() throws {
        let a = try #require(TemporaryFiles.register("/tmp/.a.png.tmp-1"))
        let b = try #require(TemporaryFiles.register("/tmp/.b.json.tmp-2"))
        #expect(a != b)
        #expect(Self.name(in: a) == "/tmp/.a.png.tmp-1" && Self.name(in: b) == "/tmp/.b.json.tmp-2")
        let bits: Int = 1 << a | 1 << b
        #expect(TemporaryFiles.claimed.load(ordering: .relaxed) & bits == bits)
        TemporaryFiles.unregister(a)
        TemporaryFiles.unregister(b)
        #expect(Self.name(in: a).isEmpty && Self.name(in: b).isEmpty)
        #expect(TemporaryFiles.claimed.load(ordering: .relaxed) & bits == 0)
        TemporaryFiles.unregister(nil)  // a write that got no slot
    }

    /// An empty name and one that does not fit its slot are not registered (the write goes on without
    /// the cleanup).
    @Test func namesThatDoNotFitAreRefused() {
        #expect(TemporaryFiles.register("") == nil)
        #expect(TemporaryFiles.register(String(repeating: "x", count: TemporaryFiles.nameCapacity)) == nil)
        let longest = String(repeating: "y", count: TemporaryFiles.nameCapacity - 1)
        let slot = TemporaryFiles.register(longest)
        #expect(slot != nil)
        if let slot { #expect(Self.name(in: slot) == longest) }
        TemporaryFiles.unregister(slot)
    }
}
