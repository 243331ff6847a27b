extension AtomicFile {
    /// Writes several outputs all or none: every regular file's bytes are staged beside it first (an
    /// unnamed `O_TMPFILE` file where the file system has them, else a named temporary file) and flushed to
    /// disk (``flush(_:)``); then the special files (devices, FIFOs, descriptor links) are written in place;
    /// and only when all of that worked are the staged files named and renamed over their destinations. A
    /// failure, or a kill, before the renames leaves every destination as it was (`render --out x.png
    /// --json /dev/full` no longer replaces x.png, a metatile's tiles are all written or none) and no
    /// temporary file behind; a special file may have received part of its bytes.
    /// - Throws: ``FileError/cannotWrite(path:reason:)`` for the first output that failed.
    package static func write(all outputs: [(bytes: [UInt8], path: String)]) throws(FileError) {
        var staged: [Staged] = []
        var special: [(bytes: [UInt8], path: String, shown: String)] = []
        do throws(FileError) {
            for (bytes, path) in outputs {
                switch try destination(path) {
                case .inPlace(let p): special.append((bytes, p, path))
                case .replace(let p): staged.append(try stage(bytes, for: p, reportedAs: path, unnamed: true, flush: false))
                }
            }
            try flush(staged)
            for s in special { try writeInPlace(s.bytes, to: s.path, reportedAs: s.shown) }
        } catch {
            for s in staged { s.discard() }
            throw error
        }
        for (i, s) in staged.enumerated() {
            do throws(FileError) { try s.commit() } catch {
                for rest in staged[(i + 1)...] { rest.discard() }
                throw error
            }
        }
    }

    /// Flushes the staged unnamed files to disk before any is named: with one file, its `fsync`; with more,
    /// one `syncfs` per file system they are on (``Syscalls/flushFileSystem(_:)``), which writes them all
    /// in one journal commit. A `fsync` each cost about 0.3 ms a file on this machine's ext4 (81 ms of the
    /// 270 files of the Helsinki tiles at zooms 13–17, a fifth of the job) and made two processes writing
    /// tiles wait on each other's commits. `syncfs` also writes back other processes' dirty files on that
    /// file system; where it fails, each file gets its `fsync`. Named temporary files were flushed when
    /// staged.
    /// - Throws: ``FileError/cannotWrite(path:reason:)`` for a file whose flush failed.
    static func flush(_ staged: [Staged]) throws(FileError) {
        var unnamed: [(fd: Int32, shown: String)] = []
        for case .unnamed(let fd, _, let shown) in staged { unnamed.append((fd, shown)) }
        func fsyncEach(_ files: ArraySlice<(fd: Int32, shown: String)>) throws(FileError) {
            for f in files where !Syscalls.flushToDisk(f.fd) { throw .cannotWrite(path: f.shown, reason: reason(Syscalls.lastError)) }
        }
        guard unnamed.count > 1 else { return try fsyncEach(unnamed[...]) }
        var flushed: [UInt64] = []
        for (i, f) in unnamed.enumerated() {
            guard let device = Syscalls.device(of: f.fd) else { throw .cannotWrite(path: f.shown, reason: reason(Syscalls.lastError)) }
            if flushed.contains(device) { continue }
            guard Syscalls.flushFileSystem(f.fd) else { return try fsyncEach(unnamed[i...]) }
            flushed.append(device)
        }
    }

    /// One regular file's bytes, written (and flushed, or to be flushed by ``flush(_:)``), waiting to be named.
    enum Staged {
        /// An unnamed file (`O_TMPFILE`), still open.
        case unnamed(fd: Int32, final: String, shown: String)
        /// A named temporary file, closed, registered for removal on signals.
        case named(temp: String, final: String, shown: String, slot: Int?)

        /// Names the file and renames it over its destination.
        func commit() throws(FileError) {
            switch self {
            case .unnamed(let fd, let final, let shown):
                defer { Syscalls.closeFile(fd) }
                let dir = folder(of: final), name = String(final.split(separator: "/").last!)
                let named = try Syscalls.withStopSignalsBlocked { () throws(FileError) -> (String, Int?)? in
                    let temp = dir + "/." + name + ".tmp-\(Syscalls.processID)-\(UInt32.random(in: 0...UInt32.max))"
                    let slot = TemporaryFiles.register(temp)
                    guard Syscalls.linkUnnamedFile(fd, to: temp) else {
                        TemporaryFiles.unregister(slot)
                        return nil
                    }
                    return (temp, slot)
                }
                guard let (temp, slot) = named else { throw .cannotWrite(path: shown, reason: reason(Syscalls.lastError)) }
                defer { TemporaryFiles.unregister(slot) }
                try rename(temp, over: final, shown: shown)
            case .named(let temp, let final, let shown, let slot):
                defer { TemporaryFiles.unregister(slot) }
                try rename(temp, over: final, shown: shown)
            }
        }

        /// Renames the staged `temp` over `final`, removing `temp` when that fails.
        private func rename(_ temp: String, over final: String, shown: String) throws(FileError) {
            guard Syscalls.renameFile(temp, final) else {
                let e = Syscalls.lastError
                Syscalls.removeFile(temp)
                throw .cannotWrite(path: shown, reason: reason(e))
            }
        }

        /// Removes the staged bytes (the destination is untouched).
        func discard() {
            switch self {
            case .unnamed(let fd, _, _): Syscalls.closeFile(fd)
            case .named(let temp, _, _, let slot): Syscalls.removeFile(temp); TemporaryFiles.unregister(slot)
            }
        }
    }

    /// `bytes` staged beside `path` with `path`'s permission bits (or rw-r--r--), flushed (an unnamed file
    /// only when `flush`; a named one always, as it is closed here); `unnamed: false` takes the
    /// named-temporary-file way that file systems without `O_TMPFILE` get (for tests).
    static func stage(_ bytes: [UInt8], for path: String, reportedAs shown: String, unnamed: Bool, flush: Bool = true) throws(FileError) -> Staged {
        let dir = folder(of: path)
        let name = String(path.split(separator: "/").last!)
        let mode = Syscalls.permissions(of: path) ?? 0o644
        func fail(_ code: Int32) -> FileError { .cannotWrite(path: shown, reason: reason(code)) }
        if unnamed {
            let (fd, notSupported) = Syscalls.openUnnamedFile(in: dir)
            if fd >= 0 {
                if let code = Syscalls.writeAll(fd, bytes) { Syscalls.closeFile(fd); throw fail(code) }
                guard Syscalls.setPermissions(fd, mode), !flush || Syscalls.flushToDisk(fd) else {
                    let e = Syscalls.lastError; Syscalls.closeFile(fd); throw fail(e)
                }
                // Named through /proc at commit; without /proc, stage it the named way instead.
                if Syscalls.canLinkUnnamedFile(fd) { return .unnamed(fd: fd, final: path, shown: shown) }
                Syscalls.closeFile(fd)
            } else if !notSupported {
                throw fail(Syscalls.lastError)  // a real error (missing folder, permission), not a missing feature
            }
        }
        var template = Array((dir + "/." + name + ".tmp-XXXXXX").utf8CString)
        func templateName() -> String { String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let (fd2, slot) = try Syscalls.withStopSignalsBlocked { () throws(FileError) -> (Int32, Int?) in
            let fd = template.withUnsafeMutableBufferPointer { Syscalls.makeTemporaryFile($0.baseAddress!) }
            guard fd >= 0 else { throw fail(Syscalls.lastError) }
            return (fd, TemporaryFiles.register(templateName()))
        }
        let temp = templateName()
        func cleanUp(_ code: Int32) -> FileError {
            Syscalls.closeFile(fd2); Syscalls.removeFile(temp); TemporaryFiles.unregister(slot)
            return fail(code)
        }
        if let code = Syscalls.writeAll(fd2, bytes) { throw cleanUp(code) }
        guard Syscalls.setPermissions(fd2, mode), Syscalls.flushToDisk(fd2) else { throw cleanUp(Syscalls.lastError) }
        guard Syscalls.closeFile(fd2) else {
            let e = Syscalls.lastError; Syscalls.removeFile(temp); TemporaryFiles.unregister(slot); throw fail(e)
        }
        return .named(temp: temp, final: path, shown: shown, slot: slot)
    }
}
