#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Shaping needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// The operating-system calls Shaping makes (reading font files), in one place: the only file of the
/// module that imports the C library.
enum Syscalls {
    /// `ENOENT`.
    static let noSuchFile = ENOENT
    /// `EISDIR`.
    static let isADirectory = EISDIR

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

    /// Reads the whole file at `path` into one new allocation (of at least one byte), returning it with
    /// the byte count; or the system's reason for failing.
    static func readWholeFile(_ path: String) -> Result<(UnsafeMutableRawPointer, Int), SystemError> {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return .failure(SystemError(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(SystemError(errno)) }
        guard !isDirectory(st) else { return .failure(SystemError(EISDIR)) }
        // The size from fstat is a hint: read until end of file, growing if the file grew.
        var capacity = max(Int(st.st_size), 0) + 1
        var base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        var count = 0
        while true {
            if count == capacity {
                let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                bigger.copyMemory(from: base, byteCount: count)
                base.deallocate()
                base = bigger
                capacity *= 2
            }
            let n = read(fd, base + count, capacity - count)
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                base.deallocate()
                return .failure(SystemError(code))
            }
            if n == 0 { return .success((base, count)) }
            count += n
        }
    }

    /// `path` made absolute and free of symbolic links (`realpath`), or joined to the working folder
    /// when that fails.
    static func absolutePath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        if path.hasPrefix("/") { return path }
        guard let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        let cwd = String(cString: folder)
        return (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
    }

    /// An `errno` value with the system's message for it.
    struct SystemError: Error {
        /// The `errno` value.
        let code: Int32
        init(_ code: Int32) { self.code = code }
        /// `strerror`'s text, lowercased at the start like the library's other messages.
        var message: String {
            guard let text = strerror(code) else { return "error \(code)" }
            let s = String(cString: text)
            return s.prefix(1).lowercased() + s.dropFirst()
        }
    }
}
