import Testing
import Support

/// The readers' one trimming rule.
@Suite struct StringTrimmingTests {
    @Test func trimsTheSetsScalarsAtBothEndsOnly() {
        #expect("  a b \t".trimmingCharacters(in: " \t") == "a b")
        #expect("\r\nx\n".trimmingCharacters(in: " \t\r\n") == "x")   // "\r\n" is one Character, two scalars
        #expect("   ".trimmingCharacters(in: " ") == "")
        #expect("xx".trimmingCharacters(in: " ") == "xx")
        #expect("é ".trimmingCharacters(in: " ") == "é")
    }

    @Test func trimsSpacesButNotLineBreaks() {
        // Tab, space, no-break space, em space and ideographic space go; line feed and NEL stay.
        #expect("\t \u{A0}a b\u{2003}\u{3000}".trimmingSpaces == "a b")
        #expect("\na\u{85}".trimmingSpaces == "\na\u{85}")
        #expect(" \t ".trimmingSpaces == "")
        #expect("a\u{A0}b".trimmingSpaces == "a\u{A0}b")
    }

    @Test func trimsByAnyRule() {
        #expect("0012300".trimming { $0 == "0" } == "123")
        #expect("x".trimming { _ in true } == "")
    }
}
