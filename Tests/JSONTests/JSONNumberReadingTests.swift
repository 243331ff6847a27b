@testable import JSON
import Testing

/// The request parser reads numbers as `Double(String)` does, bit for bit: through its fast path (at most
/// 15 digits and no exponent: one exact division) and through `Double(String)` itself (everything else).
/// Overflow is an error; underflow rounds to zero, as IEEE reading does; every form RFC 8259 does not
/// allow is an error with its column.
@Suite struct JSONNumberReadingTests {
    /// The number `text` reads as (a whole document), or the error.
    static func read(_ text: String) -> Result<Double, JSONError> {
        do {
            guard case .number(let v) = try JSONValue.parse(text) else { return .failure(JSONError("", "not a number")) }
            return .success(v)
        } catch { return .failure(error) }
    }

    /// The value's bits as the parser reads `text`, as an array item and as an object member too (the
    /// same bits each time), or `nil` when it refuses it.
    static func bits(_ text: String) -> UInt64? {
        guard case .success(let v) = read(text) else { return nil }
        let inArray = try? JSONValue.parse("[" + text + "]"), inObject = try? JSONValue.parse(#"{"k": "# + text + "}")
        guard inArray == .array([.number(v)]), case .number(let w)? = inObject?["k"], w.bitPattern == v.bitPattern,
              case .array(let items)? = inArray, case .number(let u) = items[0], u.bitPattern == v.bitPattern else { return 0xDEAD }
        return v.bitPattern
    }

    /// `Double(text)`'s bits when it is finite: what the parser must read.
    static func expected(_ text: String) -> UInt64? {
        guard let v = Double(text), v.isFinite else { return nil }
        return v.bitPattern
    }

    static let edgeCases: [String] = [
        "0", "-0", "0.0", "-0.0", "0e0", "-0e-0", "0.000", "1", "-1", "9", "10", "99", "100",
        // The fast path's edge: 15 digits in all, then 16.
        "999999999999999", "-999999999999999", "100000000000000", "1000000000000000", "9999999999999999",
        "0.12345678901234", "0.123456789012345", "12345678.9012345", "1234567.89012345", "99999999999999.9",
        "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
        "-9007199254740993", "18014398509481985", "18014398509481986", "18014398509481987",
        // 17 to 20 significant digits.
        "12345678901234567", "123456789012345678", "1234567890123456789", "12345678901234567890",
        "0.10000000000000001", "0.100000000000000005", "0.1000000000000000055511151231257827",
        "98.30000000000001", "207.13806312525696", "-29.253002591582202", "0.8724703996252238",
        // Around the largest finite double, and past it only by rounding up.
        "1e308", "-1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "1.7976931348623158e308",
        "17976931348623157" + String(repeating: "0", count: 292), "17976931348623158" + String(repeating: "0", count: 292),
        // Subnormals and the normal boundary.
        "4.9e-324", "5e-324", "-5e-324", "2.4703282292062328e-324", "2.2250738585072014e-308",
        "2.2250738585072011e-308", "2.2250738585072012e-308", "2.225073858507201e-308", "4.4501477170144023e-308",
        // Underflow: to zero, the sign kept.
        "2.4703282292062327e-324", "1e-324", "1e-400", "-1e-400", "0.0000000000000000000000000000000001e-300",
        // Exponents: signs, both letters, leading zeros, many digits.
        "1e0", "1E0", "1e+0", "1e-0", "1e007", "1e-007", "1E+22", "1e22", "1e23", "1e-22", "1e-23",
        "1e0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        "0e999999999999999999", "-0e999999999999999999", "1e-99999999999999999999", "123.456e-2", "0.5E+1",
        // Long fractional parts (more digits than any double needs).
        "0." + String(repeating: "1", count: 400), "3." + String(repeating: "14159265358979323846", count: 30),
        "1." + String(repeating: "0", count: 500) + "1", "0." + String(repeating: "0", count: 330) + "1",
        "1" + String(repeating: "0", count: 300), "-" + String(repeating: "9", count: 308),
        // Halfway cases: 2⁵³ + 1 and friends, and 0.5 ulp above 1 (rounds to even), written long.
        "1.00000000000000011102230246251565404236316680908203125",
        "1.000000000000000111022302462515654042363166809082031250000001",
        "1.00000000000000011102230246251565404236316680908203124999999",
    ]

    @Test func edgeCasesReadAsDoubleFromString() {
        for text in Self.edgeCases {
            #expect(Self.bits(text) == Self.expected(text), "\(text.prefix(60))")
            #expect(Self.expected(text) != nil, "\(text.prefix(60)) is finite")
        }
    }

    @Test func signedZeroAndUnderflowKeepTheirSign() {
        #expect(Self.bits("-0") == (-0.0).bitPattern && Self.bits("0") == 0)
        #expect(Self.bits("-0.0") == (-0.0).bitPattern && Self.bits("-1e-400") == (-0.0).bitPattern)
        #expect(Self.bits("1e-400") == 0 && Self.bits("4.9e-324") == Double.leastNonzeroMagnitude.bitPattern)
    }

    @Test func theFastPathAgreesWithTheSlowOne() {
        // Every text of at most 15 digits without an exponent takes the fast path; with "e0" added the
        // same value goes through Double(String).
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next(_ n: UInt64) -> Int { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return Int(state % n) }
        var checked = 0
        for _ in 0..<200_000 {
            // 1–15 digits, the first not 0 unless it stands alone before the point; the point anywhere.
            let total = 1 + next(15), point = next(UInt64(total))   // digits before the point: point + 1
            var digits = (0..<total).map { _ in String(next(10)) }
            if point > 0 && digits[0] == "0" { digits[0] = String(1 + next(9)) }
            var text = next(2) == 0 ? "-" : ""
            text += digits[...point].joined()
            if point + 1 < total { text += "." + digits[(point + 1)...].joined() }
            let fast = Self.read(text), slow = Self.read(text + "e0")
            guard case .success(let f) = fast, case .success(let s) = slow else { Issue.record("\(text) refused"); continue }
            #expect(f.bitPattern == s.bitPattern && f.bitPattern == Self.expected(text), "\(text)")
            checked += 1
        }
        #expect(checked == 200_000)
    }

    @Test func randomNumbersReadAsDoubleFromString() {
        // Valid JSON numbers of every shape: 1–25 integer digits, 0–25 fraction digits, an exponent of
        // 1–3 digits (leading zeros, either sign, either letter) or none.
        var state: UInt64 = 0x0DDB_1A5E_5BAD_5EED
        func next(_ n: Int) -> Int { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return Int(state % UInt64(n)) }
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(Unicode.Scalar(UInt8(48 + next(10)))) }) }
        var wrong: [String] = [], overflow = 0, count = 0
        for _ in 0..<300_000 {
            var text = next(3) == 0 ? "-" : ""
            let intDigits = next(4) == 0 ? 1 + next(25) : 1 + next(6)
            text += next(6) == 0 ? "0" : String(1 + next(9)) + digits(intDigits - 1)
            if next(3) != 0 { text += "." + digits(next(4) == 0 ? 1 + next(25) : 1 + next(8)) }
            if next(3) == 0 {
                text += next(2) == 0 ? "e" : "E"
                text += ["", "+", "-"][next(3)]
                text += digits(1 + next(3))
            }
            count += 1
            let ours = Self.read(text)
            switch (ours, Self.expected(text)) {
            case (.success(let v), let e?): if v.bitPattern != e && wrong.count < 10 { wrong.append(text) }
            case (.failure(let error), nil):
                overflow += 1
                #expect(error.message == "the number \(MessageText.shortened(text)) is beyond the range of a 64-bit float")
            default: if wrong.count < 10 { wrong.append(text) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(count == 300_000 && overflow > 100)
    }

    @Test func overflowIsAnErrorAtItsPath() {
        for text in ["1e309", "-1e309", "1.7976931348623159e308", "1e99999999999999999999", "1" + String(repeating: "0", count: 309)] {
            guard case .failure(let error) = Self.read(text) else { Issue.record("\(text.prefix(30)) read"); continue }
            #expect(error.message == "the number \(MessageText.shortened(text)) is beyond the range of a 64-bit float")
        }
        #expect(throws: JSONError("labels[3].size", "the number 1e400 is beyond the range of a 64-bit float")) {
            _ = try JSONValue.parse(#"{"labels": [{}, {}, {}, {"text": "x", "size": 1e400}]}"#)
        }
        // A long number is shown shortened.
        let long = "9" + String(repeating: "0", count: 400)
        guard case .failure(let error) = Self.read(long) else { Issue.record("read"); return }
        #expect(error.message.count < 140 && error.message.contains("…"))
    }

    @Test func formsRFC8259RefusesAreErrors() {
        let refused: [(String, String)] = [
            ("01", "line 1, column 1: a number may not start with 0"),
            ("-01", "line 1, column 2: a number may not start with 0"),
            ("00", "line 1, column 1: a number may not start with 0"),
            ("-00.5", "line 1, column 2: a number may not start with 0"),
            ("1.", "line 1, column 3: expected a digit after '.'"),
            ("1.e5", "line 1, column 3: expected a digit after '.'"),
            ("-1.", "line 1, column 4: expected a digit after '.'"),
            (".5", "line 1, column 1: unexpected '.'"),
            ("+1", "line 1, column 1: unexpected '+'"),
            ("1e", "line 1, column 3: expected a digit in the exponent"),
            ("1e+", "line 1, column 4: expected a digit in the exponent"),
            ("1E-", "line 1, column 4: expected a digit in the exponent"),
            ("1e+-1", "line 1, column 4: expected a digit in the exponent"),
            ("-", "line 1, column 2: expected a digit"),
            ("-a", "line 1, column 2: expected a digit"),
            ("--1", "line 1, column 2: expected a digit"),
            ("- 1", "line 1, column 2: expected a digit"),
            ("0x1", "line 1, column 2: unexpected 'x' after the value"),
            ("0X1F", "line 1, column 2: unexpected 'X' after the value"),
            ("1.5.2", "line 1, column 4: unexpected '.' after the value"),
            ("1e5.5", "line 1, column 4: unexpected '.' after the value"),
            ("1_000", "line 1, column 2: unexpected '_' after the value"),
            ("1 2", "line 1, column 3: unexpected '2' after the value"),
            ("NaN", "line 1, column 1: unexpected 'N'"),
            ("nan", "line 1, column 1: unexpected 'n'"),
            ("Infinity", "line 1, column 1: unexpected 'I'"),
            ("-Infinity", "line 1, column 2: expected a digit"),
            ("inf", "line 1, column 1: unexpected 'i'"),
            ("١", "line 1, column 1: unexpected byte 0xD9"),
            ("1١", "line 1, column 2: unexpected byte 0xD9 after the value"),
        ]
        for (text, message) in refused {
            guard case .failure(let error) = Self.read(text) else { Issue.record("\(text) read"); continue }
            #expect(error.path == "" && error.message == "not valid JSON at " + message, "\(text)")
        }
        // Inside a document the error names where the number is.
        #expect(throws: JSONError("a[1]", "not valid JSON at line 2, column 3: a number may not start with 0")) {
            _ = try JSONValue.parse("{\"a\": [1,\n  012]}")
        }
    }
}
