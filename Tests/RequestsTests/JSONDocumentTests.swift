import JSON
import Testing
@testable import Requests

/// What surrounds a JSON value: a leading byte-order mark (skipped once), JSON's four whitespace
/// characters and no others, nothing after the value, and the request size limit of the doors that read
/// files and requests (``SceneJSON/maximumBytes``).
@Suite struct JSONDocumentTests {
    static func failure(_ bytes: [UInt8]) -> JSONError? {
        do { _ = try JSONValue.parse(bytes); return nil } catch { return error }
    }

    @Test func aByteOrderMarkIsSkippedOnce() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONValue.parse(bom + Array(#"{"a": 1}"#.utf8)) == .object([JSONMember("a", .number(1))]))
        #expect(try JSONValue.parse(bom + Array(" 7 ".utf8)) == .number(7))
        #expect(Self.failure(bom + bom + Array("1".utf8))?.message == "not valid JSON at line 1, column 2: unexpected byte 0xEF")
        #expect(Self.failure(Array(" ".utf8) + bom + Array("1".utf8))?.message == "not valid JSON at line 1, column 2: unexpected byte 0xEF")
        #expect(Self.failure(bom)?.message == "not valid JSON at line 1, column 2: the document is empty")
    }

    @Test func onlyJSONsWhitespaceSeparates() throws {
        #expect(try JSONValue.parse(Array(" \t\r\n[ 1 ,\t2\r\n]\n".utf8)) == .array([.number(1), .number(2)]))
        let refused: [([UInt8], String)] = [
            ([0x0C] + Array("1".utf8), "line 1, column 1: unexpected byte 0xC"),                 // form feed
            (Array("[1,".utf8) + [0x0B] + Array("2]".utf8), "line 1, column 4: unexpected byte 0xB"),  // vertical tab
            (Array("[1,\u{A0}2]".utf8), "line 1, column 4: unexpected byte 0xC2"),                 // no-break space
            (Array("[1,\u{2028}2]".utf8), "line 1, column 4: unexpected byte 0xE2"),               // line separator
            (Array("1\u{0}".utf8), "line 1, column 2: unexpected byte 0x0 after the value"),
        ]
        for (bytes, message) in refused { #expect(Self.failure(bytes)?.message == "not valid JSON at " + message) }
    }

    @Test func oneValueAndNothingElse() {
        #expect(Self.failure([])?.message == "not valid JSON at line 1, column 1: the document is empty")
        #expect(Self.failure(Array(" \n ".utf8))?.message == "not valid JSON at line 2, column 2: the document is empty")
        #expect(Self.failure(Array("{} {}".utf8))?.message == "not valid JSON at line 1, column 4: unexpected '{' after the value")
        #expect(Self.failure(Array("[1]]".utf8))?.message == "not valid JSON at line 1, column 4: unexpected ']' after the value")
        #expect(Self.failure(Array("nulll".utf8))?.message == "not valid JSON at line 1, column 5: unexpected 'l' after the value")
        #expect(Self.failure(Array("truefalse".utf8))?.message == "not valid JSON at line 1, column 5: unexpected 'f' after the value")
        #expect(Self.failure(Array("nul".utf8))?.message == "not valid JSON at line 1, column 1: unexpected 'n'")
    }

    @Test func requestsAreAtMostTheLimit() throws {
        // A label request of exactly the limit is read; one byte more is refused before it is parsed.
        let head = Array(#"{"text": "a", "path": "M 0 0 L 10 0"}"#.utf8)
        let padded = head + [UInt8](repeating: 0x20, count: SceneJSON.maximumBytes - head.count)
        #expect(try SceneJSON.decodeLabel(padded).text == "a")
        #expect(throws: SceneError("", "the JSON is \(SceneJSON.maximumBytes + 1) bytes, over the limit of \(SceneJSON.maximumBytes)")) {
            _ = try SceneJSON.decodeLabel(padded + [0x20])
        }
    }
}
