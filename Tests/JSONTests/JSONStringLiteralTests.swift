@testable import JSON
import Foundation
import Testing

/// The one JSON string rule (placements, scene/request JSON, hb-shape JSON all write through it).
@Suite struct JSONStringLiteralTests {
    @Test func shortFormsAndHexEscapes() {
        #expect(JSONStringLiteral.quoted("a\"b\\c\n\r\t\u{1}\u{1B}\u{7F}é😀")
                == #""a\"b\\c\n\r\t\u0001\u001b\u007fé😀""#)
    }

    /// Every ASCII character and some non-ASCII ones read back through Foundation's JSON parser.
    @Test func everyAsciiCharacterReadsBack() throws {
        let text = String(String.UnicodeScalarView((0...0x7F).compactMap(Unicode.Scalar.init))) + "ü中\u{85}🧪"
        let json = "[" + JSONStringLiteral.quoted(text) + "]"
        let back = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(back == [text])
    }
}
