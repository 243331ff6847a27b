@testable import JSON
import Testing
import Foundation

@Suite struct MessageTextTests {
    @Test func messagesQuoteEscapeAndShorten() {
        #expect(MessageText.quoted("a\u{1B}[31mb\n") == #""a\u{1B}[31mb\n""#)
        let long = MessageText.quoted(String(repeating: "x", count: 200))
        #expect(long.count == 80 && long.hasSuffix("…\""))
        #expect(MessageText.number(400.5) == "400.5" && MessageText.number(-3) == "-3" && MessageText.number(1e300) == "1e+300")
    }

    /// Quotes and backslashes are escaped only in quoted values; control characters (C0, DEL, C1) always.
    @Test func escapingRules() {
        #expect(MessageText.escaped("a\"b\\c\t\r\u{7F}\u{85}") == #"a\"b\\c\t\r\u{7F}\u{85}"#)
        #expect(MessageText.controlsEscaped("say \"hi\"\n\u{1B}") == #"say "hi"\n\u{1B}"#)
        #expect(MessageText.escaped("é 東京") == "é 東京")
    }

    /// Cut at the limit in characters (not bytes), the last one "…"; text at the limit is left whole.
    @Test func shorteningCountsCharacters() {
        #expect(MessageText.shortened("東京都庁舎", limit: 3) == "東京…")
        #expect(MessageText.shortened("abc", limit: 3) == "abc")
        #expect(MessageText.quoted("abcdef", limit: 6) == "\"abc…\"")
    }
}
