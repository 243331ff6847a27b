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
}
