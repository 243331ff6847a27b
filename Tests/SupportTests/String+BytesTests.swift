import Testing
@testable import Support

/// ``Swift/String/hasSameBytes(as:)``: byte equality, not canonical equivalence, and quick on long text.
@Suite struct StringBytesTests {
    @Test func sameBytesNotCanonicalEquivalence() {
        #expect("Töölönkatu".hasSameBytes(as: "T\u{F6}\u{F6}l\u{F6}nkatu"))
        // "ö" precomposed and "o" + combining diaeresis: equal by `==`, other bytes.
        let decomposed = "To\u{308}o\u{308}lo\u{308}nkatu"
        #expect("Töölönkatu" == decomposed && !"Töölönkatu".hasSameBytes(as: decomposed))
        #expect(!"abc".hasSameBytes(as: "abd") && !"abc".hasSameBytes(as: "abcd") && "".hasSameBytes(as: ""))
        // A C string's copy (not flagged as normalised) against the original, 200 000 bytes long.
        let long = String(repeating: "Mannerheimintie ä ", count: 10_000)
        let copy = long.utf8CString.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(long.hasSameBytes(as: copy))
        var changed = Array(copy.utf8); changed[changed.count - 2] = UInt8(ascii: "x")
        #expect(!long.hasSameBytes(as: String(decoding: changed, as: UTF8.self)))
    }
}
