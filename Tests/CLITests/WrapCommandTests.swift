import Testing
import Foundation

/// Labels on several lines through the command line: the flags, the placements JSON, the check.
@Suite struct WrapCommandTests {
    /// `--overflow shrink,wrap,ellipsis --min-size 30 --max-lines 2` sets a long label on two lines; the
    /// placements say so per label and per glyph, and the CLI warns with the `wrapped` code.
    @Test func layoutWithAChain() throws {
        let r = try pathtext(["layout", "--text", "show me the money today", "--path", "M 20 200 L 280 200", "--size", "40",
                              "--overflow", "shrink,wrap,ellipsis", "--min-size", "30", "--max-lines", "2", "--line-height", "50",
                              "--no-system-fonts"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: wrapped: the label is set on 2 lines"))
        let o = try #require(try json(r.stdout) as? [String: Any])
        let label = try #require((o["labels"] as? [[String: Any]])?.first)
        #expect(label["lines"] as? Int == 2)
        let glyphs = try #require(label["glyphs"] as? [[String: Any]])
        let lines = glyphs.compactMap { $0["line"] as? Int }
        #expect(lines.count == glyphs.count && Set(lines) == [0, 1])
        // The last line on the path (y 200), the first 50 px above it.
        for g in glyphs {
            let y = try #require(g["y"] as? Double), line = try #require(g["line"] as? Int)
            #expect(abs(y - (200 - Double(1 - line) * 50)) < 1e-9)
        }
        // A bad chain is a bad command line (exit 2), naming the option.
        let bad = try pathtext(["layout", "--text", "x", "--path", "M 0 0 L 10 0", "--overflow", "wrap,squeeze"])
        #expect(bad.status == 2 && bad.stderr.contains("--overflow"))
        let zero = try pathtext(["layout", "--text", "x", "--path", "M 0 0 L 10 0", "--max-lines", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--max-lines"))
    }

    /// `pathtext check` with a scene whose top label wraps: the table says "wrapped (2 lines)".
    @Test func checkReportsWrappedLabels() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wrapcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var scene = try String(contentsOfFile: packageRoot + "/fixtures/scenes/dial.json", encoding: .utf8)
        // The top label (the first "overflow" : "shrink") gets the chain.
        let range = try #require(scene.range(of: #""overflow" : "shrink""#))
        scene.replaceSubrange(range, with: #""overflow" : ["shrink", "wrap", "ellipsis"]"#)
        try scene.write(to: dir.appendingPathComponent("dial.json"), atomically: true, encoding: .utf8)
        try "locale,ACCOUNT BALANCE\nde,VERFÜGBARER KONTOSTAND HEUTE UND MORGEN\n".write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let r = try pathtext(["check", dir.appendingPathComponent("dial.json").path, "--strings", dir.appendingPathComponent("s.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").contains { $0.hasPrefix("de ") && $0.contains("#0") && $0.contains("wrapped (2 lines)") })
        let failing = try pathtext(["check", dir.appendingPathComponent("dial.json").path, "--strings", dir.appendingPathComponent("s.csv").path,
                                    "--fail-on", "wrapped"])
        #expect(failing.status == 1)
    }
}
