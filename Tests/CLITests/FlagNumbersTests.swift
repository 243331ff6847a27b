import Foundation
import Testing
import TestSupport

/// Issue #38, "numbers everywhere", through the CLI: every flag whose value is a number (label keys, runs'
/// keys, the request settings, the canvas), read from the catalog the binary prints, given every extreme
/// spelling. Each is a usage error naming the flag (exit 2) or a bounded answer (exit 0, or 1 with a
/// message), never a trap or a hang.
@Suite struct FlagNumbersTests {
    static let extremes = ["1e308", "-1e308", "1e-320", "-0", "9007199254740993", "123456789012345678901234567890",
                           "1e400", "0x10", "NaN", "Infinity"]

    /// (flag, how a value is spelt from a number, the command) of every numeric flag in the catalog.
    static func numericFlags() throws -> [(flag: String, spell: (String) -> String, command: String)] {
        let r = try pathtext(["help", "options", "--json"])
        let catalog = try #require(try json(r.stdout) as? [String: Any])
        var out: [(String, (String) -> String, String)] = []
        for (group, command) in [("label", "layout"), ("settings", "layout"), ("scene", "render")] {
            for row in try #require(catalog[group] as? [[String: Any]]) {
                guard let flag = row["flag"] as? String else { continue }
                let type = (row["schema"] as? [String: Any])?["type"] as? String
                switch row["sample"] {
                case is NSNumber where type == "number" || type == "integer":
                    out.append((flag, { $0 }, command))
                case let list as [Any] where list.allSatisfy({ $0 is NSNumber }):
                    out.append((flag, { "\($0),\($0)" }, command))
                case let s as String where s.hasSuffix("%") && Double(s.dropLast()) != nil:
                    out.append((flag, { $0 + "%" }, command))
                default: continue
                }
            }
        }
        return out
    }

    @Test func everyNumericFlagWithEveryExtremeIsAnErrorOrBounded() throws {
        let flags = try Self.numericFlags()
        // The catalog's numeric flags (a door that lost one, or a catalog that stopped marking them, fails).
        for expected in ["size", "letter-spacing", "max-lines", "halo-width", "dx", "offset", "font-stretch", "time-limit", "width"] {
            #expect(flags.contains { $0.flag == expected }, "no numeric flag --\(expected)")
        }
        let out = NSTemporaryDirectory() + "flag-numbers-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        for (flag, spell, command) in flags {
            for v in Self.extremes {
                var words = command == "render" ? ["render", "--text", "A", "--path", "M0 50 L100 50", "--out", out]
                                                : ["layout", "--text", "A", "--path", "M0 50 L100 50"]
                if command == "render", flag != "width", flag != "height" { words += ["--width", "120", "--height", "80"] }
                words += ["--" + flag, spell(v)]
                let r = try pathtext(words, environment: ["PATHTEXT_FONTS": packageRoot + "/Fonts"])
                let what = "--\(flag) \(spell(v))"
                #expect([0, 1, 2].contains(r.status), "\(what): status \(r.status) \(r.stderr.prefix(300))")
                if r.status == 2 { #expect(r.stderr.contains("--\(flag)"), "\(what): the usage error does not name the flag: \(r.stderr)") }
                if r.status == 1 { #expect(!r.stderr.isEmpty, "\(what): failed without a message") }
                if ["0x10", "NaN", "Infinity", "1e400", "1e-320"].contains(v) {
                    #expect(r.status == 2, "\(what): not a number in JSON's grammar (or subnormal), accepted with \(r.status)")
                }
                if r.status == 0, command == "layout" {
                    let text = r.stdout
                    #expect(!text.contains("nan") && !text.contains("inf"), "\(what): \(text.prefix(200))")
                }
            }
        }
    }
}
