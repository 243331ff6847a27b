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
        let options = pt_options_new()
        defer { pt_options_free(options) }
        precondition(pt_options_set(options, "align", "center", nil) == PT_OK)
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
        precondition(pt_layout(engine, text, pathData, options, nil, &glyphs, &count, &error) == PT_OK)
        let reference = swiftCall()[0].glyphs
        precondition(count == reference.count && count == 20 && glyphs![19].x == reference[19].origin.x, "capi: C and Swift disagree")
        pt_free(glyphs)
        progress("capi/20: \(count) glyphs")

        let times = timeInterleavedCPU(config, [
            {   // C: pt_layout (typed, no JSON)
                var g: UnsafeMutablePointer<pt_glyph>? = nil
                var n = 0
                _ = pt_layout(engine, text, pathData, options, nil, &g, &n, nil)
                pt_free(g)
            },
            {   // C: pt_layout_json (label JSON in, placements JSON out)
                var json: UnsafeMutablePointer<CChar>? = nil
                _ = pt_layout_json(engine, request, &json, nil)
                pt_free(json)
            },
            {   // Swift, reading what pt_layout returns: each glyph's transform
                let labels = swiftCall()
                var sum = 0.0
                for g in labels[0].glyphs { let m = g.transform; sum += m.a + m.b }
                blackHole(sum)
            },
            { blackHole(PlacementsJSON.encode(swiftCall())) },
            { blackHole(swiftCall()) },
        ])
        let peer = "the Swift call: BezPath(svgPathData:) + LabelLayout.layout of the same AttributedText"
        return [
            makeRow("capi/layout/20", ours: times[0], peer: times[2], peerName: peer + ", each glyph's transform read",
                    note: "pt_layout (typed: pt_options in, pt_glyph array with transforms out), 20 clusters on a cubic, thread CPU time; goal ≤ 1.10×"),
            makeRow("capi/layout/20/bare", ours: times[0], peer: times[4], peerName: peer,
                    note: "the same against the bare Swift call (which computes no transforms)"),
            makeRow("capi/layout_json/20", ours: times[1], peer: times[3], peerName: peer + " + PlacementsJSON.encode",
                    note: "pt_layout_json: the label request decoded from JSON (SceneJSON, Foundation), placements encoded"),
        ]
    }

    /// Labels per second through `pathtext layout --batch` (the release binary beside this one), one process
    /// for `count` short labels; the peer is the same engine called in this process.
    static func batch(_ config: BenchConfig, fontsDir: String, count fullCount: Int = 20_000) -> [Row] {
        let count = config.smoke ? SmokeCheck.batchLabels : fullCount
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("pathtext").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            progress("batch: no pathtext binary beside pathtext-bench (build it: swift build -c release --static-swift-stdlib --product pathtext, as make bench does; for --smoke, swift build --product pathtext); skipped")
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
            let before = childrenCPUNs()
            try! p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            let dt = Double(childrenCPUNs() - before)  // the child's user + system time: one core's work
            let replies = data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            precondition(p.terminationStatus == 0 && replies == count && !data.starts(with: Array("{\"error\"".utf8)),
                         "batch: \(replies) replies for \(count) labels")
            return Double(count) / (dt / 1e9)
        }
        let engine = try! Engine(fontsDir: fontsDir)
        func inProcess() -> Double {
            let t0 = threadCPUNs()
            for line in lines { blackHole(engine.batchLine(line)) }
            return Double(count) / (Double(threadCPUNs() - t0) / 1e9)
        }
        let runs = min(config.runs, config.quick ? 3 : 5)
        var ours: [Double] = [], peer: [Double] = []
        for _ in 0..<runs { ours.append(once()); peer.append(inProcess()) }
        progress(String(format: "batch/short-labels: %.0f labels/s through the pipe, %.0f in process", median(ours), median(peer)))
        var rows = [makeRow("batch/short-labels", unit: "labels/s", ours: ours, peer: peer, peerName: "Engine.batchLine in process",
                            note: "\(count) short labels (7–11 characters, 14 px, one cubic each) through one `pathtext layout --batch`, per second of the process's CPU time (start-up included); goal ≥ 50000/s on one core; higher is better")]

        // Where the time of one label goes, in process: decoding the request, laying it out, encoding the reply.
        let resolved = lines.prefix(64).map { try! engine.resolve($0) }
        let placed = resolved.map { try! $0.layout() }
        var i = 0, j = 0, k = 0, m = 0
        let times = timeInterleavedCPU(config, [
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

/// Thread CPU time in nanoseconds: unlike the wall clock, it does not count time the thread waited for a
/// core, so rows stay meaningful on a machine shared with other work.
func threadCPUNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// User + system CPU time of the waited-for child processes, nanoseconds.
func childrenCPUNs() -> UInt64 {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func ns(_ t: timeval) -> UInt64 { UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_usec) * 1000 }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
}

/// ``timeInterleaved(_:_:minIterations:clock:)`` on the thread's CPU clock.
func timeInterleavedCPU(_ config: BenchConfig, _ bodies: [() -> Void]) -> [[Double]] {
    timeInterleaved(config, bodies, clock: threadCPUNs)
}
