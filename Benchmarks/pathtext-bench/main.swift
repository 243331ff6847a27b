// pathtext-bench: layout, path measuring, rasterizing and end-to-end rendering, each timed against a
// peer in the same run on the same input (see BENCHMARKS.md).
//
//   pathtext-bench [--only layout,measure,raster,render,capi,batch,parallel,process,place,tiles,check,svg] [--quick | --smoke] [--runs N]
//                  [--json PATH | --no-json] [--fonts DIR] [--filter TEXT]
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Support

let usage = """
    usage: pathtext-bench [--only GROUPS] [--quick | --smoke] [--runs N] [--json PATH | --no-json] [--fonts DIR]
      --only GROUPS  comma-separated subset of: layout, measure, raster, render, capi, batch, parallel, process, place, tiles, check, cache, svg (default: all)
      --quick        short runs (for profiling under valgrind): less time per run, 100 000 queries
      --smoke        a test that every row runs, not a measurement (make test runs it on the debug build,
                     scripts/test-bench-smoke): every body is called once (no warm-up, no calibration,
                     one run per row) and the inputs shrink: measure/ at 10 and 1 000 segments with
                     1 000 queries (the 100 000-segment rows are skipped); the render/4096-10k scene as
                     3 × 3 of its 25 × 25 labels (576 px); batch/ on 200 labels and process/ once each,
                     with the pathtext binary beside this one (debug or release); place/ and
                     cache/helsinki on the first 60 of the 777 Helsinki ways (Mapnik too); parallel/
                     one run of each batch (after its warm-up); layout/, raster/, capi/ and check/ keep
                     their inputs. The rows' own checks stay (same output as the peer, requests
                     succeed). After the table, every row that is missing, not finite or without its
                     peer is named on stderr and the run exits 1. Implies
                     --no-json (a --json PATH given writes "smoke": true); --runs and --filter do not apply.
      --runs N       runs per row, at least 5 (default 7)
      --json PATH    where to write the results (default: bench.json at the package root)
      --no-json      do not write the results
      --fonts DIR    the fonts folder (default: Fonts/ at the package root)
      --filter TEXT  layout, raster and measure: only the rows whose name contains TEXT (e.g. latin/2000, 512px, /10)
    """

// As the CLI does: a render's buffers stay in the heap for the next (BENCHMARKS.md, "Two threads").
Syscalls.keepFreedMemory()
var config = BenchConfig()
let allGroups: Set<String> = ["layout", "measure", "raster", "render", "capi", "batch", "parallel", "process", "place", "tiles", "check", "cache", "svg"]
var groups = allGroups
let root = packageRoot()
var jsonPath: String? = root + "/bench.json"
var fontsDir = root + "/Fonts"
var childScene: String?
var filter: String?
var jsonExplicit = false, runsGiven = false

var args = CommandLine.arguments.dropFirst()
@MainActor func value(_ flag: String) -> String {
    guard let v = args.popFirst() else { FileHandle.standardError.write("\(flag) needs a value\n\(usage)\n".data(using: .utf8)!); exit(2) }
    return v
}
while let a = args.popFirst() {
    switch a {
    case "--only":
        groups = Set(value(a).split(separator: ",").map(String.init))
        let unknown = groups.subtracting(allGroups)
        guard unknown.isEmpty else { print("unknown group \(unknown.sorted())\n\(usage)"); exit(2) }
    case "--quick": config.quick = true; config.targetNs = 3_000_000
    case "--runs":
        guard let n = Int(value(a)), n >= 5 else { print("--runs takes a number ≥ 5"); exit(2) }
        config.runs = n; runsGiven = true
    case "--smoke": config.smoke = true
    case "--json": jsonPath = value(a); jsonExplicit = true
    case "--no-json": jsonPath = nil; jsonExplicit = true
    case "--fonts": fontsDir = value(a)
    case "--child": childScene = value(a)
    case "--filter": filter = value(a)
    case "-h", "--help": print(usage); exit(0)
    default: print("unknown argument \(a)\n\(usage)"); exit(2)
    }
}
if config.quick && config.runs == 7 { config.runs = 5 }
if config.smoke {
    guard !runsGiven else { print("--smoke runs every body once; --runs does not apply\n\(usage)"); exit(2) }
    guard filter == nil else { print("--smoke runs every row; --filter does not apply\n\(usage)"); exit(2) }
    config.runs = 1; config.targetNs = 1
    if !jsonExplicit { jsonPath = nil }
}

if let childScene { RenderBench.child(childScene, fontsDir: fontsDir, smoke: config.smoke) }

let machine = machineInfo()
progress("pathtext-bench: \(machine["cpu"] ?? "?"), \(machine["nproc"] ?? "?") CPUs, \(machine["swift"] ?? "?"); "
         + (config.smoke ? "smoke run: every body once, smallest inputs (a test, not a measurement)" : "\(config.runs) runs per row"))
let started = nowNs()
// Peak memory first, while this process is still small (see RenderBench.peakRSS).
let rss = groups.contains("render") ? RenderBench.peakRSS(config, fontsDir: fontsDir) : [:]
let processRows = groups.contains("process") ? ProcessBench.run(config) : []
var rows: [Row] = []
if groups.contains("layout") { rows += LayoutBench.run(config, fontsDir: fontsDir, filter: filter) }
if groups.contains("measure") { rows += MeasureBench.run(config, filter: filter) }
if groups.contains("raster") { rows += RasterBench.run(config, fontsDir: fontsDir, filter: filter) }
if groups.contains("render") { rows += RenderBench.run(config, fontsDir: fontsDir, rss: rss) }
if groups.contains("capi") { rows += CAPIBench.run(config, fontsDir: fontsDir) }
if groups.contains("batch") { rows += CAPIBench.batch(config, fontsDir: fontsDir) }
if groups.contains("parallel") { rows += ParallelBench.run(config, fontsDir: fontsDir) }
if groups.contains("place") { rows += PlaceBench.run(config, fontsDir: fontsDir, root: root) }
if groups.contains("tiles") { rows += TilesBench.run(config, fontsDir: fontsDir, root: root) }
if groups.contains("check") { rows += CheckBench.run(config, fontsDir: fontsDir) }
if groups.contains("cache") { rows += CacheBench.run(config, fontsDir: fontsDir, root: root) }
if groups.contains("svg") { rows += SVGSuiteBench.run(config, root: root) }
rows += processRows
rows = SmokeCheck.dropBroken(rows)

print("machine: \(machine["cpu"] ?? "?"), nproc \(machine["nproc"] ?? "?"), \(machine["swift"] ?? "?"), \(machine["date"] ?? "")")
if config.smoke {
    print("smoke run: every body called once on the smallest inputs; a test that the rows run, the figures are not measurements\n")
} else {
    print("each row: median of \(config.runs) runs (ours and the peer interleaved); ratio = our median ÷ peer median, lower is better\n")
}
print(table(rows))
progress(String(format: "\nbench took %.1f s", Double(nowNs() - started) / 1e9))
if config.smoke { SmokeCheck.removeHelsinkiCopy() }
let smokeFailures = config.smoke ? SmokeCheck.check(rows, groups: groups) : []
if let jsonPath {
    do {
        try writeJSON(rows, machine: machine, smoke: config.smoke, to: jsonPath)
        progress("wrote \(jsonPath)")
    } catch {
        progress("cannot write \(jsonPath): \(error)")
        exit(1)
    }
}
if config.smoke {
    if smokeFailures.isEmpty {
        progress("smoke: all \(rows.count) rows of \(groups.sorted().joined(separator: ", ")) ran")
    } else {
        for f in smokeFailures { progress("smoke: FAILED \(f)") }
        progress("smoke: \(smokeFailures.count) row failure(s)")
        exit(1)
    }
}
