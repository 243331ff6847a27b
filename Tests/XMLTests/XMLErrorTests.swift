import Testing
@testable import XML

@Suite struct XMLErrorTests {
    /// Each failure's sentence, with the numbers it carries (a line of 0 means libxml2 gave none).
    @Test func descriptionsSayWhatAndWhere() {
        #expect(XMLError.tooLarge(bytes: 20_000_000, limit: 16_777_216).description
                == "the document is 20000000 bytes, more than the limit of 16777216")
        #expect(XMLError.tooManyElements(limit: 100_000).description == "the document has more than 100000 elements")
        #expect(XMLError.malformed(line: 7, message: "Opening and ending tag mismatch").description
                == "not well-formed XML at line 7: Opening and ending tag mismatch")
        #expect(XMLError.malformed(line: 0, message: "out of memory").description == "not well-formed XML: out of memory")
        #expect(XMLError.entitiesRefused.description.hasPrefix("the document declares or uses XML entities"))
    }
}
