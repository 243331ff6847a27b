import Testing
@testable import Requests

/// Synthesized small capitals: which letters are scaled and upper-cased.
@Suite struct SmallCapsSynthesisTests {
    @Test func lowerCaseLettersBecomeScaledCapitals() {
        let p = SmallCapsSynthesis.pieces("Hello, World 42", allSmallCaps: false)
        #expect(p.map(\.text) == ["H", "ELLO", ", W", "ORLD", " 42"])
        #expect(p.map(\.scaled) == [false, true, false, true, false])
        // ß upper-cases to SS; a letter without case (Arabic) stays as it is.
        #expect(SmallCapsSynthesis.pieces("straße سلام", allSmallCaps: false).map(\.text) == ["STRASSE", " سلام"])
    }

    @Test func allSmallCapsScalesCapitalsToo() {
        let p = SmallCapsSynthesis.pieces("NASA rocks", allSmallCaps: true)
        #expect(p.map(\.text) == ["NASA", " ", "ROCKS"])
        #expect(p.map(\.scaled) == [true, false, true])
    }
}
