import Testing
import Foundation

/// `--run` groups build an attributed label on the command line: run flags after a `--run` apply to it,
/// those before the first `--run` to every run.
@Suite struct RunFlagsTests {
    func glyphs(_ arguments: [String]) throws -> [[String: Any]] {
        let r = try pathtext(["layout"] + arguments)
        try #require(r.status == 0, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let labels = try #require(root["labels"] as? [[String: Any]])
        return try #require(labels.first?["glyphs"] as? [[String: Any]])
    }

    @Test func eachRunTakesTheFlagsThatFollowIt() throws {
        let g = try glyphs(["--size", "40", "--run", "ab", "--color", "#ff0000", "--run", "c", "--size", "20",
                            "--path", "M 0 100 L 400 100"])
        #expect(g.map { $0["size"] as? Double } == [40, 40, 20])
        #expect(g.map { $0["color"] as? String } == ["#ff0000", "#ff0000", "#000000"])
        // One line of text: each glyph starts where the previous one ends.
        for k in 1..<g.count {
            let x0 = try #require(g[k - 1]["x"] as? Double), a = try #require(g[k - 1]["advance"] as? Double)
            #expect(abs((g[k]["x"] as? Double ?? 0) - (x0 + a)) < 1e-3)
        }
    }

    /// The same label from a scene file's runs places the same glyphs.
    @Test func runsMatchTheSceneFileRuns() throws {
        let dir = NSTemporaryDirectory() + "pathtext-runs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = """
            {"width": 400, "height": 200, "labels": [{"path": "M 0 100 L 400 100", "size": 30,
              "runs": [{"text": "Big", "size": 50, "color": "#0000ff"}, {"text": " small"}]}]}
            """
        try scene.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = try pathtext(["render", dir + "/s.json", "--out", dir + "/s.png", "--json", "-"])
        try #require(r.status == 0, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let fromScene = try #require((root["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        let fromFlags = try glyphs(["--size", "30", "--run", "Big", "--size", "50", "--color", "#0000ff", "--run", " small",
                                    "--path", "M 0 100 L 400 100"])
        #expect(fromFlags.count == fromScene.count)
        for (a, b) in zip(fromFlags, fromScene) {
            #expect(a["glyph"] as? Int == b["glyph"] as? Int && a["size"] as? Double == b["size"] as? Double)
            #expect(abs((a["x"] as? Double ?? 0) - (b["x"] as? Double ?? 1)) < 1e-6)
        }
    }

    @Test func textAndRunsTogetherAreAUsageError() throws {
        let r = try pathtext(["layout", "--text", "a", "--run", "b", "--path", "M 0 0 L 100 0"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--text or --run"))
    }
}
