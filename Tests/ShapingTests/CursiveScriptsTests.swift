import Testing
@testable import Shaping

@Suite struct CursiveScriptsTests {
    /// The scalar at a cluster's byte offset; `nil` inside a scalar (a continuation byte) and past the end.
    @Test func scalarAtAByteOffset() {
        let bytes = Array("aب😀".utf8)  // 1, 2 and 4 bytes
        #expect(CursiveScripts.scalar(in: bytes, at: 0) == "a")
        #expect(CursiveScripts.scalar(in: bytes, at: 1) == "\u{0628}")
        #expect(CursiveScripts.scalar(in: bytes, at: 2) == nil)
        #expect(CursiveScripts.scalar(in: bytes, at: 3) == "\u{1F600}")
        #expect(CursiveScripts.scalar(in: bytes, at: 5) == nil)
        #expect(CursiveScripts.scalar(in: bytes, at: 7) == nil)
        #expect(CursiveScripts.scalar(in: bytes, at: -1) == nil)
        // A scalar cut short by the end of the bytes.
        #expect(CursiveScripts.scalar(in: Array(bytes[0..<5]), at: 3) == nil)
    }

    /// Arabic joins, Hebrew does not; the joining test reads the scalar's own script.
    @Test func joiningScripts() {
        #expect(CursiveScripts.contains("\u{0628}"))       // ب Arabic
        #expect(CursiveScripts.contains("\u{0712}"))       // ܒ Syriac
        #expect(CursiveScripts.contains("\u{1820}"))       // ᠠ Mongolian
        #expect(!CursiveScripts.contains("\u{05D1}"))      // ב Hebrew
        #expect(!CursiveScripts.contains("a"))
        #expect(!CursiveScripts.contains("\u{0915}"))      // क Devanagari
        #expect(CursiveScripts.tags.count == 13)
    }
}
