#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// Writes several outputs all or none: every regular file's bytes are staged beside it first (an
    /// unnamed `O_TMPFILE` file where the file system has them, else a named temporary file), flushed to
    /// disk; then the special files (devices, FIFOs, descriptor links) are written in place; and only when
    /// all of that worked are the staged files named and renamed over their destinations. A failure, or a
    /// kill, before the renames leaves every destination as it was (`render --out x.png --json /dev/full`
    /// no longer replaces x.png) and no temporary file behind; a special file may have received part of
    /// its bytes.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` for the first output that failed.
    public static func write(all outputs: [(bytes: [UInt8], path: String)]) throws(RenderError) {
        var staged: [Staged] = []
        var special: [(bytes: [UInt8], path: String, shown: String)] = []
        do throws(RenderError) {
            for (bytes, path) in outputs {
                switch try destination(path) {
                case .inPlace(let p): special.append((bytes, p, path))
                case .replace(let p): staged.append(try stage(bytes, for: p, reportedAs: path, unnamed: true))
                }
            }
            for s in special { try writeInPlace(s.bytes, to: s.path, reportedAs: s.shown) }
        } catch {
            for s in staged { s.discard() }
            throw error
        }
        for (i, s) in staged.enumerated() {
            do throws(RenderError) { try s.commit() } catch {
                for rest in staged[(i + 1)...] { rest.discard() }
                throw error
            }
        }
    }

    /// One regular file's bytes, written and flushed, waiting to be named.
    enum Staged {
        /// An unnamed file (`O_TMPFILE`), still open.
        case unnamed(fd: Int32, final: String, shown: String)
        /// A named temporary file, closed, registered for removal on signals.
        case named(temp: String, final: String, shown: String, slot: Int?)

        /// Names the file and renames it over its destination.
        func commit() throws(RenderError) {
            switch self {
            case .unnamed(let fd, let final, let shown):
                defer { close(fd) }
                let dir = folder(of: final), name = String(final.split(separator: "/").last!)
                let named = try TemporaryFiles.withSignalsBlocked { () throws(RenderError) -> (String, Int?)? in
                    let temp = dir + "/." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
                    let slot = TemporaryFiles.register(temp)
                    guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temp, AT_SYMLINK_FOLLOW) == 0 else {
                        TemporaryFiles.unregister(slot)
                        return nil
                    }
                    return (temp, slot)
                }
                guard let (temp, slot) = named else { throw .cannotWrite(path: shown, reason: reason(errno)) }
                defer { TemporaryFiles.unregister(slot) }
                guard rename(temp, final) == 0 else { let e = errno; unlink(temp); throw .cannotWrite(path: shown, reason: reason(e)) }
            case .named(let temp, let final, let shown, let slot):
                defer { TemporaryFiles.unregister(slot) }
                guard rename(temp, final) == 0 else { let e = errno; unlink(temp); throw .cannotWrite(path: shown, reason: reason(e)) }
            }
        }

        /// Removes the staged bytes (the destination is untouched).
        func discard() {
            switch self {
            case .unnamed(let fd, _, _): close(fd)
            case .named(let temp, _, _, let slot): unlink(temp); TemporaryFiles.unregister(slot)
            }
        }
    }

    /// `bytes` staged beside `path` with `path`'s permission bits (or rw-r--r--), flushed; `unnamed: false`
    /// takes the named-temporary-file way that file systems without `O_TMPFILE` get (for tests).
    static func stage(_ bytes: [UInt8], for path: String, reportedAs shown: String, unnamed: Bool) throws(RenderError) -> Staged {
        let dir = folder(of: path)
        let name = String(path.split(separator: "/").last!)
        var st = stat()
        let mode: mode_t = stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0o644
        func fail(_ code: Int32) -> RenderError { .cannotWrite(path: shown, reason: reason(code)) }
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let oTmpFile: Int32 = 0o20000000 | O_DIRECTORY
        let fd = unnamed ? open(dir, oTmpFile | O_WRONLY | O_CLOEXEC, mode_t(0o600)) : -1
        if fd >= 0 {
            if let code = writeAll(fd, bytes) { close(fd); throw fail(code) }
            guard fchmod(fd, mode) == 0, fsync(fd) == 0 else { let e = errno; close(fd); throw fail(e) }
            // Named through /proc at commit; without /proc, stage it the named way instead.
            if access("/proc/self/fd/\(fd)", F_OK) == 0 { return .unnamed(fd: fd, final: path, shown: shown) }
            close(fd)
        } else if unnamed && ![EOPNOTSUPP, EISDIR, EINVAL, ENOTSUP].contains(errno) {
            throw fail(errno)  // a real error (missing folder, permission), not a missing feature
        }
        #endif
        var template = Array((dir + "/." + name + ".tmp-XXXXXX").utf8CString)
        func templateName() -> String { String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let (fd2, slot) = try TemporaryFiles.withSignalsBlocked { () throws(RenderError) -> (Int32, Int?) in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw fail(errno) }
            return (fd, TemporaryFiles.register(templateName()))
        }
        let temp = templateName()
        func cleanUp(_ code: Int32) -> RenderError {
            close(fd2); unlink(temp); TemporaryFiles.unregister(slot)
            return fail(code)
        }
        if let code = writeAll(fd2, bytes) { throw cleanUp(code) }
        guard fchmod(fd2, mode) == 0, fsync(fd2) == 0 else { throw cleanUp(errno) }
        guard close(fd2) == 0 else { let e = errno; unlink(temp); TemporaryFiles.unregister(slot); throw fail(e) }
        return .named(temp: temp, final: path, shown: shown, slot: slot)
    }
}
