import Foundation
import Testing
import PathText

@Suite struct PlacementsNumberTests {
    /// `%.6f` with trailing zeros removed: the reference the fast formatter must equal.
    func reference(_ v: Double) -> String {
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    @Test func numbersAreExactlyPrintfs() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-7, -1e-7, 5e-7, 4.9999995e-7, 0.0000005, 123.4564995, 123.4565005,
                                1e11, -1e12, 1e15, 3.999999999, 1.0000005, 2.5e-6, 999999.9999995, 1e300, -1e-300, .pi]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let unit = Double(state >> 11) * 0x1p-53
            let magnitude = [1.0, 10, 1000, 1e6, 1e-3][Int(state % 5)]
            values.append((unit - 0.5) * magnitude)
            values.append(((unit - 0.5) * 2e6).rounded() / 1e6 + 5e-7)  // next to a tie at the sixth decimal
        }
        for v in values { #expect(PlacementsJSON.number(v) == reference(v), "\(v)") }
        #expect(PlacementsJSON.number(.nan) == "null" && PlacementsJSON.number(.infinity) == "null")
    }

    @Test func stringsEscapeControlCharacters() {
        #expect(PlacementsJSON.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }
}
