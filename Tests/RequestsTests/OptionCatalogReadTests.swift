import JSON
import Testing
@testable import Requests

/// `OptionCatalog.read`, which reads every request object (labels, runs, shapes, scenes) through its
/// catalog. With several problems in one object the one reported is:
/// 1. the first unknown key in the order the request gives them, before any value is read;
/// 2. else the first bad value in the catalog's order (``SceneLabel/catalog``: text, runs, path, shape,
///    the style options, then the layout options, as `pathtext help options` lists them), whatever order
///    the request gives them in, because options that refine another (`minSize` after `overflow`) are
///    read after it.
/// A key whose value is `null` counts as absent.
@Suite struct OptionCatalogReadTests {
    static func failure(_ json: String) -> JSONError? {
        do {
            var label = SceneLabel()
            try OptionCatalog.read(try JSONValue.parse(json), into: &label, entries: SceneLabel.catalog, at: "")
            return nil
        } catch { return error }
    }

    static func position(_ key: String) -> Int { SceneLabel.catalog.firstIndex { $0.key == key }! }

    @Test func unknownKeysNameTheNearestKnownOne() {
        #expect(Self.failure(#"{"text": "a", "colour": "red"}"#) == JSONError("colour", "unknown key (did you mean color?)"))
        #expect(Self.failure(#"{"Size": 3}"#) == JSONError("Size", "unknown key (did you mean size?)"))
        #expect(Self.failure(#"{"letterspacing": 3}"#) == JSONError("letterspacing", "unknown key (did you mean letterSpacing?)"))
        #expect(Self.failure(#"{"zzzzzz": 3}"#) == JSONError("zzzzzz", "unknown key"))
        // A short key is one edit from its suggestion at most (two edits make "k0" into "dx").
        #expect(Self.failure(#"{"k0": 3}"#) == JSONError("k0", "unknown key"))
        #expect(Self.failure(#"{"dz": 3}"#) == JSONError("dz", "unknown key (did you mean dx?)"))
        #expect(Self.failure(#"{"DY": 3}"#) == JSONError("DY", "unknown key (did you mean dy?)"))
        // Shown escaped and shortened; a long key has no near one.
        #expect(Self.failure(#"{"a\nb": 1}"#) == JSONError("a\\nb", "unknown key"))
        let long = String(repeating: "size", count: 30)
        #expect(Self.failure(#"{"\#(long)": 1}"#) == JSONError(String(long.prefix(39)) + "…", "unknown key"))
        // Inside runs: the run's path.
        #expect(Self.failure(#"{"runs": [{"text": "a"}, {"text": "b", "colour": "red"}]}"#)
                == JSONError("runs[1].colour", "unknown key (did you mean color?)"))
    }

    @Test func wrongTypesSayWhatWasExpectedAndGiven() {
        let cases: [(String, JSONError)] = [
            (#"{"text": 5}"#, JSONError("text", "expected a string, got 5")),
            (#"{"size": "big"}"#, JSONError("size", "expected a number above 0 and at most 10000, got \"big\"")),
            (#"{"size": -3}"#, JSONError("size", "expected a number above 0 and at most 10000, got -3")),
            (#"{"size": [12]}"#, JSONError("size", "expected a number above 0 and at most 10000, got a list")),
            (#"{"align": "middle-ish"}"#, JSONError("align", "expected start|center|end, got \"middle-ish\"")),
            (#"{"align": true}"#, JSONError("align", "expected start|center|end, got true")),
            (#"{"embeddedFonts": "yes"}"#, JSONError("embeddedFonts", "expected true or false, got \"yes\"")),
            (#"{"runs": [{"text": "a", "size": {}}]}"#, JSONError("runs[0].size", "expected a number above 0 and at most 10000, got an object")),
            (#"{"runs": {"text": "a"}}"#, JSONError("runs", "expected a list, got an object")),
            (#"{"dx": [1, "2"]}"#, JSONError("dx[1]", "expected a number from -1000000000 to 1000000000, got \"2\"")),
        ]
        for (json, error) in cases { #expect(Self.failure(json) == error, "\(json)") }
        #expect(Self.failure("[]") == JSONError("", "expected an object, got a list"))
        #expect(Self.failure("3.5") == JSONError("", "expected an object, got 3.5"))
    }

    @Test func anUnknownKeyIsReportedBeforeAnyBadValue() {
        // Wherever it is in the request.
        #expect(Self.failure(#"{"size": "big", "colour": "red"}"#)?.path == "colour")
        #expect(Self.failure(#"{"colour": "red", "size": "big"}"#)?.path == "colour")
        #expect(Self.failure(#"{"size": "big", "align": "x", "colour": "red", "zzzzzz": 1}"#)?.path == "colour")
        // Of two unknown keys, the first given.
        #expect(Self.failure(#"{"text": "a", "zzzzzz": 1, "colour": 2}"#)?.path == "zzzzzz")
    }

    @Test func badValuesAreReportedInTheCatalogsOrder() {
        // size (a style option) comes before align (a layout option) in the catalog, and text before both.
        #expect(Self.position("text") < Self.position("size") && Self.position("size") < Self.position("align"))
        #expect(Self.failure(#"{"align": "x", "size": "big"}"#)?.path == "size")
        #expect(Self.failure(#"{"size": "big", "align": "x"}"#)?.path == "size")
        #expect(Self.failure(#"{"align": "x", "size": "big", "text": 5}"#)?.path == "text")
        #expect(Self.position("overflow") < Self.position("minSize"))
        #expect(Self.failure(#"{"minSize": -1, "overflow": "squeeze"}"#)?.path == "overflow")
        // Every pair of the catalog's keys, each given a value no option accepts, in both orders: the
        // earlier entry is the one reported.
        let keys = SceneLabel.catalog.map(\.key)
        let bad = #"{"not": "a value of any option"}"#
        var pairs = 0, n = 0
        for (i, a) in keys.enumerated() {
            for b in keys[(i + 1)...] {
                n += 1
                guard n % 5 == 0 || a == "text" || b == "blend" else { continue }
                #expect(Self.failure("{\"\(a)\": \(bad), \"\(b)\": \(bad)}")?.path.hasPrefix(a) == true, "\(a), \(b)")
                #expect(Self.failure("{\"\(b)\": \(bad), \"\(a)\": \(bad)}")?.path.hasPrefix(a) == true, "\(b), \(a)")
                pairs += 1
            }
        }
        #expect(pairs > 200)
    }

    @Test func nullIsTheSameAsLeavingTheKeyOut() throws {
        var label = SceneLabel()
        try OptionCatalog.read(try JSONValue.parse(#"{"text": "a", "size": null, "align": null, "runs": null}"#),
                               into: &label, entries: SceneLabel.catalog, at: "")
        #expect(label.text == "a" && label.runs == nil && label.style.size == nil)
        #expect(OptionCatalog.write(label, entries: SceneLabel.catalog) == .object([JSONMember("text", .string("a"))]))
        // A built value with a key twice (the parser refuses that in text) reads its first value.
        var twice = SceneLabel()
        try OptionCatalog.read(.object([JSONMember("text", .string("first")), JSONMember("text", .number(3))]),
                               into: &twice, entries: SceneLabel.catalog, at: "labels[4]")
        #expect(twice.text == "first")
        #expect(throws: JSONError("labels[4].size", "expected a number above 0 and at most 10000, got 0")) {
            var l = SceneLabel()
            try OptionCatalog.read(.object([JSONMember("size", .number(0))]), into: &l, entries: SceneLabel.catalog, at: "labels[4]")
        }
    }
}
