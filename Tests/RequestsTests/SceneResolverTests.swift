import Testing
@testable import Requests
import Shaping
import TestSupport

/// ``SceneResolver``'s stacks: made once for what was asked, kept as one array, within a bound.
@Suite struct SceneResolverTests {
    static func address(_ a: [Typeface]) -> UInt { a.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }

    @Test func aStackIsMadeOnceAndKeptAsOneArray() throws {
        let r = SceneResolver(fontsDir: PackagePaths.fonts)
        let a = try r.stack(["NotoSans-Bold.ttf"], at: "font"), b = try r.stack(["NotoSans-Bold.ttf"], at: "font")
        // The named file first, then the embedded stack; the second time the same array.
        let embedded = try r.embeddedStack()
        #expect(a.first?.name == "NotoSans-Bold.ttf" && a.count == 1 + embedded.count)
        #expect(Self.address(a) == Self.address(b))
        // Asked otherwise, another stack.
        let light = try r.stack(["NotoSans-Bold.ttf"], at: "font", weight: 300)
        #expect(Self.address(light) != Self.address(a))
        let alone = try r.stack(["NotoSans-Bold.ttf"], embedded: false, at: "font")
        #expect(alone.map(ObjectIdentifier.init) == [ObjectIdentifier(a[0])])
        // Past the bound the kept stacks are let go, and what comes back is the same fonts.
        for w in 0..<(SceneResolver.stackLimit + 10) { _ = try r.stack(["NotoSans-Bold.ttf"], at: "font", weight: Double(w + 1)) }
        let again = try r.stack(["NotoSans-Bold.ttf"], at: "font")
        #expect(again.map(ObjectIdentifier.init) == a.map(ObjectIdentifier.init))
    }

    /// Two resolvers' embedded stacks: the same fonts, in arrays of their own (each is one thread's at a time).
    @Test func eachResolverHasAnEmbeddedStackOfItsOwn() throws {
        let a = try SceneResolver(fontsDir: PackagePaths.fonts).embeddedStack()
        let b = try SceneResolver(fontsDir: PackagePaths.fonts).embeddedStack()
        #expect(a.map(ObjectIdentifier.init) == b.map(ObjectIdentifier.init) && !a.isEmpty)
        #expect(Self.address(a) != Self.address(b))
    }

    @Test func aStackThatFailsIsNotKept() {
        let r = SceneResolver(fontsDir: PackagePaths.fonts)
        for _ in 0..<2 {
            #expect(throws: SceneError.self) { try r.stack(["Missing-Font.ttf"], at: "labels[0].font") }
            do { _ = try r.stack(["Missing-Font.ttf"], at: "labels[0].font") } catch { #expect(error.path == "labels[0].font") }
        }
    }
}
