import Testing
@testable import Layout

/// `LabelLayout.checkMarks`: a run of more than `limit` combining marks (category M) is refused with the
/// byte where it starts; its fast path (no UTF-8 byte from 0xCC up: no mark) must refuse nothing it should not.
@Suite struct CheckMarksTests {
    /// The byte offset in the error, or nil when the text passes.
    func refusal(_ text: String, limit: Int) -> String? {
        do { try LabelLayout.checkMarks(text, limit: limit); return nil } catch {
            guard case .limitExceeded(let what, let amount, let limit2) = error else { return "\(error)" }
            return "\(what) \(Int(amount))/\(Int(limit2))"
        }
    }

    @Test func runsOfMarksAreCountedFromTheirFirstByte() {
        let acute = "\u{301}"   // COMBINING ACUTE ACCENT, UTF-8 CC 81: the first mark's lead byte
        #expect(refusal("ab" + String(repeating: acute, count: 3), limit: 3) == nil)
        #expect(refusal("ab" + String(repeating: acute, count: 4), limit: 3)
                == "number of combining marks in one cluster (from byte 2) 4/3")
        // Runs are separate when a letter is between them.
        #expect(refusal("a" + String(repeating: acute, count: 3) + "b" + String(repeating: acute, count: 3), limit: 3) == nil)
        // A spacing mark (Devanagari vowel sign AA, Mc) and an enclosing one (U+20DD, Me) count too.
        #expect(refusal("क\u{93E}\u{93E}", limit: 1) == "number of combining marks in one cluster (from byte 3) 2/1")
        #expect(refusal("x\u{20DD}\u{20DD}", limit: 1) == "number of combining marks in one cluster (from byte 1) 2/1")
    }

    @Test func theShortestTextOverTheLimitIsStillRefused() {
        // limit + 1 two-byte marks and nothing else: 2 (limit + 1) bytes, the fewest that can go over (a
        // shorter text is passed without a look at its scalars).
        #expect(refusal(String(repeating: "\u{301}", count: 4), limit: 3) == "number of combining marks in one cluster (from byte 0) 4/3")
        #expect(refusal(String(repeating: "\u{301}", count: 3), limit: 3) == nil)
    }

    @Test func textsWithoutMarksPassWhateverTheLimit() {
        // Latin-1 (lead bytes C2–C3), Greek and Cyrillic (CE–D3, no marks there), CJK, emoji: none is a mark.
        for text in ["ACCOUNT BALANCE", "Ünïcødé ß", "Ελληνικά Кириллица", "漢字かな", "🙂🙂🙂", ""] {
            #expect(refusal(text, limit: 0) == nil, "\(text)")
        }
        // U+02FF (CB BF, a modifier letter) is the last scalar before the marks; U+0300 is the first mark.
        #expect(refusal("a\u{2FF}\u{2FF}", limit: 0) == nil)
        #expect(refusal("a\u{300}", limit: 0) == "number of combining marks in one cluster (from byte 1) 1/0")
    }
}
