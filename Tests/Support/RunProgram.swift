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
