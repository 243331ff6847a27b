#if canImport(Glibc)
import Glibc
#endif
import PathText

/// Reading the command's input files within ``ResourceLimits``.
enum InputFiles {
    /// Reads and decodes the scene file at `path`, refusing it before reading when it is larger than
    /// ``ResourceLimits/sceneFileBytes`` (a FIFO or device is read up to that size, then refused).
    /// - Throws: a failure naming the file and, for file-system errors, the system's reason.
    static func readScene(_ path: String, limits: ResourceLimits) throws(CLIError) -> Scene {
        try decodeScene(try readBytes(path, limits: limits), path: path)
    }

    /// Decodes scene JSON read from `path`.
    static func decodeScene(_ bytes: [UInt8], path: String) throws(CLIError) -> Scene {
        do { return try SceneJSON.decode(bytes) } catch {
            throw .failure("\(path): \(error.description)")
        }
    }

    /// Reads the input file at `path` (a scene or an SVG document), at most ``ResourceLimits/sceneFileBytes``.
    static func readBytes(_ path: String, limits: ResourceLimits) throws(CLIError) -> [UInt8] {
        let limit = limits.sceneFileBytes
        func tooLarge(_ size: Double) -> CLIError {
            .failure("\(path): " + LayoutError.limitExceeded(what: "scene file size in bytes", amount: size, limit: Double(limit)).description)
        }
        func systemError(_ code: Int32) -> CLIError {
            .failure("cannot read scene file \(path): \(String(cString: strerror(code)))")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw systemError(errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw systemError(errno) }
        if st.st_mode & S_IFMT == S_IFDIR { throw systemError(EISDIR) }
        if st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) > limit { throw tooLarge(Double(st.st_size)) }
        // Read at most limit + 1 bytes: enough to tell a pipe or device that is too long.
        let regular = st.st_mode & S_IFMT == S_IFREG
        var bytes = [UInt8](repeating: 0, count: (regular ? min(limit, Int(st.st_size)) : limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                // A regular file that grew while being read.
                guard bytes.count <= limit else { throw tooLarge(Double(count)) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw systemError(errno)
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw tooLarge(Double(count)) }
        return Array(bytes[0..<count])
    }
}
