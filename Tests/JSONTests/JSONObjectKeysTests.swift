@testable import JSON
import Testing

/// Duplicate keys are found at every member position, on both sides of the point where the parser stops
/// searching the members and starts hashing them (16 members), and keys are compared as RFC 8259 and
/// every other reader compare them: code point by code point (two keys that are canonically equivalent,
/// which Swift's `String ==` takes as equal, are two keys).
@Suite struct JSONObjectKeysTests {
    static let duplicate = "duplicate key (a key may appear once in an object)"

    /// An object of the keys `keys` (values 0, 1, 2 …), as text.
    static func object(_ keys: [String]) -> String {
        "{" + keys.enumerated().map { "\(JSONStringLiteral.quoted($1)): \($0)" }.joined(separator: ", ") + "}"
    }

    static func failure(_ text: String) -> JSONError? {
        do { _ = try JSONValue.parse(text); return nil } catch { return error }
    }

    @Test func aDuplicateIsFoundAtEveryPosition() throws {
        for count in [1, 2, 3, 14, 15, 16, 17, 18, 31, 32, 33, 100, 101, 300] {
            let keys = (0..<count).map { "key\($0)" }
            let v = try JSONValue.parse(Self.object(keys))
            guard case .object(let members) = v else { Issue.record("not an object"); continue }
            #expect(members.map(\.key) == keys && members.map(\.value) == (0..<count).map { .number(Double($0)) })
            // The duplicate as member count + 1, of each earlier key.
            for earlier in Set([0, 1, count / 2, max(0, count - 2), count - 1]) where earlier < count {
                let error = Self.failure(Self.object(keys + [keys[earlier]]))
                #expect(error == JSONError("key\(earlier)", Self.duplicate), "member \(count + 1) repeats member \(earlier + 1)")
            }
            // A duplicate in the middle: the first repetition is reported, the rest never read.
            if count >= 2 {
                let error = Self.failure(Self.object(Array(keys[..<(count / 2 + 1)]) + [keys[0]] + Array(keys[(count / 2 + 1)...])))
                #expect(error == JSONError("key0", Self.duplicate))
            }
        }
    }

    @Test func keysDifferingLateAreDifferent() throws {
        for length in [1, 7, 8, 15, 16, 17, 32, 64, 1000] {
            let stem = String(repeating: "k", count: length)
            let keys = [stem, stem + "a", stem + "b", "a" + stem, String(stem.dropLast()) + "j", stem + "\u{0}", stem + "é"]
            for padding in [0, 20] {
                let all = (0..<padding).map { "p\($0)" } + keys
                guard case .object(let members) = try JSONValue.parse(Self.object(all)) else { Issue.record("not an object"); continue }
                #expect(members.map(\.key) == all)
                for k in keys { #expect(Self.failure(Self.object(all + [k]))?.message == Self.duplicate) }
            }
        }
    }

    @Test func canonicallyEquivalentKeysAreTwoKeys() throws {
        // é as one code point and as e + combining acute; K and the Kelvin sign; Å and the Angstrom sign.
        let pairs = [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{C5}", "\u{212B}"), ("\u{1E0B}\u{323}", "\u{1E0D}\u{307}")]
        for (a, b) in pairs {
            for padding in [0, 3, 15, 16, 40] {
                let keys = (0..<padding).map { "p\($0)" } + [a, b]
                guard case .object(let members) = try JSONValue.parse(Self.object(keys)) else { Issue.record("not an object"); continue }
                #expect(members.map { Array($0.key.unicodeScalars) } == keys.map { Array($0.unicodeScalars) })
                // The same code points twice are a duplicate.
                #expect(Self.failure(Self.object(keys + [b]))?.message == Self.duplicate)
            }
        }
        // Escaped and raw spellings of one key are the same key.
        #expect(Self.failure(#"{"\u00e9": 1, "é": 2}"#) == JSONError("é", Self.duplicate))
    }

    @Test func errorsDeepInsideNameTheirPath() {
        let cases: [(String, JSONError)] = [
            (#"{"labels": [{"text": "a"}, {"runs": [{"text": "b"}, {"text": "c", "text": "d"}]}]}"#,
             JSONError("labels[1].runs[1].text", Self.duplicate)),
            (#"{"a": {"b": {"c": [1, 2, {"d": tru}]}}}"#,
             JSONError("a.b.c[2].d", "not valid JSON at line 1, column 32: unexpected 't'")),
            ("{\"a\": [\n  {\"b\": 1},\n  {\"b\": 2 \"c\": 3}\n]}",
             JSONError("a[1]", "not valid JSON at line 3, column 11: expected ',' or '}'")),
            (#"{"a": [1, 2, 3"#, JSONError("a", "not valid JSON at line 1, column 15: unexpected end of the document in a list")),
            (#"{"a": {"b": 1"#, JSONError("a", "not valid JSON at line 1, column 14: unexpected end of the document in an object")),
            (#"{"a": {"b" 1}}"#, JSONError("a.b", "not valid JSON at line 1, column 12: expected ':' after the key")),
            (#"{"a": {1: 2}}"#, JSONError("a", "not valid JSON at line 1, column 8: expected a key in double quotes")),
            (#"{"a": [{"b": 1}, ]}"#, JSONError("a[1]", "not valid JSON at line 1, column 18: unexpected ']'")),
            // Keys in a path are escaped and shortened as messages show values.
            ("{\"line\\nbreak\": {\"x\": 1, \"x\": 2}}", JSONError("line\\nbreak.x", Self.duplicate)),
            ("{\"\(String(repeating: "w", count: 100))\": [1e999]}",
             JSONError(String(repeating: "w", count: 39) + "…[0]", "the number 1e999 is beyond the range of a 64-bit float")),
            ("{\"a\": \"\u{1B}[31m\"}", JSONError("a", "not valid JSON at line 1, column 8: a control character (byte 0x1B) must be escaped in a string")),
        ]
        for (text, error) in cases {
            #expect(Self.failure(text) == error, "\(text)")
        }
    }

    @Test func nestingIsLimitedForObjectsAndListsAlike() {
        func nested(_ depth: Int, object: (Int) -> Bool) -> String {
            var open = "", close = ""
            for d in 0..<depth {
                if object(d) { open += #"{"k":"#; close = "}" + close } else { open += "["; close = "]" + close }
            }
            return open + "0" + close
        }
        for pattern in [{ (_: Int) in true }, { (_: Int) in false }, { (d: Int) in d % 2 == 0 }, { (d: Int) in d % 3 == 1 }] {
            #expect(Self.failure(nested(64, object: pattern)) == nil)
            let error = Self.failure(nested(65, object: pattern))
            #expect(error?.message.hasSuffix("nested deeper than 64 levels") == true)
        }
        #expect(Self.failure(nested(65, object: { _ in true }))?.path == String(repeating: "k.", count: 63) + "k")
        // A deeper document costs no more than its first 65 levels: it is refused there.
        let deep = String(repeating: "[", count: 1_000_000)
        #expect(Self.failure(deep)?.message == "not valid JSON at line 1, column 65: nested deeper than 64 levels")
    }
}
