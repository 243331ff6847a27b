#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Shaping needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// The operating-system calls Shaping makes (reading font files, finding folders), in one place. The only
/// other files of the module that import the C library are ``Locked`` (a pthread mutex, which
/// ThreadSanitizer understands) and the libraries' own boundary files (FreeType, HarfBuzz, FriBidi,
/// Fontconfig), which import their C modules, not the C library.
enum Syscalls {
    /// What is at a path.
    enum FileKind { case missing, directory, file }

    /// What `path` names (following symbolic links); `.missing` when `stat` fails.
    static func kind(of path: String) -> FileKind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        return isDirectory(st) ? .directory : .file
    }

    /// Whether `st` describes a folder (`st_mode` is 16 bits on Darwin, 32 on Linux).
    private static func isDirectory(_ st: stat) -> Bool {
        UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR)
    }

    /// What identifies a file's contents: device, inode, size and modification time (after following
    /// symbolic links), so two names of one file share it and a file replaced in place does not.
    struct FileIdentity: Hashable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    /// The identity of the file at `path`, or `nil` when `stat` fails.
    static func identity(of path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                            seconds: Int(st.st_mtimespec.tv_sec), nanoseconds: Int(st.st_mtimespec.tv_nsec))
        #else
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                            seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
        #endif
    }

    /// Why a file could not be read whole.
    enum ReadFailure: Error {
        /// `open`, `fstat` or `read` failed, or the file shrank while read: a short reason.
        case unreadable(String)
        /// A folder, device, FIFO or socket.
        case notARegularFile(folder: Bool)
        /// Larger than the limit (the size from `fstat`, before anything is read).
        case tooLarge(Int)
        /// Zero bytes.
        case empty
    }

    /// Reads the regular file at `path` into one new allocation, once: its size is checked on the open file
    /// (so it cannot change in between) against `limit` before anything is read, then the bytes are read
    /// straight into the buffer. A FIFO is opened without waiting for a writer, then refused.
    static func readRegularFile(_ path: String, limit: Int) -> Result<(UnsafeMutableRawPointer, Int), ReadFailure> {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return .failure(.unreadable(reason(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(reason(errno))) }
        guard UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            return .failure(.notARegularFile(folder: isDirectory(st)))
        }
        let size = Int(st.st_size)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        guard size > 0 else { return .failure(.empty) }
        let base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size {
            let n = read(fd, base + done, size - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let why = n < 0 ? reason(errno) : "the file became shorter while it was read"
                base.deallocate()
                return .failure(.unreadable(why))
            }
            done += n
        }
        return .success((base, size))
    }

    /// A short reason for an `open`/`read` failure.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a folder on the way is a file"
        case EISDIR: "it is a folder"
        case ELOOP: "too many symbolic links"
        case ENAMETOOLONG: "the path is too long"
        default: String(cString: strerror(code))
        }
    }

    /// `path` made absolute and free of symbolic links (`realpath`), or joined to the working folder
    /// when that fails.
    static func absolutePath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return shownPath(resolved)
        }
        if path.hasPrefix("/") { return path }
        guard let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        let cwd = shownPath(folder)
        return (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
    }

    /// A file-system path as text: valid UTF-8 as it is, any other byte as `\xNN` (a folder whose name is not
    /// UTF-8 is shown as it is, not with U+FFFD, which names no file).
    static func shownPath(_ cPath: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(cPath).assumingMemoryBound(to: UInt8.self), count: strlen(cPath))
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var out = "", i = 0
        while i < bytes.count {
            // The valid UTF-8 sequence starting here (1–4 bytes), else one raw byte as \xNN.
            var taken = false
            for n in 1...4 where i + n <= bytes.count {
                if let scalar = String(validating: bytes[i..<i + n], as: UTF8.self), scalar.unicodeScalars.count == 1 {
                    out += scalar; i += n; taken = true
                    break
                }
            }
            if !taken { out += "\\x" + String(bytes[i], radix: 16, uppercase: true).leftPadded(to: 2); i += 1 }
        }
        return out
    }
}
