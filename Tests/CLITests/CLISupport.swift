import Foundation

/// The result of running `pathtext`.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The package root (three levels above this file).
let packageRoot: String = {
    var dir = #filePath
    for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
    return dir
}()

/// The `pathtext` binary built beside the test bundle.
let pathtextBinary: String = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pathtext").path,
        packageRoot + "/.build/debug/pathtext",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
}()

/// Runs `pathtext` (or the program at `binary`) with `arguments`, optional environment overrides and
/// variables to remove, and waits.
func pathtext(_ arguments: [String], environment: [String: String] = [:], unset: [String] = [], cwd: String? = nil,
              binary: String = pathtextBinary) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
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

/// Parses JSON output.
func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
