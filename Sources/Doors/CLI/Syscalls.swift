#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("pathtext needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// Process-level calls of the command line (exit, signals). The files that read inputs and write outputs
/// (``InputFiles``, ``Output``, ``FileIdentity``, ``FontsFolder``, ``CommandLineBytes``, and the streams
/// of `render`) import the C library themselves, each for the calls of its own concept.
enum Syscalls {
    /// Ends the process with `code` (`exit`, which flushes stdout).
    static func exitProcess(_ code: Int32) -> Never { exit(code) }
}
