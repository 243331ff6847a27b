import Foundation

/// What a program run by ``runProgram(_:_:environment:unset:cwd:)`` gave.
public struct Run: Sendable {
    /// Its exit status.
    public var status: Int32
    /// Its standard output and standard error, as UTF-8 (bytes that are not are replaced).
    public var stdout: String, stderr: String
    public init(status: Int32, stdout: String, stderr: String) { self.status = status; self.stdout = stdout; self.stderr = stderr }
}

/// Runs the program at `executable` with `arguments` (this process's environment with `environment`'s
/// overrides and without the variables `unset` names; in `cwd` when given) and waits for it.
public func runProgram(_ executable: String, _ arguments: [String], environment: [String: String] = [:], unset: [String] = [],
                       cwd: String? = nil) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    for k in unset { env[k] = nil }
    p.environment = env
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out; p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

/// What ``runProgramCounted(_:_:environment:)`` gave: the run, and the work the program did as the kernel
/// counted it (its own CPU time and peak memory, as GNU time reads them from `wait4`), which a loaded
/// machine does not inflate the way it inflates the wall clock.
public struct CountedRun: Sendable {
    /// The program's run.
    public var run: Run
    /// User plus system CPU seconds of the program.
    public var cpuSeconds: Double
    /// Its peak resident set, in kilobytes.
    public var peakKilobytes: Int
}

/// Runs `executable` as ``runProgram(_:_:environment:unset:cwd:)`` does, under GNU time (`/usr/bin/time`,
/// which `scripts/install-deps --test` installs), and gives its CPU time and peak memory with its run.
public func runProgramCounted(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CountedRun {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("counted-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let run = try runProgram("/usr/bin/time", ["-f", "%U %S %M", "-o", report, executable] + arguments, environment: environment)
    let fields = try String(contentsOfFile: report, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count >= 3, let user = Double(fields[fields.count - 3]), let system = Double(fields[fields.count - 2]),
          let peak = Int(fields[fields.count - 1]) else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "GNU time wrote \(fields)"])
    }
    return CountedRun(run: run, cpuSeconds: user + system, peakKilobytes: peak)
}
