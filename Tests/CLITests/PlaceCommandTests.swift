import Foundation
import Testing
import PathText

/// `pathtext place`: the must-show command of issue #24, end to end through the binary.
@Suite struct PlaceCommandTests {
    func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "pathtext-place-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func placesTheHelsinkiRoadsAndWritesTheMapAndTheJSON() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try pathtext(["place", packageRoot + "/fixtures/osm/helsinki-roads.json", "--out", dir + "/map.png", "--json", dir + "/placed.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("placed "))
        let canvas = try RasterCanvas(pngData: Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/map.png"))))
        #expect(canvas.width == 883 && canvas.height == 1433)  // the roads' 851 × 1401 px and a 16 px margin
        let reply = try #require(try json(String(contentsOfFile: dir + "/placed.json", encoding: .utf8)) as? [String: Any])
        let labels = try #require(reply["labels"] as? [[String: Any]])
        let placed = try #require(reply["placed"] as? [[String: Any]])
        #expect(labels.count == placed.count && placed.count >= 60)
        #expect(Set(placed.compactMap { $0["text"] as? String }).count >= 54)
        // The checker on what the command wrote: no two labels' glyph ink boxes overlap.
        var boxes: [(Int, [Point])] = []
        for (k, label) in labels.enumerated() {
            for g in label["glyphs"] as? [[String: Any]] ?? [] {
                let ink = (g["ink"] as? [[Double]] ?? []).map { Point($0[0], $0[1]) }
                if ink.count == 4, ink[0] != ink[2] { boxes.append((k, ink)) }
            }
        }
        #expect(boxes.count > 700)
        var overlaps = 0
        for i in boxes.indices { for j in boxes.indices where j > i && boxes[i].0 != boxes[j].0 && Self.intersect(boxes[i].1, boxes[j].1) { overlaps += 1 } }
        #expect(overlaps == 0)
        // The placer off: the same command finds collisions.
        let forced = try pathtext(["place", packageRoot + "/fixtures/osm/helsinki-roads.json", "--json", "-", "--allow-overlap"])
        #expect(forced.status == 0)
        let forcedLabels = try #require((try json(forced.stdout) as? [String: Any])?["labels"] as? [[String: Any]])
        #expect(forcedLabels.count > labels.count)
    }

    /// Two convex quadrilaterals share interior points (separating axis test on their edges).
    static func intersect(_ a: [Point], _ b: [Point]) -> Bool {
        for poly in [a, b] {
            for i in 0..<4 {
                let p = poly[i], q = poly[(i + 1) % 4]
                let n = Vector(q.y - p.y, p.x - q.x)
                let pa = a.map { ($0 - p).dot(n) }, pb = b.map { ($0 - p).dot(n) }
                if pa.max()! <= pb.min()! + 1e-9 || pb.max()! <= pa.min()! + 1e-9 { return false }
            }
        }
        return true
    }

    @Test func badInputAndBadCommandLinesExitWithTheirCodes() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = dir + "/bad.json"
        try #"{"width": 10, "height": 10, "labels": [{"text": "A", "path": "M 0 0 L 9 0", "priorty": 1}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let run = try pathtext(["place", bad, "--out", dir + "/x.png"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("labels[0].priorty: unknown key (did you mean priority?)"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        #expect(try pathtext(["place", bad]).status == 2)                              // no output asked for
        #expect(try pathtext(["place", bad, "--out", dir + "/x.gif"]).status == 2)     // not a PNG
        #expect(try pathtext(["place", dir + "/missing.json", "--json", "-"]).status == 1)
        // The input is never overwritten.
        let same = try pathtext(["place", bad, "--json", bad])
        #expect(same.status == 1 && same.stderr.contains("also an input"))
    }
}
