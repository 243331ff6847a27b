import Testing
@testable import Shaping

@Suite struct UTF8ScalarTests {
    /// One scalar of each UTF-8 length, and the edges of each length, decoded in sequence: the values
    /// and the offsets after each are the standard library's.
    @Test func decodesEveryLengthAsTheStandardLibraryDoes() {
        let text = "a\u{7F}\u{80}é\u{7FF}\u{800}ก\u{FFFD}\u{FFFF}\u{10000}😀\u{10FFFF}z"
        let bytes = Array(text.utf8)
        var decoded: [UInt32] = [], ends: [Int] = []
        bytes.withUnsafeBufferPointer { utf8 in
            var i = 0
            while i < utf8.count { decoded.append(UTF8Scalar.decode(utf8, at: &i)); ends.append(i) }
        }
        #expect(decoded == text.unicodeScalars.map(\.value))
        #expect(decoded == [0x61, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x0E01, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF, 0x7A])
        #expect(ends == [1, 2, 4, 6, 8, 11, 14, 17, 20, 24, 28, 32, 33])
    }
}
