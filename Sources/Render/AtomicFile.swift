#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and safe writes with POSIX calls.
///
/// Where the bytes go depends on what is at the destination:
/// - **A regular file, or nothing**: the bytes go to an unnamed temporary file in the destination's
///   folder (`O_TMPFILE`), are flushed to disk, get a name (`linkat`) and are renamed over the
///   destination, so readers see the old file or the new one, never a part, and a process killed during
///   the write (even by SIGKILL) leaves nothing behind. Where the file system has no `O_TMPFILE`, a
///   named `.NAME.tmp-XXXXXX` file is used instead; a program that calls
///   ``TemporaryFiles/removeOnSignals()`` has it removed on SIGINT and SIGTERM. A replaced file keeps its
///   permission bits; a new one gets `rw-r--r--`.
/// - **A symbolic link**: it is followed (up to 40 links) and its target is written as above; the link
///   stays a link. A dangling link gets its target created.
/// - **A device, FIFO or socket** (`/dev/null`, `/dev/stdout` on a terminal or pipe, a named pipe),
///   and the descriptor links `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: opened and written in
///   place (appending, for a regular file behind a descriptor link), never replaced by a plain file.
/// - **A folder**: an error.
///
/// On any failure the temporary file is removed and the destination is untouched (a special file may
/// have received part of the bytes).
package enum AtomicFile {
    /// Where a write goes.
    enum Destination: Equatable {
        /// Replace the regular file (or create it) at this path, atomically.
        case replace(String)
        /// Open this path and write into it.
        case inPlace(String)
    }

    /// Writes `bytes` to `path`: atomically for regular files, in place for special files.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` with the system's reason.
    package static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        try write(bytes, to: path, unnamed: true)
    }

    /// ``write(_:to:)``, with `unnamed: false` taking the named-temporary-file way that file systems
    /// without `O_TMPFILE` get (for tests).
    static func write(_ bytes: [UInt8], to path: String, unnamed: Bool) throws(RenderError) {
        switch try destination(path) {
        case .inPlace(let p): try writeInPlace(bytes, to: p, reportedAs: path)
        case .replace(let p): try replace(p, with: bytes, reportedAs: path, unnamed: unnamed)
        }
    }

    /// Decides how `path` is written, following symbolic links.
    static func destination(_ path: String) throws(RenderError) -> Destination {
        guard let name = path.split(separator: "/").last, !path.hasSuffix("/"), name != ".", name != ".." else {
            throw .cannotWrite(path: path, reason: "not a file name")
        }
        var st = stat()
        if stat(path, &st) == 0 {
            let kind = st.st_mode & S_IFMT
            if kind == S_IFDIR { throw .cannotWrite(path: path, reason: reason(EISDIR)) }
            if kind != S_IFREG { return .inPlace(path) }
        }
        // Follow links one at a time: a descriptor link (/dev/stdout → /proc/self/fd/1 → the shell's
        // file) is written in place, anything else is replaced where the last link points.
        var current = path
        for _ in 0..<40 {
            if isDescriptorLink(current) { return .inPlace(path) }
            var lst = stat()
            guard lstat(current, &lst) == 0, lst.st_mode & S_IFMT == S_IFLNK else { return .replace(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw .cannotWrite(path: path, reason: reason(errno)) }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
        }
        throw .cannotWrite(path: path, reason: reason(ELOOP))
    }

    /// `/dev/stdin|stdout|stderr`, `/dev/fd/N` and `/proc/<pid>/fd/N`: names of an open descriptor.
    static func isDescriptorLink(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard path.hasPrefix("/") else { return false }
        if parts.count == 2, parts[0] == "dev", ["stdin", "stdout", "stderr"].contains(parts[1]) { return true }
        if parts.count == 3, parts[0] == "dev", parts[1] == "fd" { return true }
        if parts.count == 4, parts[0] == "proc", parts[2] == "fd" { return true }
        return false
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Opens an existing special file (or descriptor link) and writes into it.
    static func writeInPlace(_ bytes: [UInt8], to path: String, reportedAs shown: String) throws(RenderError) {
        // Without blocking: a FIFO no process reads would block the open forever. Opening it non-blocking
        // fails with ENXIO instead; a reader gets a second to appear.
        var fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        var tries = 0
        while fd < 0 && errno == ENXIO && tries < 100 {
            usleep(10_000)
            tries += 1
            fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        }
        guard fd >= 0 else {
            let code = errno
            throw .cannotWrite(path: shown, reason: code == ENXIO ? "no process is reading from it (a FIFO or socket with no reader)" : reason(code))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        if let code = writeAll(fd, bytes) { close(fd); throw .cannotWrite(path: shown, reason: reason(code)) }
        guard close(fd) == 0 || errno == EINTR else { throw .cannotWrite(path: shown, reason: reason(errno)) }
    }

    /// Writes a new regular file at `path` atomically: staged beside it, then renamed over it.
    private static func replace(_ path: String, with bytes: [UInt8], reportedAs shown: String, unnamed: Bool) throws(RenderError) {
        try stage(bytes, for: path, reportedAs: shown, unnamed: unnamed).commit()
    }

    /// Writes all of `bytes`, retrying after signals; returns the `errno` of a failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Syscalls.writeSome(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Reads the whole file at `path`.
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` with the system's reason.
    static func read(_ path: String) throws(RenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Syscalls.readSome(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: reason(errno))
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
