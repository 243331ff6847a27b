import Support
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
        switch Syscalls.readFile(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge(let size)): throw tooLarge(Double(size))
        case .failure(.unreadable(let why)): throw .failure("cannot read scene file \(path): \(why)")
        case .failure(.notARegularFile): throw .failure("cannot read scene file \(path): it is a folder")
        case .failure(.empty): return []
        }
    }
}
