import JSON
import Foundation
import Testing
import PathText

@Suite struct PlacementsNumberTests {
    /// The one number rule (issue 22): every number reads back as the same `Double`, with no shorter text
    /// that would; whole numbers have no fraction, `-0` is `0`, and NaN or infinity never appears as a number.
    @Test func numbersAreTheShortestTextThatReadsBackTheSame() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-7, -1e-7, 5e-7, 4.9999995e-7, 0.0000005, 123.4564995, 123.4565005,
                                1e11, -1e12, 1e15, 9007199254740991, 9007199254740992, 3.999999999, 1.0000005, 2.5e-6,
                                999999.9999995, 1e300, -1e-300, .pi, 0.1 + 0.2, .ulpOfOne, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let unit = Double(state >> 11) * 0x1p-53
            let magnitude = [1.0, 10, 1000, 1e6, 1e-3][Int(state % 5)]
            values.append((unit - 0.5) * magnitude)
            values.append(Double(bitPattern: state))
        }
        for v in values where v.isFinite {
            let text = PlacementsJSON.number(v)
            #expect(Double(text) == v, "\(v) → \(text)")
            // Valid JSON (no "inf", no leading "+", no trailing "."), the same text as every other writer's.
            #expect(text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil, "\(text)")
            #expect(text == MessageText.number(v) && text == JSONValue.number(v).serialized())
            // Shortest: with one significant digit fewer it would read back differently.
            if v != v.rounded() {
                let mantissa = text.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
                let digits = mantissa.reversed().drop { $0 == "0" }.count
                if digits > 1 { #expect(Double(String(format: "%.\(digits - 2)e", v)) != v, "\(v) → \(text)") }
            }
            if v == v.rounded(), abs(v) < 9007199254740992 { #expect(!text.contains(".") && !text.contains("e")) }
        }
        #expect(PlacementsJSON.number(-0.0) == "0")
        #expect(PlacementsJSON.number(.nan) == "null" && PlacementsJSON.number(.infinity) == "null")
    }

    @Test func stringsEscapeControlCharacters() {
        #expect(PlacementsJSON.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }
}
