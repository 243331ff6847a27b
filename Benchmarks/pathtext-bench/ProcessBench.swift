import Foundation

/// `process/…`: a whole `pathtext` process as a CLI user meets it, rendering one 34-character label on a
/// cubic to an 800 × 400 PNG (the release binary beside this one, with the embedded fonts). The peer is
/// `pathtext --version`, the floor of any run of the tool (loading the program and its libraries).
///
/// Child CPU time (user + system, from `wait4`) rather than the wall clock, which moves by 2× on the
/// shared machine; the wall clock is in the note. Peak RSS is read through GNU `time -f %M` (which
/// forks its child from a small process): a child started by `posix_spawn` from this process would
/// inherit this process's peak RSS at `exec` (about 28 MB), above what is measured.
enum ProcessBench {
    static let text = "Text that follows a cubic curve!!!"  // 34 characters
    static let path = "M 40 300 C 200 40 600 40 760 300"

    struct Sample { var cpu: Double, wall: Double, rss: Double }

    /// Runs `binary` with `args` once and returns its CPU time (ns), wall time (ns) and peak RSS (KiB).
    /// With `allowFailure`, a failing run is measured like any other and its stderr is dropped too.
    static func spawn(_ binary: String, _ args: [String], allowFailure: Bool = false) -> Sample {
        start(binary, args, allowFailure: allowFailure).finish()
    }

    /// A child started and not yet waited for.
    struct Child {
        let pid: pid_t, started: UInt64, binary: String, allowFailure: Bool

        /// Waits for the child: its CPU time (user + system, ns), wall time since it started (ns) and peak RSS (KiB).
        func finish() -> Sample {
            var status: Int32 = 0
            var usage = rusage()
            guard wait4(pid, &status, 0, &usage) == pid, status == 0 || allowFailure else { fatalError("\(binary) failed (\(status))") }
            let wall = Double(nowNs() - started)
            func ns(_ t: timeval) -> Double { Double(t.tv_sec) * 1e9 + Double(t.tv_usec) * 1e3 }
            return Sample(cpu: ns(usage.ru_utime) + ns(usage.ru_stime), wall: wall, rss: Double(usage.ru_maxrss))
        }
    }

    /// Starts `binary` with `args` and this process's environment plus `environment` (`NAME=value`),
    /// stdout to /dev/null (stderr too with `allowFailure`).
    static func start(_ binary: String, _ args: [String], environment: [String] = [], allowFailure: Bool = false) -> Child {
        var cargs: [UnsafeMutablePointer<CChar>?] = ([binary] + args).map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        let added: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        defer { for p in added { free(p) } }
        var env = added, inherited = environ
        while let p = inherited.pointee { env.append(p); inherited += 1 }
        env.append(nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if allowFailure { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var pid: pid_t = 0
        let t0 = nowNs()
        guard posix_spawn(&pid, binary, &actions, nil, &cargs, &env) == 0 else { fatalError("cannot spawn \(binary)") }
        return Child(pid: pid, started: t0, binary: binary, allowFailure: allowFailure)
    }

    static func run(_ config: BenchConfig) -> [Row] {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("pathtext").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            progress("process: no pathtext binary beside pathtext-bench (build it: swift build -c release --static-swift-stdlib --product pathtext, as make bench does; for --smoke, swift build --product pathtext); skipped")
            return []
        }
        let out = NSTemporaryDirectory() + "pathtext-process-\(getpid()).png"
        defer { unlink(out) }
        let render = ["render", "--text", text, "--path", path, "--out", out]
        _ = spawn(binary, render)  // warm the page cache
        guard let data = FileManager.default.contents(atPath: out), data.count > 1000 else { fatalError("process: no PNG written") }
        var ours: [Sample] = [], peer: [Sample] = []
        for _ in 0..<(config.smoke ? 1 : config.quick ? 10 : 30) {
            ours.append(spawn(binary, render))
            peer.append(spawn(binary, ["--version"]))
        }
        var rss: [Double] = [], peerRSS: [Double] = []
        let timeTool = "/usr/bin/time", rssFile = out + ".rss"
        defer { unlink(rssFile) }
        func peak(_ args: [String]) -> Double {
            _ = spawn(timeTool, ["-f", "%M", "-o", rssFile, binary] + args)
            let text = (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? ""
            return Double(text.split(whereSeparator: \.isNewline).last.map(String.init) ?? "") ?? .nan
        }
        if FileManager.default.isExecutableFile(atPath: timeTool) {
            for _ in 0..<(config.smoke ? 1 : 5) { rss.append(peak(render)); peerRSS.append(peak(["--version"])) }
        } else {
            progress("process: no \(timeTool) (GNU time) for peak memory; using wait4's figure, floored by this process's")
            rss = ours.map(\.rss); peerRSS = peer.map(\.rss)
        }
        let wall = median(ours.map(\.wall)), peerWall = median(peer.map(\.wall))
        progress(String(format: "process/one-label-png: %.2f ms CPU, %.2f ms wall", median(ours.map(\.cpu)) / 1e6, wall / 1e6))
        return [
            makeRow("process/one-label-png", ours: ours.map(\.cpu), peer: peer.map(\.cpu), peerName: "pathtext --version",
                    note: String(format: "CPU time (user + system) of `pathtext render --text <34 characters> --path <cubic> --out x.png` (800 × 400); "
                                 + "wall clock %.2f ms (--version %.2f ms); goal ≤ 10 ms", wall / 1e6, peerWall / 1e6)),
            makeRow("process/one-label-png/peak-rss", unit: "KiB", ours: rss, peer: peerRSS,
                    peerName: "pathtext --version", note: "peak RSS of the process (GNU time %M); goal ≤ 20 MB"),
        ]
    }
}
