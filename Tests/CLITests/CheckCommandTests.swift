import Testing
import Foundation

/// `pathtext check` through the real door.
@Suite struct CheckCommandTests {
    let scene = packageRoot + "/fixtures/scenes/dial.json"
    let strings = packageRoot + "/fixtures/l10n/dial.csv"

    @Test func theTableHasARowPerLocaleAndLabel() throws {
        let r = try pathtext(["check", scene, "--strings", strings])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("locale") == true)
        #expect(lines.count == 1 + 31 * 4 + 1)
        #expect(lines.contains { $0.hasPrefix("de ") && $0.contains("KONTOSTAND") && $0.contains("fits") })
        #expect(lines.last?.hasPrefix("124 labels in 31 locales") == true)
    }

    /// With shipped fonts only, CJK reports its missing code points; --fail-on missing exits 1.
    @Test func shippedFontsOnlyJSONAndFailOn() throws {
        let r = try pathtext(["check", scene, "--strings", strings, "--shipped-fonts-only", "--json", "--fail-on", "missing"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("fail --fail-on missing"))
        let o = try #require(try json(r.stdout) as? [String: Any])
        let results = try #require(o["results"] as? [[String: Any]])
        #expect(results.count == 124)
        func row(_ locale: String, _ label: Int) -> [String: Any]? {
            results.first { $0["locale"] as? String == locale && $0["label"] as? Int == label }
        }
        #expect(row("ja", 0)?["missing"] as? [String] == ["U+53E3", "U+5EA7", "U+6B8B", "U+9AD8"])
        #expect(row("ko", 0)?["missing"] as? [String] == ["U+ACC4", "U+C88C", "U+C794", "U+C561"])
        #expect(row("zh-Hans", 0)?["missing"] as? [String] == ["U+8D26", "U+6237", "U+4F59", "U+989D"])
        let codes = (row("ja", 0)?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("missing-glyph"))
        #expect((row("ar", 0)?["issues"] as? [String] ?? []).contains("spacing"))
        // Without --fail-on, the same check exits 0.
        #expect(try pathtext(["check", scene, "--strings", strings, "--shipped-fonts-only", "--json"]).status == 0)
    }

    @Test func theContactSheet() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-sheet-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try pathtext(["check", scene, "--strings", strings, "--sheet", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(files.count == 31 + 2 && files.contains("grid.png") && files.contains("index.html") && files.contains("zh-Hans.png"))
        let page = try String(contentsOfFile: dir + "/index.html", encoding: .utf8)
        #expect(page.contains("<img src=\"grid.png\"") && page.contains("KONTOSTAND"))
    }

    @Test func badCommandLinesAndInputs() throws {
        #expect(try pathtext(["check", scene]).status == 2)
        #expect(try pathtext(["check", scene, "--strings", strings, "--fail-on", "overflowz"]).status == 2)
        let missing = try pathtext(["check", scene, "--strings", "/nonexistent/x.csv"])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read the file"))
    }
}
