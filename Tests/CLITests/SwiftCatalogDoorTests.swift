import JSON
import Testing
import Foundation
@testable import Requests
import PathText

/// Issue 22's cross-door walk, the Swift door: every label key of the catalog, set with its sample value
/// (and the context fixtures/doors/context.json gives it), decoded into the typed request and laid out by the
/// library in this process gives byte for byte the placements `pathtext layout --batch` prints for the same
/// request (python/tests/test_doors.py walks the CLI flags, scene files, C, Python and HTTP the same way).
@Suite struct SwiftCatalogDoorTests {
    static let base: [String: JSONValue] = ["text": .string("Every door"), "path": .string("M 20 200 C 120 40 280 360 380 200")]

    static func context() throws -> [String: JSONValue] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/fixtures/doors/context.json"))
        guard case .object(let members) = try JSONValue.parse(Array(bytes)) else { return [:] }
        return Dictionary(members.filter { !$0.key.hasPrefix("__") }.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// The request for `entry`: the base label, the key's context, then its sample.
    static func request(_ entry: OptionEntry<SceneLabel>, context: [String: JSONValue]) throws -> String? {
        guard let sample = entry.sample, entry.key != "shape" else { return nil }  // a shape needs a scene
        var members = base
        if case .object(let extra)? = context[entry.key] { for m in extra { members[m.key] = m.value } }
        if entry.key == "runs" { members["text"] = nil }
        members[entry.key] = sample
        let ordered = members.keys.sorted().map { JSONMember($0, members[$0]!) }
        return JSONValue.object(ordered).serialized()
    }

    @Test func everyKeyThroughTheSwiftAPIGivesTheCLIsPlacements() throws {
        let context = try Self.context()
        var requests: [String] = [], keys: [String] = []
        for entry in SceneLabel.catalog {
            guard let request = try Self.request(entry, context: context) else { continue }
            requests.append(request); keys.append(entry.key)
        }
        #expect(keys.count >= SceneLabel.catalog.count - 1, "every key but shape has a sample")
        let cli = try pathtext(["layout", "--batch", "--no-system-fonts"], stdin: requests.joined(separator: "\n") + "\n")
        #expect(cli.status == 0)
        let lines = String(decoding: cli.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == requests.count)
        let resolver = SceneResolver()
        resolver.systemFallback = false
        for (k, request) in requests.enumerated() where k < lines.count {
            let label = try SceneJSON.decodeLabel(Array(request.utf8))
            let placed = try resolver.resolve(label, index: 0).layout()
            let swift = PlacementsJSON.encode(placed, singleLine: true)
            // A system font's file may be reached through another folder by the test's Fontconfig set-up
            // (make test copies the fonts it allows): compare the files by name.
            func names(_ s: String) -> String { s.replacing(/"path":"[^"]*\/([^"\/]*)"/) { "\"path\":\"\($0.1)\"" } }
            #expect(names(swift) == names(lines[k] + "\n"), "\(keys[k])")
        }
    }
}
