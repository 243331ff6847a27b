#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: Clock, sink, RNG

/// Nanoseconds from `clock_gettime(CLOCK_MONOTONIC)`.
@inline(__always) func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) @_optimize(none) func blackHole<T>(_ x: T) {}

/// xorshift64 (Marsaglia): fast, deterministic, good enough to scatter queries.
struct XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

// MARK: Rows

/// One line of the table and of `bench.json`.
struct Row: Encodable {
    var name: String
    var unit: String
    var median: Double
    var min: Double
    var max: Double
    var peerMedian: Double?
    var ratio: Double?
    var runs: Int
    var peer: String?
    var note: String?

    enum CodingKeys: String, CodingKey { case name, unit, median, min, max, peerMedian, ratio, runs, peer, note }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name); try c.encode(unit, forKey: .unit)
        try c.encode(median, forKey: .median); try c.encode(min, forKey: .min); try c.encode(max, forKey: .max)
        if let peerMedian { try c.encode(peerMedian, forKey: .peerMedian) } else { try c.encodeNil(forKey: .peerMedian) }
        if let ratio { try c.encode(ratio, forKey: .ratio) } else { try c.encodeNil(forKey: .ratio) }
        try c.encode(runs, forKey: .runs)
        try c.encodeIfPresent(peer, forKey: .peer)
        try c.encodeIfPresent(note, forKey: .note)
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// A row from per-run values of ours and (optionally) the peer's.
func makeRow(_ name: String, unit: String = "ns", ours: [Double], peer: [Double]? = nil, peerName: String? = nil,
             note: String? = nil) -> Row {
    var ours = ours, peer = peer
    if let broken = SmokeCheck.broken, broken.row == name {  // PATHTEXT_SMOKE_BREAK: the smoke check's own test
        switch broken.how {
        case .nan: ours = ours.map { _ in .nan }
        case .nopeer: peer = nil
        case .trap: fatalError("\(name): broken on purpose (PATHTEXT_SMOKE_BREAK)")  // as a failed precondition
        case .missing: break  // dropped by SmokeCheck.check
        }
    }
    let m = median(ours)
    let pm = peer.map(median)
    return Row(name: name, unit: unit, median: m, min: ours.min() ?? .nan, max: ours.max() ?? .nan,
               peerMedian: pm, ratio: pm.map { m / $0 }, runs: ours.count, peer: peerName, note: note)
}

// MARK: Interleaved timing

/// Settings shared by every group.
struct BenchConfig {
    /// Runs per row (each row is the median of these).
    var runs = 7
    /// Time each body gets per run, roughly.
    var targetNs: UInt64 = 25_000_000
    var quick = false
    /// `--smoke`: a test that every row runs, not a measurement. One run per row, each body called once
    /// with no warm-up or calibration, and each group on its smallest inputs (see `usage` in main.swift).
    var smoke = false
}

/// Times each body in `bodies` `runs` times, interleaved: every run times every body once, in an order
/// that rotates from run to run, so drift of the machine's speed hits all bodies alike.
/// Each body is calibrated first to a repeat count filling `targetNs`; the result is ns per call, on `clock`
/// (the wall clock by default).
func timeInterleaved(_ config: BenchConfig, _ bodies: [() -> Void], minIterations: Int = 1,
                     clock: () -> UInt64 = nowNs) -> [[Double]] {
    if config.smoke { return smokeTimes(bodies, clock: clock) }
    var iterations: [Int] = []
    for body in bodies {
        body()  // warm-up
        var n = 1
        while true {
            let t0 = clock()
            for _ in 0..<n { body() }
            let dt = clock() - t0
            if dt >= config.targetNs / 8 || n >= 1 << 24 {
                let per = Double(dt) / Double(n)
                iterations.append(Swift.max(minIterations, Int(Double(config.targetNs) / Swift.max(per, 1))))
                break
            }
            n *= 4
        }
    }
    var out = Array(repeating: [Double](), count: bodies.count)
    for r in 0..<config.runs {
        for k in 0..<bodies.count {
            let i = (k + r) % bodies.count
            let body = bodies[i], n = iterations[i]
            let t0 = clock()
            for _ in 0..<n { body() }
            let dt = clock() - t0
            out[i].append(Double(dt) / Double(n))
        }
    }
    return out
}

/// Smoke mode's timing: each body called once, in order, timed on `clock`; one run per body.
func smokeTimes(_ bodies: [() -> Void], clock: () -> UInt64) -> [[Double]] {
    bodies.map { body in
        let t0 = clock()
        body()
        return [Double(clock() - t0)]
    }
}

// MARK: Output

func formatValue(_ v: Double?, unit: String) -> String {
    guard let v, v.isFinite else { return "—" }
    switch unit {
    case "ns":
        if v >= 1e9 { return String(format: "%.3f s", v / 1e9) }
        if v >= 1e6 { return String(format: "%.2f ms", v / 1e6) }
        if v >= 1e3 { return String(format: "%.2f µs", v / 1e3) }
        return String(format: "%.1f ns", v)
    case "KiB":
        return String(format: "%.1f MiB", v / 1024)
    default:
        return String(format: "%.3g %@", v, unit)
    }
}

/// The table as Markdown.
func table(_ rows: [Row]) -> String {
    var lines = ["| row | median | min | max | peer median | ratio |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows {
        let ratio = r.ratio.map { String(format: "%.2f", $0) } ?? "—"
        lines.append("| \(r.name) | \(formatValue(r.median, unit: r.unit)) | \(formatValue(r.min, unit: r.unit)) | "
                     + "\(formatValue(r.max, unit: r.unit)) | \(formatValue(r.peerMedian, unit: r.unit)) | \(ratio) |")
    }
    return lines.joined(separator: "\n")
}

/// nproc, CPU model, Swift version and date.
func machineInfo() -> [String: String] {
    var info: [String: String] = [:]
    info["nproc"] = String(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    var cpu = "unknown"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    info["cpu"] = cpu
    info["swift"] = swiftVersion()
    let f = ISO8601DateFormatter()
    info["date"] = f.string(from: Date())
    return info
}

/// The first line of `swift --version` (the compiler that is on the PATH), or the language mode compiled with.
func swiftVersion() -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["swift", "--version"]
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    do {
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if let s = String(data: data, encoding: .utf8), let first = s.split(separator: "\n").first(where: { $0.contains("Swift version") }) {
            return first.trimmingCharacters(in: .whitespaces)
        }
    } catch {}
    #if compiler(>=6.3)
    return "Swift ≥ 6.3"
    #else
    return "Swift 6"
    #endif
}

/// The package root: the nearest folder above the executable holding Package.swift, else the current folder.
func packageRoot() -> String {
    var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    for _ in 0..<8 {
        dir = dir.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir.path }
        if dir.path == "/" { break }
    }
    return FileManager.default.currentDirectoryPath
}

/// The results as JSON; a smoke run's say `"smoke": true` (not a measurement).
func writeJSON(_ rows: [Row], machine: [String: String], smoke: Bool = false, to path: String) throws {
    struct Machine: Encodable { var nproc: Int; var cpu: String; var swift: String; var date: String }
    struct Doc: Encodable { var smoke: Bool?; var machine: Machine; var rows: [Row] }
    let doc = Doc(smoke: smoke ? true : nil,
                  machine: Machine(nproc: Int(machine["nproc"] ?? "") ?? 0, cpu: machine["cpu"] ?? "",
                                   swift: machine["swift"] ?? "", date: machine["date"] ?? ""), rows: rows)
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted]
    try enc.encode(doc).write(to: URL(fileURLWithPath: path))
}

/// Prints to stderr (progress), leaving stdout for the table.
func progress(_ s: String) {
    FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
}
