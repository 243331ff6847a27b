import JSON
import Testing
@testable import Requests

/// ``RequestSettings``: the request-level options, declared once, read from JSON and flags through their
/// entries, each with its scope.
@Suite struct RequestSettingsTests {
    @Test func theCatalogDeclaresEachSettingOnceWithItsFlagAndScope() {
        let keys = RequestSettings.catalog.map(\.key)
        #expect(keys == ["fontsDir", "systemFonts", "timeLimit", "format", "ink", "strict"])
        #expect(RequestSettings.catalog.map(\.flag) == ["fonts-dir", "no-system-fonts", "time-limit", "format", "ink", "strict"])
        #expect(RequestSettings.catalog.map(\.isSwitch) == [false, true, false, false, true, true])
        #expect(keys.map { RequestSettings.scope(of: $0) } == [.engine, .engine, .engine, .request, .request, .request])
    }

    @Test func jsonIsReadThroughTheEntriesAndWrittenBackWithoutDefaults() throws {
        let s = try RequestSettings.decode(try JSONValue.parse(#"{"fontsDir":"f","systemFonts":false,"timeLimit":2.5,"format":"svg","ink":true,"strict":true}"#))
        #expect(s.fontsDir == "f" && !s.systemFonts && s.timeLimit == 2.5 && s.format == .svg && s.ink && s.strict)
        #expect(s.json.serialized() == #"{"fontsDir":"f","systemFonts":false,"timeLimit":2.5,"format":"svg","ink":true,"strict":true}"#)
        #expect(RequestSettings().json.serialized() == "{}")
    }

    @Test(arguments: [
        (#"{"timeLimt":2}"#, "timeLimt: unknown key (did you mean timeLimit?)"),
        (#"{"timeLimit":0}"#, "timeLimit: expected a number above 0 and at most 3600, got 0"),
        (#"{"timeLimit":1e999}"#, nil),
        (#"{"format":"gif"}"#, #"format: expected png|svg, got "gif""#),
        (#"{"ink":1}"#, "ink: expected true or false, got 1"),
        (#"{"fontsDir":""}"#, nil),
    ] as [(String, String?)])
    func badValuesNameTheKey(json: String, message: String?) {
        do {
            _ = try RequestSettings.decode(try JSONValue.parse(json))
            Issue.record("accepted \(json)")
        } catch {
            if let message { #expect(error.description == message) } else { #expect(!error.description.isEmpty) }
        }
    }

    @Test func aSwitchSetsTheValueOtherThanItsDefault() throws {
        var s = RequestSettings()
        for e in RequestSettings.catalog where e.isSwitch { try e.read(arguments: [""], into: &s) }
        #expect(!s.systemFonts && s.ink && s.strict)
        // Not given: unchanged.
        var t = RequestSettings()
        for e in RequestSettings.catalog where e.isSwitch { try e.read(arguments: [], into: &t) }
        #expect(t == RequestSettings())
    }
}
