import JSON
import Testing
import Foundation
import Geometry
import Shaping
import Layout
@testable import Requests

/// The placements writer's byte buffer writes numbers and strings by the project's one rule
/// (``JSONNumber``, ``JSONStringLiteral``), including the numbers it copies instead of printing.
@Suite struct JSONBytesTests {
    static func values() -> [Double] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var out: [Double] = [0, -0.0, 1, -1, 0.1, 98.30000000000001, 1e-7, 1e20, 123.45678901234567, 5e-324,
                             -2.2250738585072014e-308, .greatestFiniteMagnitude, 9_007_199_254_740_992, 9_007_199_254_740_991,
                             -4503599627370497.5, .nan, .infinity, -.infinity, 0.7071067811865476, -0.7071067811865475]
        for _ in 0..<2000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let bits = Double(bitPattern: state)
            out.append(bits)
            out.append(Double(state >> 11) * 0x1p-53 * 2000 - 1000)
        }
        return out
    }

    @Test func numbersFollowTheOneRule() {
        for v in Self.values() {
            var w = JSONBytes(capacity: 0)
            w.number(v)
            #expect(w.text == JSONNumber.text(v), "\(v)")
            // The copies the transform writer makes: the same number again, and its negation.
            var x = JSONBytes(capacity: 0)
            x.number(v); let end = x.count
            x.raw(","); x.repeated(0..<end)
            x.raw(","); x.negated(0..<end)
            #expect(x.text == JSONNumber.text(v) + "," + JSONNumber.text(v) + "," + JSONNumber.text(-v), "\(v)")
        }
    }

    @Test func wholeNumbersAreTheirDecimalDigits() {
        var values = Array(-1000...1000)
        values += [Int.min, Int.max, Int.min + 1, 1 << 53, -(1 << 53), 99_999, 100_000, 1_000_000_007]
        for v in values {
            var w = JSONBytes(capacity: 0)
            w.integer(v)
            #expect(w.text == String(v), "\(v)")
        }
    }

    @Test func stringsAndGrowth() {
        var w = JSONBytes(capacity: 0)
        let texts = ["plain", "quote \" and \\ slash", "tab\there\nnewline\u{7F}\u{01}", "Mannerheimintie ä ש 中", ""]
        var expected: [UInt8] = []
        for _ in 0..<200 {
            for t in texts {
                w.string(t)
                JSONStringLiteral.append(t, to: &expected)
            }
        }
        #expect(w.text == String(decoding: expected, as: UTF8.self))
        #expect(w.count == expected.count && w.count > 10_000)
    }

    @Test func placementsReadBack() throws {
        // Rotated glyphs on a curve, and stretched ones: the copied numbers of each transform are the right ones.
        let text = AttributedText("Helsinki", attributes: TextAttributes(fonts: [TestFonts.sans], size: 20, systemFallback: false))
        let path = try BezPath(svgPathData: "M 10 100 C 60 0 140 200 200 100")
        var stretched = LabelOptions()
        stretched.fit = .stretch(length: 190)
        for options in [LabelOptions(), stretched] {
            let labels = try LabelLayout.layout(text, along: path, options: options)
            let json = PlacementsJSON.encode(labels, singleLine: true)
            #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
            // Read with Double(String) (correctly rounded; Foundation's JSON reader is off by an ulp at times).
            let read = json.components(separatedBy: "\"transform\":[").dropFirst().map { piece in
                piece.prefix { $0 != "]" }.split(separator: ",").map { Double(String($0)) }
            }
            #expect(read.count == 8)
            for (g, t) in zip(labels[0].glyphs, read) {
                let m = g.transform
                #expect(t == [m.a, m.b, m.c, m.d, m.e, m.f])
            }
        }
    }
}
