@testable import JSON
import Testing
import Foundation

@Suite struct JSONValueWritingTests {
    @Test func writingReadsBackAndMatchesFoundationsPrettyForm() throws {
        let v = JSONValue.object([JSONMember("z", .array([.number(1), .number(2.5), .number(-0.001)])),
                                  JSONMember("a", .string("q\"\\/\u{1B}é")), JSONMember("e", .array([])), JSONMember("t", .bool(false))])
        #expect(try JSONValue.parse(v.serialized()) == v)
        let sorted = try JSONValue.parse(v.serialized(pretty: true, sortedKeys: true))
        guard case .object(let members) = sorted, case .object(let original) = v else { Issue.record("not objects"); return }
        #expect(members.map(\.key) == ["a", "e", "t", "z"] && Set(members) == Set(original))
        let foundation = try JSONSerialization.data(withJSONObject: ["z": [1, 2.5, -0.001], "t": false, "a": "q\"\\/\u{1B}é"],
                                                    options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let ours = JSONValue.object([JSONMember("z", .array([.number(1), .number(2.5), .number(-0.001)])),
                                     JSONMember("a", .string("q\"\\/\u{1B}é")), JSONMember("t", .bool(false))])
        #expect(ours.serialized(pretty: true, sortedKeys: true) == String(decoding: foundation, as: UTF8.self))
    }
}
