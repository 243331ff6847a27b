import CPathText
import Foundation
import PathText
import PathTextC
import PathTextEngine

/// `capi/…`: the C library's calls against the Swift call they wrap, for a 20-cluster label; and
/// `batch/…`: labels per second through `pathtext layout --batch`.
enum CAPIBench {
    static let text = "Hello, curved world!"  // 20 clusters
    static let pathData = "M 20 200 C 120 40 280 360 380 200"

    static func run(_ config: BenchConfig, fontsDir: String) -> [Row] {
        let stack: [Typeface]
        do { stack = try DefaultFonts.stack(folder: fontsDir) } catch { fatalError("cannot load the fonts: \(error)") }
        var error: UnsafeMutablePointer<CChar>? = nil
        guard let engine = pt_engine_new(fontsDir, &error) else { fatalError("pt_engine_new: \(String(cString: error!))") }
        defer { pt_engine_free(engine) }
        var options = pt_options()
        pt_options_init(&options)
        options.align = Int32(PT_ALIGN_CENTER)
        let request = "{\"text\":\"\(text)\",\"path\":\"\(pathData)\",\"align\":\"center\"}"

        // The Swift call the typed C call wraps: attributes, path data parsed, laid out.
        var swiftOptions = LabelOptions()
        swiftOptions.align = .center
        let attributes = TextAttributes(fonts: stack, size: 32)
        let swiftCall = {
            let path = try! BezPath(svgPathData: pathData)
            return try! LabelLayout.layout(AttributedText(text, attributes: attributes), along: path, options: swiftOptions)
        }
        // Check they agree before timing them.
        var glyphs: UnsafeMutablePointer<pt_glyph>? = nil
        var count = 0
        precondition(pt_layout(engine, text, pathData, &options, &glyphs, &count, &error) == PT_OK)
        let reference = swiftCall()[0].glyphs
        precondition(count == reference.count && count == 20 && glyphs![19].x == reference[19].origin.x, "capi: C and Swift disagree")
        pt_free(glyphs)
        progress("capi/20: \(count) glyphs")

        let times = timeInterleaved(config, [
            {   // C: pt_layout (typed, no JSON)
                var g: UnsafeMutablePointer<pt_glyph>? = nil
                var n = 0
                _ = pt_layout(engine, text, pathData, &options, &g, &n, nil)
                pt_free(g)
            },
            {   // C: pt_layout_json (label JSON in, placements JSON out)
                var json: UnsafeMutablePointer<CChar>? = nil
                _ = pt_layout_json(engine, request, &json, nil)
                pt_free(json)
            },
            { blackHole(swiftCall()) },
            { blackHole(PlacementsJSON.encode(swiftCall())) },
        ])
        let peer = "the Swift call: BezPath(svgPathData:) + LabelLayout.layout of the same AttributedText"
        return [
            makeRow("capi/layout/20", ours: times[0], peer: times[2], peerName: peer,
                    note: "pt_layout (typed: options struct in, pt_glyph array out), 20 clusters on a cubic; goal ≤ 1.10×"),
            makeRow("capi/layout_json/20", ours: times[1], peer: times[3], peerName: peer + " + PlacementsJSON.encode",
                    note: "pt_layout_json: the label request decoded from JSON, placements encoded"),
        ]
    }

    /// Labels per second through `pathtext layout --batch` (the release binary beside this one), one process
    /// for `count` short labels; the peer is the same engine called in this process.
    static func batch(_ config: BenchConfig, fontsDir: String, count: Int = 20_000) -> [Row] {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("pathtext").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            progress("batch: no pathtext binary beside pathtext-bench (build it: swift build -c release --product pathtext); skipped")
            return []
        }
        let words = ["North", "Station", "Main St", "River", "Park Ave", "Bridge", "Market", "Harbour", "Elm", "Ring Rd"]
        var input = ""
        var lines: [String] = []
        for i in 0..<count {
            let y = 100 + i % 50
            let line = "{\"text\":\"\(words[i % words.count]) \(i % 100)\",\"path\":\"M 0 \(y) C 60 \(y - 40) 140 \(y + 40) 200 \(y)\",\"size\":14}"
            lines.append(line)
            input += line + "\n"
        }
        let file = NSTemporaryDirectory() + "pathtext-batch-\(getpid()).jsonl"
        _ = FileManager.default.createFile(atPath: file, contents: Data(input.utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }

        func once() -> Double {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = ["layout", "--batch", "--fonts-dir", fontsDir]
            p.standardInput = FileHandle(forReadingAtPath: file)
            let out = Pipe()
            p.standardOutput = out
            let t0 = nowNs()
            try! p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            let dt = Double(nowNs() - t0)
            let replies = data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            precondition(p.terminationStatus == 0 && replies == count && !data.starts(with: Array("{\"error\"".utf8)),
                         "batch: \(replies) replies for \(count) labels")
            return Double(count) / (dt / 1e9)
        }
        let engine = try! Engine(fontsDir: fontsDir)
        func inProcess() -> Double {
            let t0 = nowNs()
            for line in lines { blackHole(engine.batchLine(line)) }
            return Double(count) / (Double(nowNs() - t0) / 1e9)
        }
        let runs = min(config.runs, config.quick ? 3 : 5)
        var ours: [Double] = [], peer: [Double] = []
        for _ in 0..<runs { ours.append(once()); peer.append(inProcess()) }
        progress(String(format: "batch/short-labels: %.0f labels/s through the pipe, %.0f in process", median(ours), median(peer)))
        var rows = [makeRow("batch/short-labels", unit: "labels/s", ours: ours, peer: peer, peerName: "Engine.batchLine in process",
                            note: "\(count) short labels (7–11 characters, 14 px, one cubic each) through one `pathtext layout --batch`; goal ≥ 20000/s; higher is better")]

        // Where the time of one label goes, in process: decoding the request, laying it out, encoding the reply.
        let resolved = lines.prefix(64).map { try! engine.resolve($0) }
        let placed = resolved.map { try! $0.layout() }
        var i = 0, j = 0, k = 0, m = 0
        let times = timeInterleaved(config, [
            { blackHole(try! engine.resolve(lines[i & 63])); i += 1 },
            { blackHole(try! resolved[j & 63].layout()); j += 1 },
            { blackHole(PlacementsJSON.encode(placed[k & 63], singleLine: true)); k += 1 },
            { blackHole(engine.batchLine(lines[m & 63])); m += 1 },
        ])
        let parts = ["decode": times[0], "layout": times[1], "encode": times[2]]
        for (name, note) in [("decode", "Engine.resolve: the label request decoded (SceneJSON) and resolved"),
                             ("layout", "ResolvedLabel.layout: shaping, measuring the cubic, placing"),
                             ("encode", "PlacementsJSON.encode, one line")] {
            rows.append(makeRow("batch/short-labels/\(name)", ours: parts[name]!, peer: times[3], peerName: "Engine.batchLine (all three)", note: note))
        }
        return rows
    }
}
