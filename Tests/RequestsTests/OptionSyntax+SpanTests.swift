import Testing
import JSON
import Layout
@testable import Requests

/// The `span` syntax: two bounds in pixels, percent or canvas degrees, as JSON or `FROM,TO`.
@Suite struct OptionSyntaxSpanTests {
    let span = OptionSyntax<PathSpan>.span

    @Test func readsTextAndJSONAlike() throws {
        #expect(try span.fromText("10%,90%") == PathSpan(from: .percent(10), to: .percent(90)))
        #expect(try span.fromText(" 12 ,200deg") == PathSpan(from: .pixels(12), to: .degrees(200)))
        #expect(try span.fromJSON(.array([.number(12), .string("25%")])) == PathSpan(from: .pixels(12), to: .percent(25)))
    }

    @Test func writesPixelsAsNumbersAndTheRestAsText() {
        let j = span.toJSON(PathSpan(from: .pixels(-3.5), to: .degrees(90)))
        #expect(j == .array([.number(-3.5), .string("90deg")]))
    }

    @Test func refusesWhatIsNotTwoPlainBoundsWithinTheLimits() {
        for text in ["10%", "1,2,3", "0x10,5", "5,1e400", "1e10,5", "5,2000000%", "5,NaN", "a,b", "5,1e-320"] {
            #expect(throws: OptionValueError.self, "\(text)") { try span.fromText(text) }
        }
        #expect(throws: OptionValueError.self) { try span.fromJSON(.array([.number(1)])) }
        #expect(throws: OptionValueError.self) { try span.fromJSON(.array([.number(1e10), .number(0)])) }
        #expect(throws: OptionValueError.self) { try span.fromJSON(.array([.bool(true), .number(0)])) }
    }
}
