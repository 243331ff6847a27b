@testable import JSON
import Testing

/// The request parser reads strings exactly: escapes (surrogate pairs joined, lone surrogates refused),
/// raw UTF-8 validated wherever the string is not ASCII, control characters refused unescaped. Each
/// case runs through both of its paths: a string without escapes (taken from the bytes as they are) and
/// one with an escape (rebuilt byte by byte), of short and long lengths, as a value and as a key.
@Suite struct JSONStringReadingTests {
    /// The string the document `bytes` (a lone string) reads as, or the error.
    static func read(_ bytes: [UInt8]) -> Result<String, JSONError> {
        do {
            guard case .string(let s) = try JSONValue.parse(bytes) else { return .failure(JSONError("", "not a string")) }
            return .success(s)
        } catch { return .failure(error) }
    }

    static func read(_ text: String) -> Result<String, JSONError> { read(Array(text.utf8)) }

    /// The Unicode scalars of what `text` reads as (compared as scalars: `String`'s `==` would take
    /// canonically equivalent strings as equal).
    static func scalars(_ text: String) -> [UInt32]? {
        guard case .success(let s) = read(text) else { return nil }
        return s.unicodeScalars.map(\.value)
    }

    static func message(_ text: String) -> String? {
        guard case .failure(let e) = read(text) else { return nil }
        return e.message
    }

    @Test func escapesReadAsTheirCharacters() {
        #expect(Self.scalars(#""\" \\ \/ \b \f \n \r \t""#) == [0x22, 0x20, 0x5C, 0x20, 0x2F, 0x20, 8, 0x20, 12, 0x20, 10, 0x20, 13, 0x20, 9])
        #expect(Self.scalars(#""\u0041\u00e9\u00E9\u20ac\uFFFF\uFFFE""#) == [0x41, 0xE9, 0xE9, 0x20AC, 0xFFFF, 0xFFFE])
        #expect(Self.scalars(#""a\u0000b""#) == [0x61, 0, 0x62])
        #expect(Self.scalars(#""\ud83d\ude00\uD83D\uDE00x\udbff\udfff\ud800\udc00""#) == [0x1F600, 0x1F600, 0x78, 0x10FFFF, 0x10000])
        // The escaped and the raw form of a character read the same.
        #expect(Self.scalars(#""\u00e9""#) == Self.scalars("\"é\""))
        #expect(Self.scalars("\"e\u{301}\"") == [0x65, 0x301])
    }

    @Test func loneSurrogatesAndBadEscapesAreErrors() {
        let refused: [(String, String)] = [
            (#""\ud800""#, #"line 1, column 2: a lone UTF-16 surrogate \uD800"#),
            (#""ab\uD800x""#, #"line 1, column 4: a lone UTF-16 surrogate \uD800"#),
            (#""\uDBFF\u0041""#, #"line 1, column 2: a lone UTF-16 surrogate \uDBFF"#),
            (#""\ud800\ud800""#, #"line 1, column 2: a lone UTF-16 surrogate \uD800"#),
            (#""\ud800\n""#, #"line 1, column 2: a lone UTF-16 surrogate \uD800"#),
            (#""\udc00""#, #"line 1, column 2: a lone UTF-16 surrogate \uDC00"#),
            (#""\ude00\ud83d""#, #"line 1, column 2: a lone UTF-16 surrogate \uDE00"#),
            (#""\u12G4""#, #"line 1, column 4: expected four hex digits after \u"#),
            (#""\u12""#, #"line 1, column 4: expected four hex digits after \u"#),
            (#""\u"#, #"line 1, column 4: expected four hex digits after \u"#),
            (#""\x41""#, #"line 1, column 2: unknown escape '\x'"#),
            (#""\'""#, #"line 1, column 2: unknown escape '\''"#),
            (#""\U0041""#, #"line 1, column 2: unknown escape '\U'"#),
            ("\"\\\u{E9}\"", "line 1, column 2: unknown escape: '\\' followed by byte 0xC3"),
            (#""abc\"#, "line 1, column 6: unterminated string"),
            (#""abc"#, "line 1, column 5: unterminated string"),
            (#""\""#, "line 1, column 4: unterminated string"),
        ]
        for (text, message) in refused {
            #expect(Self.message(text) == "not valid JSON at " + message, "\(text)")
        }
    }

    @Test func controlCharactersMustBeEscaped() {
        for b in UInt8(0)..<0x20 {
            for (before, after) in [("", ""), ("abc", "def"), (#"\n"#, "x"), ("é", "")] {
                let bytes = Array(("\"" + before).utf8) + [b] + Array((after + "\"").utf8)
                guard case .failure(let e) = Self.read(bytes) else { Issue.record("byte \(b) read"); continue }
                #expect(e.message.hasSuffix("a control character (byte 0x\(String(b, radix: 16, uppercase: true))) must be escaped in a string"))
            }
        }
        // DEL is not a control character to JSON.
        #expect(Self.scalars("\"a\u{7F}b\"") == [0x61, 0x7F, 0x62])
    }

    /// Byte sequences that are not UTF-8: overlong forms, truncated sequences, UTF-16 surrogates encoded
    /// as UTF-8, code points above U+10FFFF, bytes that never occur.
    static let invalidSequences: [[UInt8]] = [
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xE2], [0xF0],
        [0x80], [0xBF], [0x80, 0x80], [0xC3, 0xA9, 0xA9],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xC3, 0x41],
    ]

    @Test func invalidUTF8IsAnErrorWhereverItIs() {
        var cases = 0
        for bad in Self.invalidSequences {
            for length in [0, 1, 7, 8, 15, 16, 17, 31, 32, 63, 64, 1000] {
                let filler = Array(String(repeating: "a", count: length).utf8)
                for escape in [[UInt8](), Array(#"\n"#.utf8)] {
                    for nonASCII in [[UInt8](), Array("é".utf8)] {
                        let placed: [[UInt8]] = [bad + filler + escape + nonASCII, filler + bad + nonASCII + escape + filler,
                                                 nonASCII + escape + filler + bad]
                        for content in placed {
                            let value = [0x22] + content + [0x22]
                            guard case .failure(let e) = Self.read(value) else { Issue.record("read \(content.prefix(12))"); continue }
                            #expect(e.path == "" && e.message.hasSuffix("the string is not valid UTF-8"), "\(content.prefix(12)): \(e)")
                            // As a key, and as a value under a key: the path is the object's, then the key's.
                            let key = Array(#"{"a": {"#.utf8) + value + Array(#": 1}}"#.utf8)
                            do { _ = try JSONValue.parse(key); Issue.record("read") } catch { #expect(error.path == "a" && error.message.hasSuffix("not valid UTF-8")) }
                            let member = Array(#"{"a": [0, {"b": "#.utf8) + value + Array("}]}".utf8)
                            do { _ = try JSONValue.parse(member); Issue.record("read") } catch {
                                #expect(error.path == "a[1].b" && error.message.hasSuffix("not valid UTF-8"))
                            }
                            cases += 1
                        }
                    }
                }
            }
        }
        #expect(cases == Self.invalidSequences.count * 12 * 2 * 2 * 3)
    }

    @Test func theErrorPointsAtTheFirstBadByte() {
        // `{"text": "caf` then 0xE9: the byte is at column 14.
        let bytes: [UInt8] = Array(#"{"text": "caf"#.utf8) + [0xE9] + Array(#"", "size": 3}"#.utf8)
        #expect(throws: JSONError("text", "not valid JSON at line 1, column 14: the string is not valid UTF-8")) { _ = try JSONValue.parse(bytes) }
        let escaped: [UInt8] = Array("[\n\"\\t caf".utf8) + [0xED, 0xA0, 0x80] + Array(#"é"]"#.utf8)
        #expect(throws: JSONError("[0]", "not valid JSON at line 2, column 8: the string is not valid UTF-8")) { _ = try JSONValue.parse(escaped) }
    }

    @Test func validUTF8AtEveryLengthReadsAsItIs() {
        // The first and last scalar of each UTF-8 length, raw and escaped, short and long strings.
        let scalars: [UInt32] = [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF, 0x1F600]
        for v in scalars {
            let u = Unicode.Scalar(v)!
            for length in [0, 15, 16, 17, 64, 500] {
                let filler = String(repeating: "b", count: length)
                let raw = "\"" + filler + String(u) + filler + "\""
                #expect(Self.scalars(raw) == Array(filler.unicodeScalars.map(\.value)) + [v] + filler.unicodeScalars.map(\.value))
                let escapedBefore = "\"\\t" + filler + String(u) + "\""
                #expect(Self.scalars(escapedBefore) == [9] + filler.unicodeScalars.map(\.value) + [v])
                let utf16 = String(u).utf16.map { "\\u" + String(String(0x10000 + Int($0), radix: 16).dropFirst()) }.joined()
                #expect(Self.scalars("\"" + filler + utf16 + "\"") == filler.unicodeScalars.map(\.value) + [v])
            }
        }
    }
}
