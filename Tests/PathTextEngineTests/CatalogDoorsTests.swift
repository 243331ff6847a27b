import JSON
import CPathText
import Foundation
import PathText
import Testing
@testable import PathTextEngine
@testable import PathTextC
import TestSupport

/// The package's top folder.
let packageRoot = PackagePaths.root

/// The command-line text of a sample: words as they are, numbers shortest, lists joined by commas (a
/// repeatable flag gives one word per value).
func flagWords(_ sample: JSONValue, repeatable: Bool) -> [String] {
    switch sample {
    case .string(let s): return [s]
    case .number(let v): return [MessageText.number(v)]
    case .bool(let b): return [b ? "true" : "false"]
    case .array(let items):
        let words = items.flatMap { flagWords($0, repeatable: false) }
        return repeatable ? words : [words.joined(separator: ",")]
    default: return [sample.serialized()]
    }
}

/// Every label option through the catalog's doors that do not need a process: the catalog JSON, the request
/// schema, the header's key list and the C options API (JSON and flag text), against the JSON request.
@Suite struct CatalogDoorsTests {
    let engine = try! Engine(fontsDir: fontsDir)
    static let base = #"{"text":"Every door","path":"M 20 200 C 120 40 280 360 380 200"}"#
    static let context: JSONValue = {
        let path = packageRoot + "/fixtures/doors/context.json"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let v = try? JSONValue.parse(text) else { return .object([]) }
        return v
    }()

    @Test func theHeaderListsEveryCatalogKeyInOrder() throws {
        let header = try String(contentsOfFile: packageRoot + "/Sources/System/CPathText/include/pathtext.h", encoding: .utf8)
        let begin = try #require(header.range(of: "PT_KEYS_BEGIN")), end = try #require(header.range(of: "PT_KEYS_END"))
        let listed = header[begin.upperBound..<end.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "*" }).map(String.init)
        #expect(listed == SceneLabel.catalog.map(\.key))
    }

    @Test func theCommittedRequestSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOfFile: packageRoot + "/schema/request.schema.json", encoding: .utf8)
        #expect(committed == OptionCatalogJSON.requestSchemaText, "regenerate it: pathtext help options --schema > schema/request.schema.json")
    }

    @Test func everyLabelOptionHasASampleTheCatalogReadsAndAGroup() throws {
        let groups = Set(OptionCatalogJSON.groups.map(\.id))
        for (e, g) in zip(SceneLabel.catalog, OptionCatalogJSON.groupOfLabelKeys()) {
            #expect(g.key == e.key && groups.contains(g.group))
            let sample = try #require(e.sample, "\(e.key) has no sample")
            var label = SceneLabel()
            #expect(throws: Never.self, "\(e.key)") { try e.read(sample, into: &label) }
            if e.flag != nil {
                var fromText = SceneLabel()
                #expect(throws: Never.self, "--\(e.flag!)") { try e.read(arguments: flagWords(sample, repeatable: e.repeatable), into: &fromText) }
                #expect(SceneJSON.json(of: fromText) == SceneJSON.json(of: label), "\(e.key): the flag's text and the JSON sample disagree")
            }
        }
        // Every group has options.
        #expect(Set(OptionCatalogJSON.groupOfLabelKeys().map(\.group)) == groups)
    }

    @Test func theCatalogJSONIsWhatTheCLibraryServes() throws {
        let text = String(cString: try #require(pt_options_catalog_json()))
        #expect(text == OptionCatalogJSON.text)
        let value = try JSONValue.parse(text)
        guard case .array(let rows)? = value["label"] else { Issue.record("no label rows"); return }
        #expect(rows.compactMap { if case .string(let k)? = $0["key"] { k } else { nil } } == SceneLabel.catalog.map(\.key))
        let align = try #require(rows.first { $0["key"] == .string("align") })
        #expect(align["group"] == .string("placement") && align["default"] == .string("start") && align["sample"] == .string("center"))
        #expect(align["schema"]?["enum"] != nil)
        guard case .array(let runKeys)? = value["run"] else { Issue.record("no run rows"); return }
        #expect(runKeys.count == SceneRun.catalog.count)
    }

    /// The C door: every key set with its sample, as JSON and as the flag's text, gives the placements of the
    /// JSON request with that key.
    @Test func everyKeyThroughPtOptionsGivesTheJSONRequestsPlacements() throws {
        let e = Unmanaged.passUnretained(engine).toOpaque()
        for entry in SceneLabel.catalog where entry.key != "shape" {
            let sample = try #require(entry.sample)
            guard case .object(var members) = try JSONValue.parse(Self.base) else { return }
            // What the sample needs beside it (fixtures/doors/context.json), replacing the base's keys.
            if case .object(let context)? = Self.context[entry.key] {
                members = members.filter { m in !context.contains { $0.key == m.key } } + context
            }
            members = members.filter { !(entry.key == "runs" && $0.key == "text") && $0.key != entry.key }
            members.append(JSONMember(entry.key, sample))
            let request = JSONValue.object(members).serialized()
            let expected: String
            do { expected = try engine.layoutJSON(request) } catch {
                Issue.record("\(entry.key): the JSON request fails: \(error)"); continue
            }
            var forms: [[String]] = [[sample.serialized()]]
            if entry.flag != nil { forms.append(flagWords(sample, repeatable: entry.repeatable)) }
            for words in forms {
                let o = try #require(pt_options_new())
                defer { pt_options_free(o) }
                var error: UnsafeMutablePointer<CChar>? = nil
                for member in members where member.key != entry.key {
                    #expect(pt_options_set(o, member.key, member.value.serialized(), &error) == PT_OK)
                }
                for (k, w) in words.enumerated() {
                    let status = k == 0 ? pt_options_set(o, entry.key, w, &error) : pt_options_add(o, entry.key, w, &error)
                    #expect(status == PT_OK, "\(entry.key) = \(w): \(error.map { String(cString: $0) } ?? "")")
                    pt_free(error); error = nil
                }
                var json: UnsafeMutablePointer<CChar>? = nil
                let status = pt_layout_options_json(OpaquePointer(e), nil, nil, o, &json, &error)
                #expect(status == PT_OK, "\(entry.key): \(error.map { String(cString: $0) } ?? "")")
                #expect(json.map { String(cString: $0) } == expected, "\(entry.key) given as \(words)")
                pt_free(json); pt_free(error); error = nil
                // The typed call (twice: the second reuses the resolved style) places the same glyphs.
                for _ in 0..<2 {
                    var glyphs: UnsafeMutablePointer<pt_glyph>? = nil
                    var count = 0
                    #expect(pt_layout(OpaquePointer(e), nil, nil, o, nil, &glyphs, &count, &error) == PT_OK, "\(entry.key): pt_layout")
                    let placed = (try? engine.layout(request)) ?? []
                    let direct = placed.flatMap(\.glyphs)
                    #expect(count == direct.count, "\(entry.key): pt_layout's glyphs")
                    for (k, d) in direct.enumerated() where k < count {
                        let g = glyphs![k]
                        #expect(g.glyph == d.glyph && Int(g.cluster) == d.cluster && g.x == d.origin.x && g.y == d.origin.y
                                && g.size == d.size && g.transform.4 == d.transform.e, "\(entry.key): glyph \(k)")
                    }
                    pt_free(glyphs); pt_free(error); error = nil
                }
            }
        }
    }

    @Test func badKeysAndValuesAreRefusedWithTheKeyAndTheNearestKey() throws {
        let o = try #require(pt_options_new())
        defer { pt_options_free(o) }
        var error: UnsafeMutablePointer<CChar>? = nil
        func message() -> String { defer { pt_free(error); error = nil }; return error.map { String(cString: $0) } ?? "" }
        #expect(pt_options_set(o, "haloWidht", "3", &error) == PT_EINVAL)
        #expect(message() == "unknown key haloWidht (did you mean haloWidth?)")
        #expect(pt_options_set(o, "haloWidth", "-1", &error) == PT_EINVAL)
        #expect(message() == "haloWidth: expected a number from 0 to 1000, got \"-1\"")
        #expect(pt_options_set(o, "dx", "[1, \"a\"]", &error) == PT_EINVAL)
        #expect(message().hasPrefix("dx[1]: expected a number"))
        #expect(pt_options_set(o, "runs", "[{\"text\": 3}]", &error) == PT_EINVAL)
        #expect(message().hasPrefix("runs[0].text: expected a string"))
        // A refused value leaves the options as they were; NULL restores the default.
        #expect(pt_options_set(o, "size", "20", &error) == PT_OK)
        #expect(pt_options_set(o, "size", "big", &error) == PT_EINVAL); _ = message()
        var json: UnsafeMutablePointer<CChar>? = nil
        #expect(pt_options_json(o, &json, &error) == PT_OK && String(cString: json!) == #"{"size":20}"#); pt_free(json)
        #expect(pt_options_set(o, "size", nil, &error) == PT_OK)
        #expect(pt_options_json(o, &json, &error) == PT_OK && String(cString: json!) == "{}"); pt_free(json)
    }

    /// `pt_layout`'s `path_data` is read by the catalog's `path` entry: the same syntax and the same
    /// message as the `path` key of a JSON request; and options are read once at use, as set.
    @Test func ptLayoutReadsPathDataAsTheCatalogDoes() throws {
        let e = Unmanaged.passUnretained(engine).toOpaque()
        let o = try #require(pt_options_new())
        defer { pt_options_free(o) }
        var error: UnsafeMutablePointer<CChar>? = nil
        var glyphs: UnsafeMutablePointer<pt_glyph>? = nil
        var count = 0
        for bad in ["M 0 0 L 10", "M 0 0 Q 1 2 3", "X 1 2"] {
            #expect(pt_layout(OpaquePointer(e), "Hi", bad, o, nil, &glyphs, &count, &error) == PT_EINVAL)
            let c = error.map { String(cString: $0) } ?? ""
            pt_free(error); error = nil
            var jsonMessage = ""
            do { _ = try engine.layout(#"{"text":"Hi","path":"\#(bad)"}"#) } catch { jsonMessage = error.message }
            #expect(!c.isEmpty && c == jsonMessage, "\(bad): pt_layout says \(c), JSON says \(jsonMessage)")
        }
        // Many keys set one by one, then used: the label is what the JSON of the same keys gives.
        for (key, value) in [("size", "20"), ("align", "center"), ("letterSpacing", "1.5"), ("color", "#ff0000"), ("size", "24")] {
            #expect(pt_options_set(o, key, value, &error) == PT_OK)
        }
        #expect(pt_layout(OpaquePointer(e), "Hi", "M 0 0 L 300 0", o, nil, &glyphs, &count, &error) == PT_OK)
        let typed = (0..<count).map { glyphs![$0].x }
        pt_free(glyphs)
        let viaJSON = try engine.layout(##"{"text":"Hi","path":"M 0 0 L 300 0","size":24,"align":"center","letterSpacing":1.5,"color":"#ff0000"}"##)
        #expect(typed == viaJSON[0].glyphs.map(\.origin.x))
    }

    @Test func withoutSystemFontsMissingCharactersAreNotdefWithTheirCodePoints() throws {
        let isolated = try Engine(fontsDir: fontsDir, systemFonts: false)
        let placed = try isolated.layout(#"{"text":"東京","path":"M0 0 L300 0"}"#)
        #expect(placed[0].glyphs.map(\.glyph) == [0, 0])
        // pt_layout's pt_label carries them: codes, clusters, code points and the font whose .notdef is drawn.
        let records = placed[0].diagnosticRecords
        #expect(records.map(\.code) == [.missingGlyph, .missingGlyph])
        let block = try #require(CLayout.pack(records))
        defer { pt_free(block) }
        #expect((0..<2).map { String(cString: block[$0].code) } == ["missing-glyph", "missing-glyph"])
        #expect((0..<2).map { block[$0].code_points[0] } == [0x6771, 0x4EAC])
        #expect((0..<2).map { block[$0].clusters[0] } == [0, 3])
        #expect((0..<2).map { String(cString: block[$0].font) } == ["NotoSans-Regular.ttf", "NotoSans-Regular.ttf"])
        // With system fonts, Japanese comes from a system font (IPAex Gothic is installed by scripts/install-deps).
        let withSystem = try engine.layout(#"{"text":"東京","path":"M0 0 L300 0"}"#)
        #expect(withSystem[0].glyphs.allSatisfy { $0.glyph != 0 })
    }
}
