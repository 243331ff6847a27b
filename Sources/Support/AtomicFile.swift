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
    /// - Throws: ``FileError/cannotWrite(path:reason:)`` with the system's reason.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes, to: path, unnamed: true)
    }

    /// ``write(_:to:)``, with `unnamed: false` taking the named-temporary-file way that file systems
    /// without `O_TMPFILE` get (for tests).
    static func write(_ bytes: [UInt8], to path: String, unnamed: Bool) throws(FileError) {
        switch try destination(path) {
        case .inPlace(let p): try writeInPlace(bytes, to: p, reportedAs: path)
        case .replace(let p): try replace(p, with: bytes, reportedAs: path, unnamed: unnamed)
        }
    }

    /// Decides how `path` is written, following symbolic links.
    static func destination(_ path: String) throws(FileError) -> Destination {
        guard let name = path.split(separator: "/").last, !path.hasSuffix("/"), name != ".", name != ".." else {
            throw .cannotWrite(path: path, reason: "not a file name")
        }
        switch Syscalls.kind(of: path) {
        case .folder: throw .cannotWrite(path: path, reason: reason(Syscalls.Errno.isFolder))
        case .special: return .inPlace(path)
        case .regular, .missing: break
        }
        // Follow links one at a time: a descriptor link (/dev/stdout → /proc/self/fd/1 → the shell's
        // file) is written in place, anything else is replaced where the last link points.
        var current = path
        for _ in 0..<40 {
            if isDescriptorLink(current) { return .inPlace(path) }
            guard Syscalls.isSymbolicLink(current) else { return .replace(current) }
            guard let target = Syscalls.linkTarget(current) else { throw .cannotWrite(path: path, reason: reason(Syscalls.lastError)) }
            current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
        }
        throw .cannotWrite(path: path, reason: reason(Syscalls.Errno.tooManyLinks))
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
    static func writeInPlace(_ bytes: [UInt8], to path: String, reportedAs shown: String) throws(FileError) {
        // Without blocking: a FIFO no process reads would block the open forever. Opening it non-blocking
        // fails with ENXIO instead; a reader gets a second to appear.
        var fd = Syscalls.openForAppending(path)
        var tries = 0
        while fd < 0 && Syscalls.lastError == Syscalls.Errno.noReader && tries < 100 {
            Syscalls.sleep(microseconds: 10_000)
            tries += 1
            fd = Syscalls.openForAppending(path)
        }
        guard fd >= 0 else {
            let code = Syscalls.lastError
            throw .cannotWrite(path: shown, reason: code == Syscalls.Errno.noReader ? "no process is reading from it (a FIFO or socket with no reader)" : reason(code))
        }
        if let code = Syscalls.writeAll(fd, bytes) { Syscalls.closeFile(fd); throw .cannotWrite(path: shown, reason: reason(code)) }
        guard Syscalls.closeFile(fd) || Syscalls.lastError == Syscalls.Errno.interrupted else {
            throw .cannotWrite(path: shown, reason: reason(Syscalls.lastError))
        }
    }

    /// Writes a new regular file at `path` atomically: staged beside it, then renamed over it.
    private static func replace(_ path: String, with bytes: [UInt8], reportedAs shown: String, unnamed: Bool) throws(FileError) {
        try stage(bytes, for: path, reportedAs: shown, unnamed: unnamed).commit()
    }

    /// Reads the whole file at `path`.
    /// - Throws: ``FileError/cannotRead(path:reason:)`` with the system's reason.
    package static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = Syscalls.openForReading(path)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: reason(Syscalls.lastError)) }
        defer { Syscalls.closeFile(fd) }
        switch Syscalls.readAll(fd) {
        case .success(let bytes): return bytes
        case .failure(.unreadable(let why)): throw .cannotRead(path: path, reason: why)
        case .failure(let other): throw .cannotRead(path: path, reason: "\(other)")
        }
    }

    static func reason(_ code: Int32) -> String { Syscalls.message(code) }
}
