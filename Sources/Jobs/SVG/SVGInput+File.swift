#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Requests

extension SVGInput {
    /// Reads the SVG document in the file at `path` (at most ``XMLLimits/bytes`` of it).
    /// - Throws: ``SVGError/unreadable(path:reason:)`` when the file cannot be read, or the errors of
    ///   ``read(_:options:resolver:)``.
    public static func read(file path: String, options: SVGReadOptions = SVGReadOptions(),
                            resolver: SceneResolver = SceneResolver()) throws(SVGError) -> SVGScene {
        guard let f = fopen(path, "rb") else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { bytes += chunk[0..<n] }
            if bytes.count > options.limits.bytes { throw .tooLarge(bytes: bytes.count, limit: options.limits.bytes) }
            if n < chunk.count {
                if ferror(f) != 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
                break
            }
        }
        return try read(bytes, options: options, resolver: resolver)
    }
}
