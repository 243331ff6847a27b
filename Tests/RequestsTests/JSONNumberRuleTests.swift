import JSON
import Testing
@testable import Requests

/// The one number rule (``JSONNumber``) as its documentation states it, checked against a reference
/// written here from that statement, through every writer that uses it: `JSONNumber.text` and `append`,
/// the placements writer's `JSONBytes` (`number`, `integer`, and the copies it makes of a number already
/// written: `repeated`, `negated`), `PlacementsJSON.number`, `MessageText.number` and `JSONValue`'s
/// serializer. Every text reads back through the request parser as the same value.
@Suite struct JSONNumberRuleTests {
    /// The rule as ``JSONNumber`` states it.
    static func reference(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(.towardZero), abs(v) < 0x1p53 { return v == 0 ? "0" : String(Int64(v)) }
        return v.description
    }

    static func values() -> [Double] {
        var out: [Double] = [0, -0.0, 1, -1, 9, -9, 10, -10, 99, -99, 100, -100, 999, 1000, 0.5, -0.5, 0.1, 1e-7, 1e-5, 1e-4,
                             9.999e-5, 1e15, 1e16, -1e16, 1e20, 1e22, 1e300, 5e-324, -5e-324, .leastNormalMagnitude,
                             .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0x1p53, -0x1p53, 0x1p53 - 1, -(0x1p53 - 1),
                             0x1p53 + 2, 0x1p52 + 0.5, -(0x1p52 + 0.5), 0x1p63, -0x1p63, 0x1p64, 98.30000000000001,
                             .nan, -Double.nan, .infinity, -Double.infinity, .ulpOfOne, 1 + Double.ulpOfOne, 1 - Double.ulpOfOne / 2]
        for e in 0...16 {
            let p = Double(sign: .plus, exponent: 0, significand: 1) * pow10(e)
            out += [p, p - 1, p + 1, -p, -(p - 1), p.nextUp, p.nextDown]
        }
        var state: UInt64 = 0xC0FF_EE00_DEAD_BEEF
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        for _ in 0..<20_000 {
            out.append(Double(bitPattern: next()))
            out.append(Double(next() >> 11) * 0x1p-53 * 4000 - 2000)             // a coordinate
            out.append(Double(Int64(bitPattern: next()) >> Int(next() % 64)))    // a whole number of any size
            out.append((Double(next() >> 11) * 0x1p-53 * 720 - 360).rounded() / 4)  // an angle in quarter degrees
        }
        return out
    }

    static func pow10(_ e: Int) -> Double { (0..<e).reduce(1.0) { r, _ in r * 10 } }

    @Test func everyWriterFollowsTheRule() {
        var wrong: [String] = []
        for v in Self.values() {
            let expected = Self.reference(v)
            var bytes: [UInt8] = [0x2A]
            JSONNumber.append(v, to: &bytes)
            var w = JSONBytes(capacity: 0)
            w.number(v)
            let texts = [JSONNumber.text(v), String(decoding: bytes.dropFirst(), as: UTF8.self), w.text, PlacementsJSON.number(v),
                         MessageText.number(v), JSONValue.number(v).serialized()]
            if texts.contains(where: { $0 != expected }), wrong.count < 10 { wrong.append("\(v): \(texts) ≠ \(expected)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func textsReadBackAsTheSameValue() throws {
        for v in Self.values() where v.isFinite {
            guard case .number(let read) = try JSONValue.parse(JSONNumber.text(v)) else { Issue.record("\(v)"); continue }
            // -0 is written 0, and reads back as 0.
            #expect(read.bitPattern == (v == 0 ? 0 : v.bitPattern), "\(v)")
        }
    }

    @Test func wholeNumbersAreTheirDigits() {
        var values: [Int64] = [0, 1, -1, 9, -9, 10, -10, 99, -99, 100, -100, 101, 999, -999, 1000, -1000, .max, .min, .max - 1, .min + 1]
        var p: Int64 = 1
        for _ in 0..<18 { p *= 10; values += [p - 1, p, p + 1, -(p - 1), -p, -(p + 1)] }
        values += (-2000...2000).map(Int64.init)
        for n in values {
            var w = JSONBytes(capacity: 0)
            w.integer(Int(n))
            #expect(w.text == String(n), "\(n)")
            #expect(JSONNumber.text(Double(n)) == Self.reference(Double(n)), "\(n)")
        }
    }

    @Test func copiesOfAWrittenNumberAreItsTextAgainOrNegated() {
        // The transform writer copies a number's text (d = a, e = x) or negates it (c = −b), also after
        // the buffer has grown between the number and its copy.
        let values = Self.values()
        for (k, v) in values.enumerated() where k < 200 || k % 8 == 0 {
            for before in [0, 1, 40, 63, 64, 200] {
                var w = JSONBytes(capacity: 0)
                w.write(String(repeating: "#", count: before))
                let start = w.count
                w.number(v)
                let end = w.count
                w.write(String(repeating: "+", count: before * 3))
                w.raw(","); w.repeated(start..<end)
                w.raw(","); w.negated(start..<end)
                let expected = String(repeating: "#", count: before) + Self.reference(v) + String(repeating: "+", count: before * 3)
                    + "," + Self.reference(v) + "," + Self.reference(-v)
                if w.text != expected { Issue.record("\(v) after \(before) bytes: \(w.text.suffix(80))"); break }
            }
        }
    }
}
