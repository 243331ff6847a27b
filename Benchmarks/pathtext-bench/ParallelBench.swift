import Dispatch
import Synchronization
import Foundation
import PathTextEngine
import Requests
import Placer
import Check

/// `parallel/…`: one `Engine` shared by 1 and by 2 threads, each thread taking the next request of a
/// batch when it is free. Wall-clock time per batch; the peer is the same batch on one thread, so the ratio is
/// t(2 threads) ÷ t(1 thread): 0.5 is perfect scaling, the goal (≥ 1.8 × throughput) is ≤ 0.556.
///
/// `parallel/place-helsinki/…` and `parallel/check-dial/…`: two independent jobs (the Helsinki map placed
/// and drawn, as `place/helsinki/time`; the dial scene checked in 50 locales, as `check/dial-50-locales`),
/// each with its own `SceneResolver` (a resolver is one job's), run one after the other on one thread or
/// one per thread on two. The fonts they load are the process's (`FontCache`, the embedded fonts) and so
/// shared by both threads, as in a server: what the two jobs contend on is the font objects' locks
/// and the allocator.
enum ParallelBench {
    static let words = ["Hello, curved world!", "Main Street", "Ring road north", "Harbour bridge", "Old town",
                        "Riverside walk", "Station approach", "Market square"]

    /// 64 label requests: layout only.
    static func layoutBatch() -> [String] {
        (0..<64).map { i in
            let w = words[i % words.count], y = 100 + i % 7 * 10
            return "{\"text\":\"\(w)\",\"path\":\"M 20 \(y) C 120 \(y - 80) 280 \(y + 80) 380 \(y)\",\"size\":\(18 + i % 5 * 4),\"align\":\"center\"}"
        }
    }

    /// 16 scenes of 400 × 200 with four labels each, rendered to PNG.
    static func renderBatch() -> [String] {
        (0..<16).map { i in
            let labels = (0..<4).map { k in
                let w = words[(i + k) % words.count], y = 40 + k * 40
                return "{\"text\":\"\(w)\",\"path\":\"M 20 \(y) C 120 \(y - 30) 280 \(y + 30) 380 \(y)\",\"size\":\(16 + k * 2)}"
            }
            return "{\"width\":400,\"height\":200,\"background\":\"#ffffff\",\"labels\":[\(labels.joined(separator: ","))]}"
        }
    }

    /// A copy of the font files of `dir` in a fresh temporary folder, removed when the process exits: fonts
    /// loaded from it are objects of their own (the font cache knows a font by its file).
    static func copiedFontsDir(_ dir: String) -> String {
        let fm = FileManager.default
        let copy = NSTemporaryDirectory() + "pathtext-bench-fonts-\(getpid())"
        try? fm.removeItem(atPath: copy)
        do {
            try fm.createDirectory(atPath: copy, withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: dir) where !name.hasPrefix(".") {
                try fm.copyItem(atPath: dir + "/" + name, toPath: copy + "/" + name)
            }
        } catch { fatalError("parallel: cannot copy the fonts to \(copy): \(error)") }
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "pathtext-bench-fonts-\(getpid())") }
        return copy
    }

    /// Runs `body` for every request on `threads` threads, each taking the next request when it is free
    /// (as a server's threads take connections). A fixed split (every other request to each thread) gave
    /// one thread 53 % of `layoutBatch`'s characters, which alone held two threads below 1.88 × one.
    /// With `passes` > 1 the batch is handed out that many times in one go, so the threads are woken
    /// (and go back to sleep) once per `passes` batches.
    static func run(_ batch: [String], threads: Int, passes: Int = 1, _ body: @escaping @Sendable (String) -> Void) {
        handOut(batch.count * passes, threads: threads) { i, _ in body(batch[i % batch.count]) }
    }

    /// Calls `body(item, thread)` for every item of `0..<count`: in order on this thread when `threads`
    /// is 1, else on `threads` threads, each taking the next item from a shared counter when it is free.
    static func handOut(_ count: Int, threads: Int, _ body: @Sendable (_ item: Int, _ thread: Int) -> Void) {
        if threads == 1 { for i in 0..<count { body(i, 0) }; return }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < count else { return }
                body(i, t)
            }
        }
    }

    /// One job, with its own inputs and resolver, run by one thread at a time.
    final class Job: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// The Helsinki map placed and drawn (what `place/helsinki/time` times), `nil` without the fixture
    /// (in a smoke run, its first ways: ``SmokeCheck/helsinkiFile(_:root:)``).
    static func placeJob(_ config: BenchConfig, fontsDir: String, root: String) -> Job? {
        guard let file = SmokeCheck.helsinkiFile(config, root: root),
              let bytes = FileManager.default.contents(atPath: file),
              let document = try? PlaceDocument.decode(Array(bytes)) else { return nil }
        let resolver = SceneResolver(fontsDir: fontsDir)
        return Job {
            let result = try! document.place(resolver: resolver)
            blackHole(try! PlaceDocument.draw(document.scene, result, resolver: resolver))
        }
    }

    /// The dial scene checked in 50 locales (what `check/dial-50-locales` times).
    static func checkJob(fontsDir: String) -> Job {
        let (scene, strings) = CheckBench.dialInputs()
        let resolver = SceneResolver(fontsDir: fontsDir)
        resolver.systemFallback = false
        return Job { blackHole(try! LocaleChecker.check(scene, strings: strings, resolver: resolver)) }
    }

    /// Runs `jobs` one after the other (`threads` 1), or on `threads` threads, each taking the next job.
    static func run(_ jobs: [Job], threads: Int) {
        handOut(jobs.count, threads: threads) { i, _ in jobs[i].body() }
    }

    /// The control: pieces of work that share nothing between threads but the counter handing them out.
    /// Each thread reads and writes its own 256 KB buffer (L2-resident, like a label's working set) at
    /// pseudo-random places, with no allocation and no lock. Its speed-up is what the host gives two
    /// threads at that moment; the other rows are read against it.
    final class ControlWork: @unchecked Sendable {
        // @unchecked: thread t touches only buffers[t].
        let buffers: [UnsafeMutablePointer<UInt64>]
        static let words = 32_768, pieces = 64, steps = 40_000

        init(threads: Int) {
            buffers = (0..<threads).map { _ in
                let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.words * 8, alignment: 4096)
                return raw.initializeMemory(as: UInt64.self, repeating: 1, count: Self.words)
            }
        }
        deinit { for b in buffers { b.deallocate() } }

        func piece(_ buffer: UnsafeMutablePointer<UInt64>, _ seed: Int) {
            var x = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            for _ in 0..<Self.steps {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17
                let i = Int(truncatingIfNeeded: x) & (Self.words - 1)
                buffer[i] = buffer[i] &+ x
            }
        }

        /// A piece of arithmetic in registers: eight independent multiply-add chains in doubles and
        /// four in integers, no memory touched. What two threads get on it is what the host's cores
        /// give work that keeps the execution units busy, as shaping, sampling and number printing do;
        /// two hardware threads of one core share those units, while the memory control mostly waits.
        static func arithmeticPiece(_ seed: Int) -> UInt64 {
            var d = SIMD8<Double>(repeating: Double(seed & 7) + 1) + SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
            var x = SIMD4<UInt64>(repeating: UInt64(truncatingIfNeeded: seed) | 1) &+ SIMD4(0, 2, 4, 6)
            for _ in 0..<Self.steps / 2 {
                d = d * 0.999_999_9 + 1e-7
                x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            }
            return UInt64(truncatingIfNeeded: Int(d.sum())) ^ x[0] ^ x[1] ^ x[2] ^ x[3]
        }

        /// A piece of short integer steps in registers: eight independent chains of one- and two-cycle
        /// operations (multiplies by small constants, shifts, xors), about four a cycle, no memory touched.
        /// The arithmetic piece's chains wait on their multiplies, leaving a core's units half idle, so two
        /// hardware threads of one core both run it at nearly full speed; this piece fills the units, so two
        /// threads on one core's units (the host's siblings, or a neighbour's load) run it at well under 2 ×.
        /// Number printing, JSON and shaping are work of this kind.
        static func throughputPiece(_ seed: Int) -> UInt64 {
            var a = UInt64(truncatingIfNeeded: seed) | 1, b = a &+ 2, c = a &+ 4, d = a &+ 6
            var e = a &+ 8, f = a &+ 10, g = a &+ 12, h = a &+ 14
            for _ in 0..<Self.steps * 2 {
                a = a &* 3 &+ 1; b = b &* 5 &+ 3; c = c &* 9 &+ 5; d = d &* 3 &+ 7
                e ^= e << 3; f ^= f >> 5; g &+= g >> 7; h ^= h << 11
            }
            return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h
        }

        func runThroughput(threads: Int) {
            ParallelBench.handOut(Self.pieces, threads: threads) { p, _ in blackHole(Self.throughputPiece(p)) }
        }

        func runArithmetic(threads: Int) {
            ParallelBench.handOut(Self.pieces, threads: threads) { p, _ in blackHole(Self.arithmeticPiece(p)) }
        }

        func run(threads: Int) {
            ParallelBench.handOut(Self.pieces, threads: threads) { p, t in piece(buffers[t], p) }
        }
    }

    static func run(_ config: BenchConfig, fontsDir: String) -> [Row] {
        let engine: Engine
        do { engine = try Engine(fontsDir: fontsDir) } catch { fatalError("Engine: \(error.message)") }
        let layouts = layoutBatch(), scenes = renderBatch()
        // Check the requests work before timing them.
        for r in layouts { precondition(!engine.batchLine(r).hasPrefix("{\"error\""), "parallel: \(engine.batchLine(r))") }
        for s in scenes { precondition((try? engine.render(s, format: .png))?.isEmpty == false, "parallel: render failed") }
        let layout: @Sendable (String) -> Void = { blackHole(engine.batchLine($0)) }
        let render: @Sendable (String) -> Void = { blackHole(try! engine.render($0, format: .png)) }
        var bodies: [() -> Void] = [
            { run(layouts, threads: 1, layout) }, { run(layouts, threads: 2, layout) },
            { run(scenes, threads: 1, render) }, { run(scenes, threads: 2, render) },
        ]
        let checks = [checkJob(fontsDir: fontsDir), checkJob(fontsDir: fontsDir)]
        bodies += [{ run(checks, threads: 1) }, { run(checks, threads: 2) }]
        let places = [placeJob(config, fontsDir: fontsDir, root: packageRoot()), placeJob(config, fontsDir: fontsDir, root: packageRoot())].compactMap { $0 }
        if places.count == 2 { bodies += [{ run(places, threads: 1) }, { run(places, threads: 2) }] }
        else { progress("parallel: fixtures/osm/helsinki-roads.json missing: no parallel/place-helsinki rows") }
        let longLayout = bodies.count + 1
        bodies += [{ run(layouts, threads: 1, passes: 8, layout) }, { run(layouts, threads: 2, passes: 8, layout) }]
        // The same batch with an engine a thread (its resolvers, their caches and its option state) and a copy
        // of the requests a thread; the second engine's fonts come from a copy of the fonts folder, so the
        // process's font cache (which knows a font by its file) gives it font objects of its own. The shaping
        // and path caches are still shared, through their per-thread fronts. Beside layout-64, what sharing
        // one engine and its fonts costs.
        let apart = try! Engine(fontsDir: copiedFontsDir(fontsDir))
        let ownCopies = layouts.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        for r in ownCopies { precondition(!apart.batchLine(r).hasPrefix("{\"error\""), "parallel: \(apart.batchLine(r))") }
        let ownLayout: @Sendable (Int, Int) -> Void = { i, t in blackHole(t == 0 ? engine.batchLine(layouts[i]) : apart.batchLine(ownCopies[i])) }
        let apartLayout = bodies.count + 1
        bodies += [{ handOut(layouts.count, threads: 1, ownLayout) }, { handOut(layouts.count, threads: 2, ownLayout) }]
        let control = ControlWork(threads: 2)
        bodies += [{ control.run(threads: 1) }, { control.run(threads: 2) }]
        let controlIndex = bodies.count - 1
        bodies += [{ control.runThroughput(threads: 1) }, { control.runThroughput(threads: 2) }]
        let throughputIndex = bodies.count - 1
        bodies += [{ control.runArithmetic(threads: 1) }, { control.runArithmetic(threads: 2) }]
        if let loop = profileLoop(bodies.count) {   // PATHTEXT_PARALLEL_LOOP=<body index>:<calls>, for a profiler
            for _ in 0..<loop.calls { bodies[loop.body]() }
            exit(0)
        }
        let t = measure(config, bodies)
        let controlSpeedup = median(t.pairSpeedup[controlIndex / 2])
        // The same one-thread bodies in two processes at once (ParallelBench+Processes.swift), each about
        // 0.5 s of calls (0.2 s with --quick).
        var controlled: [(name: String, body: Int, what: String)] = [("layout-64", 0, "64 label requests"), ("render-16", 2, "16 scenes to PNG"),
                          ("check-dial", 4, "the dial checked in 50 locales")]
        if places.count == 2 { controlled.append(("place-helsinki", 6, "the Helsinki map placed and drawn")) }
        let calls = controlled.map { c in config.smoke ? 1 : Swift.max(1, Int((config.quick ? 2e8 : 5e8) / median(t.wall[c.body]))) }
        let processes = processControls(controlled.map(\.body), calls: calls, fontsDir: fontsDir, smoke: config.smoke,
                                        runs: config.smoke ? 1 : config.runs)
        func processSpeedup(_ twoThreadBody: Int) -> String {
            controlled.firstIndex { $0.body == twoThreadBody - 1 }.map { "; the same body in two processes at once scaled \(f(processes[$0].speedup)) ×" } ?? ""
        }
        func note(_ what: String, _ i: Int, shared: String = "one engine, ") -> String {
            let pairs = t.pairSpeedup[i / 2]
            let capacity = 2 * median(t.cpu[i - 1]) / median(t.cpu[i])
            return "\(what); \(shared)wall clock per batch; throughput on 2 threads = \(f(median(pairs))) × one thread "
                + "(median of \(pairs.count) back-to-back pairs, \(f(pairs.min() ?? .nan))–\(f(pairs.max() ?? .nan)); goal ≥ 1.8; load average \(loadAverage())); "
                + "the control (private work, nothing shared) scaled \(f(controlSpeedup)) × in the same run\(processSpeedup(i)); "
                + "from process CPU time, 2 idle cores would give \(f(capacity)) ×; "
                + "voluntary context switches (lock waits) per batch: \(String(format: "%.1f", median(t.switches[i]))) on 2 threads, \(String(format: "%.1f", median(t.switches[i - 1]))) on 1"
        }
        var rows = [
            makeRow("parallel/layout-64/2-threads", ours: t.wall[1], peer: t.wall[0], peerName: "the same batch on 1 thread",
                    note: note("64 label requests through Engine.batchLine", 1)),
            makeRow("parallel/layout-64/2-threads/cpu", ours: t.cpu[1], peer: t.cpu[0], peerName: "the same batch on 1 thread, process CPU time",
                    note: "process CPU time per batch: 1.00 = no extra work (spinning, contention) on 2 threads"),
            makeRow("parallel/render-16/2-threads", ours: t.wall[3], peer: t.wall[2], peerName: "the same batch on 1 thread",
                    note: note("16 scenes of 400 × 200, 4 labels each, through Engine.render(_, format: .png)", 3)),
            makeRow("parallel/render-16/2-threads/cpu", ours: t.cpu[3], peer: t.cpu[2], peerName: "the same batch on 1 thread, process CPU time",
                    note: "process CPU time per batch: 1.00 = no extra work (spinning, contention) on 2 threads"),
        ]
        var jobRows = [("check-dial", "two jobs of LocaleChecker.check: the dial scene in 50 locales, 200 labels, each job its own resolver", 5)]
        if places.count == 2 { jobRows.append(("place-helsinki", "two jobs of placing and drawing the Helsinki roads (777 ways), each job its own resolver", 7)) }
        for (name, what, i) in jobRows {
            rows.append(makeRow("parallel/\(name)/2-threads", ours: t.wall[i], peer: t.wall[i - 1], peerName: "the same two jobs one after the other on 1 thread",
                                note: note(what, i, shared: "")))
            rows.append(makeRow("parallel/\(name)/2-threads/cpu", ours: t.cpu[i], peer: t.cpu[i - 1],
                                peerName: "the same two jobs on 1 thread, process CPU time",
                                note: "process CPU time per pair of jobs: 1.00 = no extra work (spinning, contention) on 2 threads"))
        }
        for (k, c) in controlled.enumerated() { rows += processControlRows(c.name, processes[k], what: c.what) }
        rows.append(makeRow("parallel/layout-64x8/2-threads", ours: t.wall[longLayout], peer: t.wall[longLayout - 1], peerName: "the same on 1 thread",
                            note: note("the 64 label requests handed out 8 times in one go (512 requests), so the threads are woken once per 512 requests instead of once per 64", longLayout)))
        rows.append(makeRow("parallel/layout-64x8/2-threads/cpu", ours: t.cpu[longLayout], peer: t.cpu[longLayout - 1], peerName: "the same on 1 thread, process CPU time",
                            note: "process CPU time per 512 requests: 1.00 = no extra work (spinning, contention, waking threads) on 2 threads"))
        rows.append(makeRow("parallel/layout-64/2-engines", ours: t.wall[apartLayout], peer: t.wall[apartLayout - 1], peerName: "the same batch on 1 thread",
                            note: note("the 64 label requests of layout-64 with an engine and a copy of the requests a thread, and fonts of its own (loaded from a copy of the fonts folder; the shaping and path caches still shared)", apartLayout, shared: "")))
        rows.append(makeRow("parallel/layout-64/2-engines/cpu", ours: t.cpu[apartLayout], peer: t.cpu[apartLayout - 1], peerName: "the same batch on 1 thread, process CPU time",
                            note: "process CPU time per batch: beside layout-64/2-threads/cpu, the extra work that sharing one engine adds"))
        let ci = controlIndex
        rows.append(makeRow("parallel/control/2-threads", ours: t.wall[ci], peer: t.wall[ci - 1], peerName: "the same pieces on 1 thread",
                            note: note("the control: 64 pieces of private work (pseudo-random reads and writes in a 256 KB buffer of the thread's own; no allocation, lock or shared data but the counter handing out pieces), what the host gives two threads in this run", ci, shared: "")))
        rows.append(makeRow("parallel/control/2-threads/cpu", ours: t.cpu[ci], peer: t.cpu[ci - 1], peerName: "the same pieces on 1 thread, process CPU time",
                            note: "process CPU time per batch of pieces: above 1.00, two threads ran slower each than one (a core or cache the host shares)"))
        let ti = throughputIndex
        rows.append(makeRow("parallel/control-throughput/2-threads", ours: t.wall[ti], peer: t.wall[ti - 1], peerName: "the same pieces on 1 thread",
                            note: note("the throughput control: 64 pieces of eight chains of one- and two-cycle integer steps in registers (about four a cycle: a core's units full; no memory, nothing shared but the counter), what the host gives two threads of work that fills a core, as number printing, JSON and shaping do", ti, shared: "")))
        rows.append(makeRow("parallel/control-throughput/2-threads/cpu", ours: t.cpu[ti], peer: t.cpu[ti - 1], peerName: "the same pieces on 1 thread, process CPU time",
                            note: "process CPU time per batch of pieces: above 1.00, two threads ran slower each than one (a core's units shared)"))
        let ai = t.wall.count - 1
        rows.append(makeRow("parallel/control-arithmetic/2-threads", ours: t.wall[ai], peer: t.wall[ai - 1], peerName: "the same pieces on 1 thread",
                            note: note("the arithmetic control: 64 pieces of multiply-add chains in registers (8 in doubles, 4 in integers; no memory, no allocation, nothing shared but the counter), what the host gives two threads of busy execution units in this run", ai, shared: "")))
        rows.append(makeRow("parallel/control-arithmetic/2-threads/cpu", ours: t.cpu[ai], peer: t.cpu[ai - 1], peerName: "the same pieces on 1 thread, process CPU time",
                            note: "process CPU time per batch of pieces: above 1.00, two threads ran slower each than one (execution units the host's cores share)"))
        return rows
    }

    /// `PATHTEXT_PARALLEL_LOOP=<body>:<calls>`: run one body (0 layout on 1 thread, 1 on 2, 2–3 render, 4–5 check,
    /// 6–7 place, then layout handed out 8 times, then layout with an engine a thread, then the control, the
    /// throughput control and the arithmetic control) `calls` times and exit, so that a sampling profiler sees that body alone.
    static func profileLoop(_ count: Int) -> (body: Int, calls: Int)? {
        guard let v = getenv("PATHTEXT_PARALLEL_LOOP").map({ String(cString: $0) }) else { return nil }
        let parts = v.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<count).contains(parts[0]), parts[1] >= 0 else { fatalError("PATHTEXT_PARALLEL_LOOP=<body 0..<\(count)>:<calls>") }
        return (parts[0], parts[1])
    }

    /// Wall clock, process CPU time and voluntary context switches per call of each body. Bodies come in
    /// pairs (1 thread, 2 threads) doing the same work the same number of times; each run times every pair
    /// back to back (the order within a pair alternating from run to run, the pairs' order rotating), so
    /// each run's speed-up is measured within a fraction of a second: the host's speed here drifts by
    /// ± 40 % over minutes. A trial runs about 100 ms (`targetNs` with `--quick`).
    static func measure(_ config: BenchConfig, _ bodies: [() -> Void])
        -> (wall: [[Double]], cpu: [[Double]], switches: [[Double]], pairSpeedup: [[Double]]) {
        precondition(bodies.count % 2 == 0)
        if config.smoke {  // a test that the bodies run: each once
            let wall = smokeTimes(bodies, clock: nowNs)
            let speedup = stride(from: 0, to: bodies.count, by: 2).map { [wall[$0][0] / wall[$0 + 1][0]] }
            return (wall, wall, wall.map { _ in [0] }, speedup)
        }
        let target = config.quick ? config.targetNs : Swift.max(config.targetNs, 100_000_000)
        var iterations: [Int] = []
        for body in bodies {
            body()  // warm-up
            let t0 = nowNs()
            body()
            iterations.append(Swift.max(1, Int(Double(target) / Swift.max(Double(nowNs() - t0), 1))))
        }
        for p in stride(from: 0, to: bodies.count, by: 2) { iterations[p + 1] = iterations[p] }
        var wall = Array(repeating: [Double](), count: bodies.count), cpu = wall, switches = wall
        let pairs = bodies.count / 2
        var pairSpeedup = Array(repeating: [Double](), count: pairs)
        // Three times the other groups' runs (21 pairs by default, about 30 s): here the pairs' speed-ups
        // spread over 1.1-2.2 × within a minute on an idle host, and a median of 7 moved by 0.5 × between runs.
        let runs = config.quick ? config.runs : 3 * config.runs
        for r in 0..<runs {
            for k in 0..<pairs {
                let p = (k + r) % pairs
                var trial = [0.0, 0.0]
                for j in (r % 2 == 0 ? [0, 1] : [1, 0]) {
                    let i = 2 * p + j, n = Double(iterations[i])
                    let w0 = nowNs(), c0 = processCPUNs(), s0 = voluntarySwitches()
                    for _ in 0..<iterations[i] { bodies[i]() }
                    trial[j] = Double(nowNs() - w0) / n
                    wall[i].append(trial[j])
                    cpu[i].append(Double(processCPUNs() - c0) / n)
                    switches[i].append(Double(voluntarySwitches() - s0) / n)
                }
                pairSpeedup[p].append(trial[0] / trial[1])
            }
        }
        return (wall, cpu, switches, pairSpeedup)
    }

    static func f(_ x: Double) -> String { String(format: "%.2f", x) }

    static func processCPUNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    static func voluntarySwitches() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return u.ru_nvcsw
    }

    static func loadAverage() -> String {
        var l = [Double](repeating: 0, count: 1)
        return getloadavg(&l, 1) == 1 ? String(format: "%.1f", l[0]) : "?"
    }
}
