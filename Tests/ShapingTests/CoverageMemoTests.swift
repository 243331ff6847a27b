import Foundation
import Testing
import Support
@testable import Shaping

/// ``CoverageMemo``: a scalar's answer is known only once recorded, and is the answer recorded; a
/// font's coverage answers through the memo (ASCII sets and scalar lists, from racing threads) equal
/// HarfBuzz's own, asked directly.
@Suite struct CoverageMemoTests {
    @Test func anAnswerIsKnownOnceRecorded() {
        let memo = CoverageMemo()
        defer { withExtendedLifetime(memo) {} }  // the words live as long as the memo
        let words = memo.words()
        #expect(words.answer(0x41) == nil && words.answer(0x4E2D) == nil)
        words.record(0x41, true)
        words.record(0x4E2D, false)
        #expect(words.answer(0x41) == true && words.answer(0x4E2D) == false)
        // Neighbours in the same words stay unknown.
        #expect(words.answer(0x42) == nil && words.answer(0x4E2C) == nil)
        #expect(words.known(1) == 1 << 1 && words.covered(1) == 1 << 1)
        #expect(words.known(0x4E2D >> 6) == 1 << (0x4E2D & 63) && words.covered(0x4E2D >> 6) == 0)
        // Word-wise records: only the bits given become known.
        words.record(2, bits: 0b1110, covered: 0b0110_0110)
        #expect(words.known(2) == 0b1110 && words.covered(2) == 0b0110)
    }

    /// What HarfBuzz says of `s` in `font`, without any memo.
    static func direct(_ font: Typeface, _ s: Unicode.Scalar) -> Bool { ScalarProperties.isDefaultIgnorable(s) || font.covers(s) }

    /// The ASCII path, asked first about a set with a character Noto Sans lacks (U+0001), then about
    /// sets whose answers are partly known: every answer is HarfBuzz's.
    @Test func asciiSetsAnswerAsHarfBuzz() throws {
        let font = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
        func set(_ text: String) -> (UInt64, UInt64) {
            text.utf8.reduce((UInt64(0), UInt64(0))) { s, b in b < 64 ? (s.0 | 1 << UInt64(b), s.1) : (s.0, s.1 | 1 << UInt64(b - 64)) }
        }
        for text in ["ab\u{01}", "ab", "\u{01}", "Hello, world!", "~\u{7F}", "\u{AD}x", "\t\n"] {
            let (low, high) = set(text)
            let expected = text.unicodeScalars.allSatisfy { Self.direct(font, $0) }
            #expect(font.coversAllOrIgnorable(asciiLow: low, high: high) == expected, "\(text.debugDescription)")
            #expect(font.coversAllOrIgnorable(Array(text.unicodeScalars)) == expected, "\(text.debugDescription)")
        }
        #expect(!font.coversAllOrIgnorable(asciiLow: 1 << 1, high: 0) && font.coversAllOrIgnorable(asciiLow: 0, high: 1 << 1))
    }

    /// Four threads ask one fresh font about the same scalars in different orders, racing to answer
    /// each first; every answer equals HarfBuzz's. Run under `make sanitize` (TSan) for the atomics.
    @Test func racingThreadsGetHarfBuzzsAnswers() throws {
        let shared = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
        let scalars = (0..<0x3000).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x1F600)!, Unicode.Scalar(0xE0001)!]
        let expected = scalars.map { Self.direct(shared, $0) }
        #expect(expected.filter { $0 }.count > 2000 && expected.filter { !$0 }.count > 2000)
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            let step = [1, 7, 13, 31][t], n = scalars.count
            var bad = 0
            shared.withCoverage { check in
                for k in 0..<n {
                    let i = (k * step + t * 101) % n
                    if check.coversOrIgnorable(scalars[i]) != expected[i] { bad += 1 }
                }
            }
            for i in stride(from: 0, to: n, by: 97) where shared.coversAllOrIgnorable([scalars[i]]) != expected[i] { bad += 1 }
            mismatches.withLock { $0 += bad }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
