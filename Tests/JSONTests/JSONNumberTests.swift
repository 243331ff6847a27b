@testable import JSON
import Testing

@Suite struct JSONNumberTests {
    @Test func theJSONRuleAroundIt() {
        #expect(JSONNumber.text(0) == "0" && JSONNumber.text(-0.0) == "0" && JSONNumber.text(400) == "400")
        #expect(JSONNumber.text(0.1) == "0.1" && JSONNumber.text(1e-7) == "1e-07" && JSONNumber.text(1e20) == "1e+20")
        #expect(JSONNumber.text(9_007_199_254_740_992) == "9007199254740992.0")
        #expect(JSONNumber.text(-450_359_962_737_049.5) == "-450359962737049.5")
        #expect(JSONNumber.text(.nan) == "null")
        var bytes: [UInt8] = []
        JSONNumber.append(-2.2250738585072014e-308, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-2.2250738585072014e-308")
        #expect(bytes.count <= ShortestDouble.maximumLength)
    }
}
