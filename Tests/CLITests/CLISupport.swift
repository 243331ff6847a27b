import Foundation
import TestSupport

/// The package's top folder.
let packageRoot = PackagePaths.root

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
    try runProgram(binary, arguments, environment: environment, unset: unset, cwd: cwd)
}

/// Parses JSON output.
func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

/// Runs `pathtext` under GNU time: its run, with the CPU seconds and the peak memory it used.
func pathtextCounted(_ arguments: [String]) throws -> CountedRun { try runProgramCounted(pathtextBinary, arguments) }
