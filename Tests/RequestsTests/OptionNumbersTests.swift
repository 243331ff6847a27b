import Testing
@testable import Requests
import Layout

/// Numbers with units read by the one number syntax.
@Suite struct OptionNumbersTests {
    @Test func aNumberBeforeItsUnitHasJSONsGrammar() {
        for ok in ["25%", "-25%", "0%", "-0%", "1e3%", "120", "200deg", "-1.5deg", "0"] {
            #expect(OptionNumbers.isPlain(ok, units: ["%", "deg"]), "\(ok)")
        }
        for bad in ["0x10%", "1e-320%", "inf%", "nan%", " 5%", ".5%", "1_000%", "+5%", "1e400%", "%", "deg", "5 %", "0x10", "1e-320"] {
            #expect(!OptionNumbers.isPlain(bad, units: ["%", "deg"]), "\(bad)")
        }
    }

    @Test func offsetsAndSpansRefuseWhatPlainNumbersRefuse() throws {
        #expect(throws: OptionValueError.self) { try OptionSyntax<PathOffset>.offset.fromText("0x10%") }
        #expect(throws: OptionValueError.self) { try OptionSyntax<PathOffset>.offset.fromText("1e-320%") }
        #expect(throws: OptionValueError.self) { try OptionSyntax<PathOffset>.offset.fromJSON(.number(1e-320)) }
        #expect(try OptionSyntax<PathOffset>.offset.fromText("25%") == .percent(25))
        #expect(throws: OptionValueError.self) { try OptionSyntax<PathSpan>.span.fromText("0x10%,90%") }
        #expect(throws: OptionValueError.self) { try OptionSyntax<PathSpan>.span.fromText("10%,1e-320deg") }
        #expect(try OptionSyntax<PathSpan>.span.fromText("10%,90%") == PathSpan(from: .percent(10), to: .percent(90)))
    }
}
