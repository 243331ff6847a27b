import CPathText
import Foundation
import PathText
import Testing
@testable import PathTextEngine
@testable import PathTextC

/// Issue #27 item 15: `pt_layout` accepted values the JSON door refuses (letter spacing or offset ±1e300, an
/// offset of 1e7 %, max_angle 181 or 1e300, dy −1e300, a stretch length of 1e300) and returned PT_OK with no
/// glyphs or y = 1e300. The C options are read through the catalog, so they take exactly its ranges.
@Suite struct TypedRangeTests {
    static let cases: [(key: String, value: String)] = [
        ("letterSpacing", "1e300"), ("letterSpacing", "-1e300"), ("offset", "1e300"), ("offset", "-1e300"),
        ("offset", "\"10000000%\""), ("maxAngle", "181"), ("maxAngle", "1e300"), ("dy", "-1e300"), ("length", "1e300"),
    ]

    /// Through the C library's options: pt_options_set refuses each, naming the key; pt_layout never sees it.
    @Test(arguments: cases)
    func theCOptionsRefuseWhatJSONRefuses(key: String, value: String) throws {
        let o = try #require(pt_options_new())
        defer { pt_options_free(o) }
        var error: UnsafeMutablePointer<CChar>? = nil
        #expect(pt_options_set(o, key, value, &error) == PT_EINVAL)
        let message = error.map { String(cString: $0) } ?? ""
        pt_free(error)
        #expect(message.hasPrefix(key + ": expected"), "\(message)")
        // The same value in a JSON request is refused with the same words.
        let engine = try Engine()
        #expect(throws: EngineError.self) { try engine.layoutJSON(#"{"text":"A","path":"M0 0 L90 0","\#(key)":\#(value)}"#) }
    }
}
