// pathtext-bench: layout, path measuring, rasterizing and end-to-end rendering, each timed against a
// peer in the same run on the same input (see BENCHMARKS.md).
//
//   pathtext-bench [--only layout,measure,raster,render,capi,batch,parallel,process,check] [--quick] [--runs N] [--json PATH | --no-json]
//                  [--fonts DIR] [--filter TEXT]
#if canImport(Glibc)
import Glibc
#endif
import Foundation

let usage = """
    usage: pathtext-bench [--only GROUPS] [--quick] [--runs N] [--json PATH | --no-json] [--fonts DIR]
      --only GROUPS  comma-separated subset of: layout, measure, raster, render, capi, batch, parallel, process, place, check, cache (default: all)
      --quick        short runs (for profiling under valgrind): less time per run, 100 000 queries
      --runs N       runs per row, at least 5 (default 7)
      --json PATH    where to write the results (default: bench.json at the package root)
      --no-json      do not write the results
      --fonts DIR    the fonts folder (default: Fonts/ at the package root)
      --filter TEXT  layout, raster and measure: only the rows whose name contains TEXT (e.g. latin/2000, 512px, /10)
    """

var config = BenchConfig()
let allGroups: Set<String> = ["layout", "measure", "raster", "render", "capi", "batch", "parallel", "process", "place", "check", "cache"]
var groups = allGroups
let root = packageRoot()
var jsonPath: String? = root + "/bench.json"
var fontsDir = root + "/Fonts"
var childScene: String?
var filter: String?

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
        config.runs = n
    case "--json": jsonPath = value(a)
    case "--no-json": jsonPath = nil
    case "--fonts": fontsDir = value(a)
    case "--child": childScene = value(a)
    case "--filter": filter = value(a)
    case "-h", "--help": print(usage); exit(0)
    default: print("unknown argument \(a)\n\(usage)"); exit(2)
    }
}
if config.quick && config.runs == 7 { config.runs = 5 }

if let childScene { RenderBench.child(childScene, fontsDir: fontsDir) }

let machine = machineInfo()
progress("pathtext-bench: \(machine["cpu"] ?? "?"), \(machine["nproc"] ?? "?") CPUs, \(machine["swift"] ?? "?"); \(config.runs) runs per row")
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
if groups.contains("check") { rows += CheckBench.run(config, fontsDir: fontsDir) }
if groups.contains("cache") { rows += CacheBench.run(config, fontsDir: fontsDir, root: root) }
rows += processRows

print("machine: \(machine["cpu"] ?? "?"), nproc \(machine["nproc"] ?? "?"), \(machine["swift"] ?? "?"), \(machine["date"] ?? "")")
print("each row: median of \(config.runs) runs (ours and the peer interleaved); ratio = our median ÷ peer median, lower is better\n")
print(table(rows))
progress(String(format: "\nbench took %.1f s", Double(nowNs() - started) / 1e9))
if let jsonPath {
    do {
        try writeJSON(rows, machine: machine, to: jsonPath)
        progress("wrote \(jsonPath)")
    } catch {
        progress("cannot write \(jsonPath): \(error)")
        exit(1)
    }
}
