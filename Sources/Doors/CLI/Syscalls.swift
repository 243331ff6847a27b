#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("pathtext needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// The operating-system calls the command line makes directly, in one place: the only file of the
/// program that imports the C library (the rest goes through Foundation and the library).
enum Syscalls {
    /// Ends the process with `code` (`exit`, which flushes stdout).
    static func exitProcess(_ code: Int32) -> Never { exit(code) }
}
