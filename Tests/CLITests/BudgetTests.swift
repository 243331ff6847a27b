import Pipeline
import Testing
import Foundation
import TestSupport
import PathText

/// The inputs of issue 13 that ran for minutes or took gigabytes (rows 4, 5 and 8) end, through the
/// real binary, inside 2 GB of address space and 60 s of CPU, with the budget's message and no picture.
/// (The time limit only catches a hang; RELIABILITY.md, "Budgets", has the measured times.)
@Suite struct BudgetTests {
    /// Runs `pathtext ARGS` under `ulimit -v 2000000` (KB) and `ulimit -t 60` (CPU seconds).
    func limited(_ arguments: [String], cwd: String) throws -> Run {
        try runShell("ulimit -v 2000000; ulimit -t 60; exec \"$0\" \"$@\"", arguments: arguments, cwd: cwd)
    }

    /// (Not under `make sanitize`: a sanitizer reserves terabytes of shadow address space, which `ulimit -v` forbids.)
    @Test(.disabled(if: ProcessInfo.processInfo.environment["PATHTEXT_SANITIZER"] != nil, "sanitizers cannot run under ulimit -v"))
    func theWorstRowsStopAtTheirBudgets() throws {
        let dir = NSTemporaryDirectory() + "pathtext-budget-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Row 8: a 1 GB scene (sparse) and an endless one are refused before they are read.
        _ = FileManager.default.createFile(atPath: dir + "/big.json", contents: nil)
        #expect(truncate(dir + "/big.json", 1 << 30) == 0)
        let cases: [(args: [String], message: String)] = [
            (["render", "big.json", "--out", "r.png"],
             "pathtext: big.json: the scene file size in bytes (1073741824) is over the limit of 16777216"),
            (["render", "/dev/zero", "--out", "r.png"],
             "pathtext: /dev/zero: the scene file size in bytes (16777217) is over the limit of 16777216"),
            // Row 4: 3000 combining marks on one letter, repeated every pixel along 150 000 px.
            (["render", "--text", "a" + String(repeating: "\u{301}", count: 3000), "--path", "M0 50 L150000 50",
              "--repeat", "1", "--width", "400", "--height", "100", "--out", "r.png"],
             "pathtext: the number of repeated glyphs (7914 copies of 3000) (23742000) is over the limit of 200000"),
            // Row 5: 2000 W at 4000 px on a closed two-arc circle, on a 10000² canvas.
            (["render", "--text", String(repeating: "W", count: 2000), "--size", "4000",
              "--path", "M3000 5000 A2000 2000 0 1 1 7000 5000 A2000 2000 0 1 1 3000 5000 Z",
              "--width", "10000", "--height", "10000", "--out", "r.png"],
             "pathtext: the number of pixels the glyphs and shapes cover (each clipped to the canvas, overlaps counted) (34217060317) is over the limit of 1000000000"),
        ]
        for c in cases {
            let r = try limited(c.args, cwd: dir)
            #expect(r.status == 1, "\(c.args.prefix(3)): \(r.stderr)")
            #expect(r.stderr == c.message + "\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/r.png"))
        }
    }

    /// The picture's glyph budget counts every label's glyphs before each label is drawn, on PNG and SVG.
    @Test func thePictureGlyphBudgetStopsTheLabelThatPassesIt() throws {
        let resolver = SceneResolver()
        resolver.limits.pictureGlyphs = 12
        let label = SceneLabel(text: "Hello", path: try BezPath(svgPathData: "M 10 50 L 390 50"))
        let scene = Scene(width: 400, height: 100, labels: [label, label, label])
        for svg in [false, true] {
            #expect {
                if svg { _ = try SceneRenderer.renderSVG(scene, resolver: resolver) } else { _ = try SceneRenderer.render(scene, resolver: resolver) }
            } throws: { error in
                (error as? SceneError)?.description == "labels[2]: the number of glyphs in the picture (15) is over the limit of 12"
            }
        }
        resolver.limits.pictureGlyphs = 15
        #expect(try SceneRenderer.render(scene, resolver: resolver).labels.count == 3)
    }

    /// The pixel budget charges shapes too (their box widened by the stroke), before each is drawn.
    @Test func thePixelBudgetChargesShapes() throws {
        let resolver = SceneResolver()
        resolver.limits.coveragePixels = 25_000
        var rect = SceneShape(type: .rect)
        rect.x = 0; rect.y = 0; rect.width = 100; rect.height = 100; rect.fill = .black
        let scene = Scene(width: 400, height: 100, shapes: [rect, rect, rect])
        #expect {
            _ = try SceneRenderer.render(scene, resolver: resolver)
        } throws: { error in
            (error as? SceneError)?.description
                == "shapes[2]: the number of pixels the glyphs and shapes cover (each clipped to the canvas, overlaps counted) (30000) is over the limit of 25000"
        }
        // SVG output is not limited by pixels.
        #expect(try SceneRenderer.renderSVG(scene, resolver: resolver).svg.text.contains("<path"))
    }
}
