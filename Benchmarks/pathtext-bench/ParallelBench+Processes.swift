import Foundation

/// `parallel/…/control-2-processes`: each one-thread body run in two processes of this bench started
/// together, against one process alone. Nothing is shared between the two: each has its engine, fonts,
/// caches and allocator. Their speed-up is what the host gives two copies of exactly this work; two
/// threads of one process reaching less than it lose the difference to what the threads share.
extension ParallelBench {
    /// Per call of one body: wall clock and CPU time alone, and per process when two run at once.
    struct ProcessControl {
        var alone: [Double] = [], together: [Double] = [], cpuAlone: [Double] = [], cpuTogether: [Double] = []
        /// Throughput of two processes ÷ one: 2 × alone ÷ together, the median over runs.
        var speedup: Double { median(zip(alone, together).map { 2 * $0 / $1 }) }
    }

    /// Runs each of `bodies` (`PATHTEXT_PARALLEL_LOOP` indices of one-thread bodies) in child processes
    /// `calls[k]` times: one alone, then two at once, `runs` times in alternating order. A child's set-up
    /// (its engine, fonts and fixtures) is measured in children that call the body 0 times and taken off.
    static func processControls(_ bodies: [Int], calls: [Int], fontsDir: String, smoke: Bool, runs: Int) -> [ProcessControl] {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let args = ["--only", "parallel", "--fonts", fontsDir] + (smoke ? ["--smoke"] : [])
        func children(_ count: Int, body: Int, calls: Int) -> (wall: Double, cpu: Double) {
            let started = (0..<count).map { _ in
                ProcessBench.start(binary, args, environment: ["PATHTEXT_PARALLEL_LOOP=\(body):\(calls)"])
            }
            let samples = started.map { $0.finish() }
            return (samples.map(\.wall).max()!, samples.map(\.cpu).reduce(0, +) / Double(count))
        }
        var out = Array(repeating: ProcessControl(), count: bodies.count)
        for r in 0..<runs {
            for (k, body) in bodies.enumerated() {
                let n = calls[k]
                var alone = (wall: 0.0, cpu: 0.0), together = alone
                for order in (r % 2 == 0 ? [1, 2] : [2, 1]) {
                    let base = children(order, body: body, calls: 0), full = children(order, body: body, calls: n)
                    let perCall = (wall: (full.wall - base.wall) / Double(n), cpu: (full.cpu - base.cpu) / Double(n))
                    if order == 1 { alone = perCall } else { together = perCall }
                }
                out[k].alone.append(alone.wall); out[k].together.append(together.wall)
                out[k].cpuAlone.append(alone.cpu); out[k].cpuTogether.append(together.cpu)
            }
        }
        return out
    }

    /// The rows of one body's process control.
    static func processControlRows(_ name: String, _ c: ProcessControl, what: String) -> [Row] {
        [
            makeRow("parallel/\(name)/control-2-processes", ours: c.together, peer: c.alone, peerName: "the same in one process alone",
                    note: "the host's control for \(what): the one-thread body in two processes of this bench started together (nothing shared: each its own engine, fonts, caches and allocator), per call and process, set-up taken off; throughput of two = \(f(c.speedup)) × one (median of \(c.alone.count) runs)"),
            makeRow("parallel/\(name)/control-2-processes/cpu", ours: c.cpuTogether, peer: c.cpuAlone, peerName: "the same in one process alone, CPU time",
                    note: "CPU time per call in each of two processes at once ÷ alone: above 1.00, the host ran the same work slower on two cores"),
        ]
    }
}
