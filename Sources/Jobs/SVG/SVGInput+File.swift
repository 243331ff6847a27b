import Support
import Requests

extension SVGInput {
    /// Reads the SVG document in the file at `path` (at most ``XMLLimits/bytes`` of it).
    /// - Throws: ``SVGError/unreadable(path:reason:)`` when the file cannot be read, or the errors of
    ///   ``read(_:options:resolver:)``.
    public static func read(file path: String, options: SVGReadOptions = SVGReadOptions(),
                            resolver: SceneResolver = SceneResolver()) throws(SVGError) -> SVGScene {
        let bytes: [UInt8]
        switch Syscalls.readFile(path, limit: options.limits.bytes) {
        case .success(let read): bytes = read
        case .failure(.tooLarge(let n)): throw .tooLarge(bytes: n, limit: options.limits.bytes)
        case .failure(.unreadable(let why)): throw .unreadable(path: path, reason: why)
        case .failure(.notARegularFile): throw .unreadable(path: path, reason: "it is a folder")
        case .failure(.empty): bytes = []
        }
        return try read(bytes, options: options, resolver: resolver)
    }
}
