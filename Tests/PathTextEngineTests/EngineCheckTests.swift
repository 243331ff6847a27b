import Testing
import Foundation
import PathTextEngine

/// `Engine.checkJSON` (`pt_check_json`, Python's `pathtext.check`): a scene in every locale of a string table.
@Suite struct EngineCheckTests {
    static let scene = #"{"width": 400, "height": 100, "labels": [{"text": "Welcome", "path": "M 20 60 L 280 60", "size": 40, "overflow": "shrink", "minSize": 20}]}"#

    /// The results of a check request, decoded.
    func results(_ engine: Engine, _ request: String) throws -> [[String: Any]] {
        let reply = try JSONSerialization.jsonObject(with: Data(try engine.checkJSON(request).utf8)) as? [String: Any]
        return try #require(reply?["results"] as? [[String: Any]])
    }

    @Test func eachLocaleGetsItsResult() throws {
        let engine = try Engine()
        let rows = try results(engine, #"{"scene": \#(Self.scene), "shippedFontsOnly": true, "strings": {"de": {"Welcome": "Herzlich willkommen"}, "ja": {"labels[0]": "ようこそ"}, "fi": {"Goodbye": "Näkemiin"}}}"#)
        try #require(rows.map { $0["locale"] as? String } == ["de", "ja", "fi"])
        #expect(rows[0]["result"] as? String == "shrunk")
        let size = try #require(rows[0]["size"] as? Double)
        #expect(size > 20 && size < 40, "German shrinks below 40 px: \(size)")
        #expect(rows[1]["missing"] as? [String] == ["U+3088", "U+3046", "U+3053", "U+305D"])
        // A locale without this label's key keeps its text.
        #expect(rows[2]["text"] as? String == "Welcome" && rows[2]["result"] as? String == "fits")
    }

    @Test func aFileOfTranslationsIsReadOnlyWhereFilesMayBe() throws {
        let file = packageRoot + "/examples/check/welcome.csv"
        let request = #"{"scene": \#(Self.scene), "stringsFile": "\#(file)", "shippedFontsOnly": true}"#
        #expect(try results(try Engine(), request).count == 5)
        let server = try Engine(allowFontPaths: false)
        #expect(throws: EngineError("stringsFile: this engine reads no files: give the translations as strings")) {
            try server.checkJSON(request)
        }
    }

    @Test(arguments: [
        (#"[]"#, "expected an object with scene and strings, got a list"),
        (#"{"strings": {}}"#, "scene: required"),
        (#"{"scene": {"width": 10, "height": 10}}"#, "strings: required (or stringsFile)"),
        (#"{"scene": {"width": 10, "height": 10}, "strings": [], "x": 1}"#,
         "strings: expected an object of locales, each an object of key: text, got a list"),
        (#"{"scene": {"width": 10, "height": 10}, "strings": {}, "shipped": true}"#,
         "shipped: unknown key (expected scene, strings, stringsFile, shippedFontsOnly)"),
        (#"{"scene": {"width": 0, "height": 10}, "strings": {}}"#, "scene: width: expected a whole number from 1 to 1000000, got 0"),
    ])
    func aBadRequestIsNamed(request: String, message: String) throws {
        #expect(throws: EngineError(message)) { try Engine().checkJSON(request) }
    }
}
