@testable import JSON
import Testing
import Foundation

@Suite struct JSONValueTests {
    func failure(_ text: String, maxDepth: Int = JSONValue.defaultMaxDepth) -> JSONError? {
        do { _ = try JSONValue.parse(text, maxDepth: maxDepth); return nil } catch { return error }
    }

    @Test func readsValuesInSourceOrder() throws {
        let v = try JSONValue.parse(#"{"b": [1, -2.5e1, true, null], "a": "x\u00e9\ud83d\ude00\n", "c": {}}"#)
        guard case .object(let members) = v else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(members.map(\.offset) == [1, 31, 61])
        #expect(v["b"] == .array([.number(1), .number(-25), .bool(true), .null]))
        #expect(v["a"] == .string("xé😀\n"))
        #expect(v["c"] == .object([]))
    }

    @Test func aKeyTwiceIsAnErrorAtItsPath() {
        // #13 row 9: the old check kept the last value and the decoder the first.
        let scene = #"{"labels":[{"text":"A","bogus":1}],"labels":[{"text":"B"}],"width":400}"#
        #expect(failure(scene) == JSONError("labels", "duplicate key (a key may appear once in an object)"))
        #expect(failure(#"{"labels": [{"text": "A"}, {"text": "B", "text": "C"}]}"#)?.path == "labels[1].text")
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(failure(deep)?.message == "not valid JSON at line 1, column 65: nested deeper than 64 levels")
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(failure(ok) == nil)
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        #expect(failure("{\n  \"a\": tru\n}")?.description == "a: not valid JSON at line 2, column 8: unexpected 't'")
        #expect(failure("[1, 2,]")?.message == "not valid JSON at line 1, column 7: unexpected ']'")
        #expect(failure("[01]")?.message == "not valid JSON at line 1, column 2: a number may not start with 0")
        #expect(failure("{} x")?.message == "not valid JSON at line 1, column 4: unexpected 'x' after the value")
        #expect(failure("")?.message == "not valid JSON at line 1, column 1: the document is empty")
        #expect(failure("[1e400]")?.description == "[0]: the number 1e400 is beyond the range of a 64-bit float")
        #expect(failure(#"["\ud800"]"#)?.message.hasSuffix("a lone UTF-16 surrogate \\uD800") == true)
        #expect(failure("[\"a\u{1}\"]")?.message == "not valid JSON at line 1, column 4: a control character (byte 0x1) must be escaped in a string")
    }

    @Test func invalidUTF8IsAnError() throws {
        let bytes: [UInt8] = Array(#"{"text": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        #expect(throws: JSONError("text", "not valid JSON at line 1, column 14: the string is not valid UTF-8")) {
            _ = try JSONValue.parse(bytes)
        }
    }
}
