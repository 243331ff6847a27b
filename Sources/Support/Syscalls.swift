#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("PathText needs a POSIX C library (Glibc, Musl or Darwin)")
#endif
import CSyscalls

/// Every operating-system call PathText makes, each a thin wrapper with the call's meaning in its name,
/// and the one place that names the platform's C library: the `#if` above, and the few fields and calls
/// that differ between Linux and Darwin (`st_mtim`, `O_TMPFILE`, `sigaction`'s handler), are here and
/// nowhere else (`ArchitectureTests` greps for them).
///
/// Failures are returned as the call returns them (`-1`, `nil`, `false`) with the `errno` code in
/// ``lastError``, or as an ``Errno`` value; ``message(_:)`` words a code as the system does.
package enum Syscalls {
    // MARK: Errors

    /// `errno` after the call that just failed.
    package static var lastError: Int32 { errno }

    /// The `errno` codes that callers branch on, by meaning.
    package enum Errno {
        /// `EINTR`: interrupted by a signal; the call may be retried.
        package static let interrupted = EINTR
        /// `EEXIST`: the name is taken.
        package static let exists = EEXIST
        /// `EISDIR`: a folder where a file was expected.
        package static let isFolder = EISDIR
        /// `ELOOP`: too many symbolic links.
        package static let tooManyLinks = ELOOP
        /// `ENXIO`: a FIFO or socket with no process at the other end.
        package static let noReader = ENXIO
        /// `EPIPE`: the reader of a pipe went away.
        package static let brokenPipe = EPIPE
        /// `EIO`: an input/output error (a write that wrote nothing).
        package static let inputOutput = EIO
    }

    /// `strerror(code)`: the system's text for an `errno` value.
    package static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// A short reason for an `open`/`read` failure, in the words the doors' messages use.
    package static func readReason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a folder on the way is a file"
        case EISDIR: "it is a folder"
        case ELOOP: "too many symbolic links"
        case ENAMETOOLONG: "the path is too long"
        default: message(code)
        }
    }

    // MARK: What is at a path

    /// What a path or descriptor names.
    package enum FileKind: Sendable, Equatable {
        /// Nothing (or `stat` failed).
        case missing
        /// A folder.
        case folder
        /// A regular file.
        case regular
        /// A device, FIFO or socket.
        case special
    }

    /// The kind of a `stat` result (`st_mode` is 16 bits on Darwin, 32 on Linux).
    private static func kind(_ st: stat) -> FileKind {
        switch UInt32(st.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFDIR): .folder
        case UInt32(S_IFREG): .regular
        default: .special
        }
    }

    /// What `path` names, following symbolic links.
    package static func kind(of path: String) -> FileKind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        return kind(st)
    }

    /// The permission bits of the file at `path` (following links), or `nil` when there is none.
    package static func permissions(of path: String) -> UInt32? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return UInt32(st.st_mode) & 0o7777
    }

    /// Whether `path` itself (not what it points to) is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK)
    }

    /// The target of the symbolic link at `path` (`readlink`), or `nil` with ``lastError`` set.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What identifies a file's contents: device, inode, size and modification time (after following
    /// symbolic links), so two names of one file share it and a file replaced in place does not.
    package struct FileIdentity: Hashable, Sendable {
        /// The device and inode: the file, whatever its name.
        package var device: UInt64, inode: UInt64
        /// The size in bytes and the modification time: its contents.
        package var size: Int64, seconds: Int, nanoseconds: Int
        /// What the identity names.
        package var kind: FileKind
    }

    /// The identity of the file at `path`, or `nil` when `stat` fails.
    package static func identity(of path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
        let (seconds, nanoseconds) = (Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec))
        #else
        let (seconds, nanoseconds) = (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec))
        #endif
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                            seconds: seconds, nanoseconds: nanoseconds, kind: kind(st))
    }

    /// Whether `path` exists (`access(path, F_OK)`), or with `readable`, can be read.
    package static func exists(_ path: String, readable: Bool = false) -> Bool {
        access(path, readable ? R_OK : F_OK) == 0
    }

    /// `path` without symbolic links, `.` or `..` (`realpath`), or `nil` when some part is missing.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return shownPath(resolved)
    }

    /// `path` made absolute and free of symbolic links (`realpath`), or joined to the working folder
    /// when that fails.
    package static func absolutePath(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        if path.hasPrefix("/") { return path }
        guard let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        let cwd = shownPath(folder)
        return (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
    }

    /// A file-system path as text: valid UTF-8 as it is, any other byte as `\xNN` (a folder whose name is not
    /// UTF-8 is shown as it is, not with U+FFFD, which names no file).
    package static func shownPath(_ cPath: UnsafePointer<CChar>) -> String {
        shownPath(UnsafeBufferPointer(start: UnsafeRawPointer(cPath).assumingMemoryBound(to: UInt8.self), count: strlen(cPath)))
    }

    /// ``shownPath(_:)-(UnsafePointer<CChar>)`` of a C string's bytes.
    package static func shownPath(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
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
            if !taken {
                let hex = String(bytes[i], radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex); i += 1
            }
        }
        return out
    }

    /// The bytes of the C string `p` (`strlen` of them).
    package static func bytes(ofCString p: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
    }

    // MARK: Folders

    /// `mkdir(path, 0o755)`: `true` when made, `false` with ``lastError`` set.
    package static func makeFolder(_ path: String) -> Bool { mkdir(path, 0o755) == 0 }

    /// `rmdir(path)`: removes an empty folder.
    @discardableResult package static func removeFolder(_ path: String) -> Bool { rmdir(path) == 0 }

    /// The names in the folder at `path` (`opendir`/`readdir`, without `.` and `..`), at most `limit` of
    /// them in the order the system gives; `nil` when it cannot be opened.
    package static func folderEntries(_ path: String, limit: Int) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while names.count < limit, let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The longest path (`PATH_MAX`, with its NUL) and file name (`NAME_MAX`) the system opens.
    package static let pathLimits = (path: Int(PATH_MAX), name: Int(NAME_MAX))

    // MARK: Descriptors

    /// Standard input, output and error.
    package static let standardInput: Int32 = 0, standardOutput: Int32 = 1, standardError: Int32 = 2

    /// `open(path, O_RDONLY | O_CLOEXEC)`, retried after signals; -1 with ``lastError`` set on failure.
    package static func openForReading(_ path: String, nonBlocking: Bool = false) -> Int32 {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) } while fd < 0 && errno == EINTR
        return fd
    }

    /// Opens an existing special file (or descriptor link) to append to it without making it the
    /// controlling terminal, and without waiting for a FIFO's reader (`O_NONBLOCK`, cleared once open).
    package static func openForAppending(_ path: String) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0 {
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        }
        return fd
    }

    /// An unnamed file in `folder` (Linux's `O_TMPFILE`), or -1: with ``lastError`` set for a real error,
    /// with `notSupported` set where the system or file system has no unnamed files.
    package static func openUnnamedFile(in folder: String) -> (fd: Int32, notSupported: Bool) {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let fd = open(folder, 0o20000000 | O_DIRECTORY | O_WRONLY | O_CLOEXEC, mode_t(0o600))
        if fd >= 0 { return (fd, false) }
        return (-1, [EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(errno))
        #else
        return (-1, true)
        #endif
    }

    /// Gives the unnamed file `fd` the name `path` (`linkat` through `/proc/self/fd`).
    package static func linkUnnamedFile(_ fd: Int32, to path: String) -> Bool {
        #if os(Linux)
        return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
        #else
        return false
        #endif
    }

    /// Whether an unnamed file can be named later (`/proc/self/fd` is there).
    package static func canLinkUnnamedFile(_ fd: Int32) -> Bool {
        #if os(Linux)
        return access("/proc/self/fd/\(fd)", F_OK) == 0
        #else
        return false
        #endif
    }

    /// `mkstemp(template)`: creates and opens a unique file, filling in the template's `XXXXXX`.
    package static func makeTemporaryFile(_ template: UnsafeMutablePointer<CChar>) -> Int32 { mkstemp(template) }

    /// `read(fd, buffer, count)`.
    package static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

    /// `write(fd, bytes, count)`.
    package static func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }

    /// Writes all of `bytes` to `fd`, retrying after signals; returns the `errno` of a failure (`EIO` for a
    /// write that wrote nothing), `nil` when all was written.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return nil
    }

    /// ``writeAll(_:_:)-(Int32,UnsafeRawBufferPointer)`` of a byte collection.
    package static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Int32? {
        if let result = bytes.withContiguousStorageIfAvailable({ writeAll(fd, UnsafeRawBufferPointer($0)) }) { return result }
        return Array(bytes).withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Reads `fd` to its end, at most `limit` bytes (`limit + 1` are read, so that a longer input shows):
    /// the bytes, or the `errno` of a failure.
    package static func readAll(_ fd: Int32, limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Never more than limit + 1 bytes in all: enough to tell that the input is too long.
            let wanted = limit == .max ? chunk.count : Swift.min(chunk.count, limit + 1 - out.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, wanted) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(readReason(errno)))
            }
            if n == 0 { return .success(out) }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { return .failure(.tooLarge(out.count)) }
        }
    }

    /// `fchmod(fd, mode)`.
    package static func setPermissions(_ fd: Int32, _ mode: UInt32) -> Bool { fchmod(fd, mode_t(mode)) == 0 }
    /// `fsync(fd)`.
    package static func flushToDisk(_ fd: Int32) -> Bool { fsync(fd) == 0 }
    /// `syncfs(fd)` (Linux): every dirty file of the file system `fd` is on written and flushed, in one
    /// journal commit; elsewhere `fsync(fd)`, which flushes `fd` alone.
    package static func flushFileSystem(_ fd: Int32) -> Bool { pt_syncfs(fd) == 0 }
    /// The device (`st_dev`) of the open file `fd`: which file system it is on.
    package static func device(of fd: Int32) -> UInt64? {
        var st = stat()
        return fstat(fd, &st) == 0 ? UInt64(st.st_dev) : nil
    }
    /// `close(fd)`: `false` with ``lastError`` set on failure.
    @discardableResult package static func closeFile(_ fd: Int32) -> Bool { close(fd) == 0 }
    /// `unlink(path)`.
    @discardableResult package static func removeFile(_ path: String) -> Bool { unlink(path) == 0 }
    /// `rename(from, to)`.
    package static func renameFile(_ from: String, _ to: String) -> Bool { rename(from, to) == 0 }

    /// Why a file could not be read whole.
    package enum ReadFailure: Error, Equatable {
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
    /// The caller owns the buffer (`deallocate()`).
    package static func readRegularFileIntoAllocation(_ path: String, limit: Int) -> Result<(UnsafeMutableRawPointer, Int), ReadFailure> {
        let fd = openForReading(path, nonBlocking: true)
        guard fd >= 0 else { return .failure(.unreadable(readReason(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(readReason(errno))) }
        let k = kind(st)
        guard k == .regular else { return .failure(.notARegularFile(folder: k == .folder)) }
        let size = Int(st.st_size)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        guard size > 0 else { return .failure(.empty) }
        let base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size {
            let n = read(fd, base + done, size - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let why = n < 0 ? readReason(errno) : "the file became shorter while it was read"
                base.deallocate()
                return .failure(.unreadable(why))
            }
            done += n
        }
        return .success((base, size))
    }

    /// ``readRegularFileIntoAllocation(_:limit:)`` into an array.
    package static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        readRegularFileIntoAllocation(path, limit: limit).map { (base: UnsafeMutableRawPointer, count: Int) in
            defer { base.deallocate() }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }
    }

    /// Reads at most `limit` bytes from `path` whatever it is (a regular file, a FIFO, a device): the
    /// regular file's size is checked before anything is read, anything else is read up to `limit + 1`
    /// bytes. A folder is refused.
    package static func readFile(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd = openForReading(path)
        guard fd >= 0 else { return .failure(.unreadable(readReason(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(readReason(errno))) }
        switch kind(st) {
        case .folder: return .failure(.notARegularFile(folder: true))
        case .regular where Int(st.st_size) > limit: return .failure(.tooLarge(Int(st.st_size)))
        default: return readAll(fd, limit: limit)
        }
    }

    // MARK: The process

    /// The value of the environment variable `name`, or `nil` when unset.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The process's environment as a dictionary.
    package static func environment() -> [String: String] {
        var out: [String: String] = [:]
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron().pointee else { return out }
        #else
        var entry = environ
        #endif
        while let pair = entry.pointee {
            let text = String(cString: pair)
            if let eq = text.firstIndex(of: "=") { out[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            entry += 1
        }
        return out
    }

    /// The process id.
    package static var processID: Int32 { getpid() }

    /// Keeps up to `bytes` of freed memory in the process's heap rather than handing it back to the system
    /// (glibc's `M_TRIM_THRESHOLD`), and serves blocks up to that size from the heap rather than from their
    /// own mappings (`M_MMAP_THRESHOLD`). With glibc's defaults each render maps, faults in, zeroes and unmaps
    /// its canvas and scratch buffers, and two threads doing so wait for each other in the kernel; a process
    /// that renders many pictures (the CLI, the server, a Dask worker) keeps them. Elsewhere (Musl, Darwin)
    /// a no-op. 32 MiB is glibc's largest mmap threshold on 64-bit.
    /// - Returns: whether the C library took both settings.
    @discardableResult
    package static func keepFreedMemory(bytes: Int32 = 32 << 20) -> Bool {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module does not include: found by name.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        return mallopt(-1, bytes) == 1 && mallopt(-3, bytes) == 1   // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        #else
        return false
        #endif
    }

    /// Ends the process with `code` (`exit`, which flushes stdio).
    package static func exitProcess(_ code: Int32) -> Never { exit(code) }

    /// Sleeps for `microseconds`.
    package static func sleep(microseconds: UInt32) { _ = usleep(microseconds) }

    /// Lets another thread run (`sched_yield`).
    package static func yieldThread() { _ = sched_yield() }

    // MARK: Signals

    /// The signals that end a program politely: SIGINT (Ctrl-C) and SIGTERM.
    package static let stopSignals: [Int32] = [SIGINT, SIGTERM]

    /// Installs `handler` for `signal` unless the signal is ignored (a job started in the background)
    /// or already handled by the program.
    package static func handleIfDefault(_ sig: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0, !hasHandler(current) else { return }
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(sig, &action, nil)
    }

    /// Whether `action` has a handler or ignores its signal (not the default action).
    private static func hasHandler(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        return action.__sigaction_u.__sa_handler != nil
        #else
        return action.__sigaction_handler.sa_handler != nil
        #endif
    }

    /// Restores `signal`'s default action and raises it again (from a handler: the process then ends as
    /// the signal would have ended it). Async-signal-safe.
    package static func raiseWithDefaultAction(_ sig: Int32) {
        signal(sig, SIG_DFL)
        raise(sig)
    }

    /// `unlink` of a C string, for a signal handler (async-signal-safe).
    package static func removeFile(cString path: UnsafePointer<CChar>) { unlink(path) }

    /// The set of ``stopSignals``.
    private static func stopSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in stopSignals { sigaddset(&set, s) }
        return set
    }

    /// Runs `body` with the stop signals held back in this thread, so that (for example) a temporary file
    /// is registered before a signal can end the process between creating it and registering it.
    package static func withStopSignalsBlocked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var block = stopSet(), old = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    /// Blocks the stop signals in this thread and those it starts from now on (they inherit the mask),
    /// for a program that waits for them with ``waitForStopSignal()``.
    package static func blockStopSignals() {
        var set = stopSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits until a stop signal arrives (after ``blockStopSignals()``) and returns it.
    package static func waitForStopSignal() -> Int32 {
        var set = stopSet()
        var received: Int32 = 0
        sigwait(&set, &received)
        return received
    }

    /// Waits up to `seconds` for a stop signal (after ``blockStopSignals()``): the signal, or `nil` when
    /// none came in time.
    package static func waitForStopSignal(seconds: Double) -> Int32? {
        var set = stopSet()
        let whole = Swift.max(0, Swift.min(seconds, 1e6))
        var wait = timespec(tv_sec: Int(whole.rounded(.down)), tv_nsec: Int((whole - whole.rounded(.down)) * 1e9))
        while true {
            let got = sigtimedwait(&set, nil, &wait)
            if got > 0 { return got }
            if errno != EINTR { return nil }
        }
    }

    /// Shuts a socket down both ways (`shutdown(2)`): the thread reading it sees the end of the stream
    /// and closes it; the descriptor stays its owner's.
    package static func shutdownSocket(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RDWR)) }

    /// Ends the process at once with `code` (`_exit`: no exit handlers, for a program that must stop
    /// while other threads still run).
    package static func exitImmediately(_ code: Int32) -> Never { _exit(code) }

    // MARK: Memory for C callers

    /// `malloc(count)`: memory a C caller frees with `free`, or `nil`.
    package static func allocateForC(_ count: Int) -> UnsafeMutableRawPointer? { malloc(Swift.max(count, 1)) }

    /// `strdup(text)`: a C string a C caller frees with `free`, or `nil`.
    package static func duplicateForC(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }

    /// `free(pointer)`: memory from ``allocateForC(_:)``, ``duplicateForC(_:)`` or a C caller's `malloc`.
    package static func freeForC(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

    /// `memcmp(a, b, count) == 0` for two buffers of the same count (`false` when the counts differ).
    package static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }

    // MARK: Memory mappings

    /// An anonymous private mapping of `bytes` that reserves no swap (pages are taken as they are
    /// touched), or `nil`.
    package static func mapAnonymous(_ bytes: Int) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        let flags = MAP_PRIVATE | MAP_ANON
        #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #endif
        guard let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, flags, -1, 0), p != MAP_FAILED else { return nil }
        return p
    }

    /// Asks for transparent huge pages on a mapping (a hint, refused where they are off; Linux only).
    package static func adviseHugePages(_ start: UnsafeMutableRawPointer, _ bytes: Int) {
        #if os(Linux)
        _ = madvise(start, bytes, Int32(MADV_HUGEPAGE))
        #endif
    }

    /// `munmap`: releases a mapping from ``mapAnonymous(_:)``.
    package static func unmap(_ pointer: UnsafeMutableRawPointer, _ bytes: Int) { _ = munmap(pointer, bytes) }

    // MARK: Locks

    /// A POSIX mutex at a fixed address (a pthread mutex must not move), which ThreadSanitizer understands.
    package struct Mutex: @unchecked Sendable {
        private let raw: UnsafeMutablePointer<pthread_mutex_t>

        /// A new, unlocked mutex; release it with ``destroy()``.
        package init() {
            raw = .allocate(capacity: 1)
            raw.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(raw, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        }

        /// Takes the lock, waiting for it.
        package func lock() { pthread_mutex_lock(raw) }
        /// Releases the lock.
        package func unlock() { pthread_mutex_unlock(raw) }
        /// Destroys the mutex and frees its memory.
        package func destroy() {
            pthread_mutex_destroy(raw)
            raw.deinitialize(count: 1)
            raw.deallocate()
        }
    }

    // MARK: Thread-local storage

    /// A POSIX thread-specific data key (`pthread_key_create`): one pointer per thread, `nil` until the
    /// thread sets it; when a thread that set it exits, `destructor` runs with its pointer. Made once
    /// per use (a process has at most `PTHREAD_KEYS_MAX` keys) and never deleted.
    package struct ThreadKey: @unchecked Sendable {
        @usableFromInline let key: pthread_key_t

        /// A new key whose values are passed to `destructor` when their thread exits.
        package init(destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
            var k = pthread_key_t()
            #if canImport(Darwin)
            // Darwin declares the pointer non-optional; the C function is the same.
            let status = pthread_key_create(&k, unsafeBitCast(destructor, to: (@convention(c) (UnsafeMutableRawPointer) -> Void).self))
            #else
            let status = pthread_key_create(&k, destructor)
            #endif
            precondition(status == 0, "pthread_key_create failed with \(status)")
            key = k
        }

        /// This thread's pointer (`pthread_getspecific`).
        @inlinable package var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

        /// Sets this thread's pointer (`pthread_setspecific`).
        @inlinable package func set(_ p: UnsafeMutableRawPointer?) { _ = pthread_setspecific(key, p) }
    }
}
