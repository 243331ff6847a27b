import Support

/// Why the command failed, and with which exit code.
enum CLIError: Error, CustomStringConvertible {
    /// The command line itself is wrong (exit code 2).
    case usage(String)
    /// The input or the environment is wrong (exit code 1).
    case failure(String)

    /// The message printed on stderr after `pathtext: `.
    var description: String {
        switch self {
        case .usage(let m), .failure(let m): m
        }
    }

    /// 2 for usage errors, 1 for everything else.
    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        }
    }
}

/// Runs `body`, turning any library error into a ``CLIError/failure(_:)`` with its message.
func failing<T>(_ body: () throws -> T) throws(CLIError) -> T {
    do { return try body() } catch let e as CLIError { throw e } catch { throw .failure("\(error)") }
}

/// Writes a line on stderr.
func printError(_ line: String) {
    var err = StandardError()
    print(line, to: &err)
}

/// stderr as a text stream. Write errors are ignored (there is nowhere left to report them), never a crash.
struct StandardError: TextOutputStream {
    mutating func write(_ s: String) {
        _ = Syscalls.writeAll(Syscalls.standardError, Array(s.utf8))
    }
}
