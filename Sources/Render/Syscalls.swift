#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Render needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// Small wrappers over the POSIX calls Render makes, each the call of the same meaning with its return
/// value unchanged (`-1` and ``lastError`` on failure). Render's file-system work lives in two files of
/// its own, ``AtomicFile`` (write to a temporary file, then rename; read whole) and ``TemporaryFiles``
/// (cleaning up on a signal), which call the C library directly; the other files that import it use only
/// its maths (`sin`, `cos`, `atan2`) and `memset`.
enum Syscalls {
    /// `errno` after the call that just failed.
    static var lastError: Int32 { errno }
    /// `EINTR`: the call was interrupted by a signal and may be retried.
    static let interrupted = EINTR
    /// `strerror(code)`: the system's text for an `errno` value.
    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// `open(path, O_RDONLY)`.
    static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY) }
    /// `mkstemp(template)`: creates and opens a unique file, filling in the template's `XXXXXX`.
    static func makeTemporaryFile(_ template: UnsafeMutablePointer<CChar>) -> Int32 { mkstemp(template) }
    /// `read(fd, buffer, count)`.
    static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
    /// `write(fd, bytes, count)`.
    static func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
    /// `fchmod(fd, mode)`.
    static func setMode(_ fd: Int32, _ mode: UInt32) -> Int32 { fchmod(fd, mode_t(mode)) }
    /// `fsync(fd)`.
    static func flushToDisk(_ fd: Int32) -> Int32 { fsync(fd) }
    /// `close(fd)`.
    @discardableResult static func closeFile(_ fd: Int32) -> Int32 { close(fd) }
    /// `unlink(path)`.
    @discardableResult static func removeFile(_ path: String) -> Int32 { unlink(path) }
    /// `rename(from, to)`.
    static func renameFile(_ from: String, _ to: String) -> Int32 { rename(from, to) }
}
