/// Whole-file reads and atomic writes with POSIX calls.
///
/// A write goes to a temporary file in the destination's folder, is flushed to disk, then renamed over
/// the destination, so readers see the old file or the new one, never a part. On any failure the
/// temporary file is removed and the destination is untouched.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` with the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard !name.isEmpty, !path.hasSuffix("/") else { throw .cannotWrite(path: path, reason: "not a file name") }
        var template = Array((folder + "/." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { Syscalls.makeTemporaryFile($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: reason(Syscalls.lastError)) }
        let temp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> RenderError {
            Syscalls.closeFile(fd)
            Syscalls.removeFile(temp)
            return .cannotWrite(path: path, reason: reason(code))
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Syscalls.writeSome(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if Syscalls.lastError == Syscalls.interrupted { continue }
                throw fail(Syscalls.lastError)
            }
            offset += n
        }
        guard Syscalls.setMode(fd, 0o644) == 0, Syscalls.flushToDisk(fd) == 0 else { throw fail(Syscalls.lastError) }
        guard Syscalls.closeFile(fd) == 0 else { let e = Syscalls.lastError; Syscalls.removeFile(temp); throw .cannotWrite(path: path, reason: reason(e)) }
        guard Syscalls.renameFile(temp, path) == 0 else { let e = Syscalls.lastError; Syscalls.removeFile(temp); throw .cannotWrite(path: path, reason: reason(e)) }
    }

    /// Reads the whole file at `path`.
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` with the system's reason.
    static func read(_ path: String) throws(RenderError) -> [UInt8] {
        let fd = Syscalls.openForReading(path)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: reason(Syscalls.lastError)) }
        defer { Syscalls.closeFile(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Syscalls.readSome(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if Syscalls.lastError == Syscalls.interrupted { continue }
                throw .cannotRead(path: path, reason: reason(Syscalls.lastError))
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    private static func reason(_ code: Int32) -> String { Syscalls.message(code) }
}
