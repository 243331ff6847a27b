import JSON
import Testing
@testable import Requests

/// The CSS font-matching keys of a run (`fontWeight`, `fontStretch`, `fontStyle`): their values, and
/// out-of-range values refused with the key and the value (SVG input clamps them with a warning instead).
@Suite struct FontMatchingKeysTests {
    func label(_ json: String) throws -> SceneLabel { try SceneJSON.decodeLabel(Array(json.utf8)) }

    @Test func valuesAsCSSWritesThem() throws {
        #expect(try label(#"{"fontWeight": 1}"#).style.fontWeight == 1)
        #expect(try label(#"{"fontWeight": "normal"}"#).style.fontWeight == 400)
        #expect(try label(#"{"fontStretch": 62.5}"#).style.fontStretch == 62.5)
        #expect(try label(#"{"fontStretch": "150%"}"#).style.fontStretch == 150)
        #expect(try label(#"{"fontStretch": "ultra-expanded"}"#).style.fontStretch == 200)
        #expect(try label(#"{"fontStyle": "italic"}"#).style.fontStyle == .italic)
        #expect(try label(#"{"fontStyle": "oblique"}"#).style.fontStyle == .oblique(angle: 14))
        #expect(try label(#"{"fontStyle": "oblique -20"}"#).style.fontStyle == .oblique(angle: -20))
        // A run's value over its label's.
        let runs = try label(#"{"fontWeight": 300, "runs": [{"text": "a"}, {"text": "b", "fontWeight": 900}]}"#)
        #expect(runs.runs?.map { $0.style.over(runs.style).fontWeight } == [300, 900])
    }

    @Test(arguments: [
        (#"{"fontWeight": 1500}"#, "fontWeight: expected a number from 1 to 1000, normal or bold, got 1500"),
        (#"{"fontWeight": 0}"#, "fontWeight: expected a number from 1 to 1000, normal or bold, got 0"),
        (#"{"fontWeight": "heavy"}"#, #"fontWeight: expected a number from 1 to 1000, normal or bold, got "heavy""#),
        (#"{"fontStretch": "49%"}"#, #"fontStretch: expected a percentage from 50% to 200%, or ultra-condensed|extra-condensed|condensed|semi-condensed|normal|semi-expanded|expanded|extra-expanded|ultra-expanded, got "49%""#),
        (#"{"fontStyle": "oblique 91deg"}"#, #"fontStyle: expected normal, italic, or oblique [ANGLE] (degrees from -90 to 90), got "oblique 91deg""#),
    ])
    func outOfRangeValuesNameTheKey(json: String, message: String) {
        do { _ = try label(json); Issue.record("accepted \(json)") } catch { #expect("\(error)" == message) }
    }
}
