import Testing
@testable import Shaping

/// Line-break opportunities from ICU (UAX #14 with dictionaries), for `overflow: wrap`.
@Suite struct LineBreaksTests {
    /// The text split at every opportunity.
    private func pieces(_ text: String, _ language: String?) throws -> [String] {
        let bytes = Array(text.utf8)
        var start = 0, out: [String] = []
        for o in try LineBreaks.opportunities(in: text, language: language) {
            out.append(String(decoding: bytes[start..<o.offset], as: UTF8.self))
            start = o.offset
        }
        return out
    }

    @Test func englishBreaksAfterSpacesAndHyphens() throws {
        #expect(try pieces("ACCOUNT BALANCE", "en") == ["ACCOUNT ", "BALANCE"])
        #expect(try pieces("show me  the money", "en") == ["show ", "me  ", "the ", "money"])
        // After a hyphen, not before it; never inside a word or a number.
        #expect(try pieces("MONTREZ-MOI L'ARGENT", "fr") == ["MONTREZ-", "MOI ", "L'ARGENT"])
        #expect(try pieces("$12,480.35 today", "en") == ["$12,480.35 ", "today"])
    }

    @Test func thaiBreaksBetweenDictionaryWords() throws {
        // Thai has no spaces between words: ICU finds them with its dictionary. "ภาษาไทยง่ายนิดเดียว"
        // ("Thai is very easy") is ภาษา ไทย ง่าย นิด เดียว.
        let text = "ภาษาไทยง่ายนิดเดียว"
        #expect(try pieces(text, "th") == ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"])
        // The byte offsets: each Thai letter is 3 bytes in UTF-8 (4, 3, 4, 3, 5 letters).
        #expect(try LineBreaks.opportunities(in: text, language: "th").map(\.offset) == [12, 21, 33, 42, 57])
        // The dial's Thai label, "balance in the account": ยอด เงิน ใน บัญชี.
        #expect(try pieces("ยอดเงินในบัญชี", "th") == ["ยอด", "เงิน", "ใน", "บัญชี"])
    }

    @Test func japaneseNeverBreaksBeforeClosingPunctuation() throws {
        let text = "本日、利用可能です。口座残高"
        let parts = try pieces(text, "ja")
        #expect(parts.joined() == text)
        // Between most ideographs and kana, but 、 and 。 stay with the character before them.
        #expect(parts.contains("日、"))
        #expect(parts.contains("す。"))
        #expect(!parts.contains { $0.hasPrefix("、") || $0.hasPrefix("。") })
        #expect(parts.count >= 10)
    }

    @Test func newlinesAreMandatoryBreaks() throws {
        let o = try LineBreaks.opportunities(in: "one two\nthree", language: "en")
        #expect(o.map(\.offset) == [4, 8, 13])
        // After the newline; the end of the text is an opportunity but not a rule's mandatory break.
        #expect(o.map(\.mandatory) == [false, true, false])
        #expect(try LineBreaks.opportunities(in: "", language: nil).isEmpty)
    }

    @Test func languageTagsBecomeICULocales() {
        #expect(LineBreaks.locale(for: "sr-Latn-RS") == "sr_Latn_RS")
        #expect(LineBreaks.locale(for: "ja-JP-u-lb-strict") == "ja_JP")
        #expect(LineBreaks.locale(for: nil) == "")
        #expect(LineBreaks.locale(for: "x\u{0}y") == "")
        #expect(LineBreaks.icuVersion.first?.isNumber == true)
    }
}
