import Support

/// Why rendering or writing an image failed.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A canvas with no pixels (zero or negative width or height) was requested.
    case emptyCanvas(width: Int, height: Int)
    /// A canvas above the pixel limit was requested; nothing was allocated.
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    /// libpng could not encode the image; `reason` is libpng's message.
    case pngEncodingFailed(reason: String)
    /// The bytes are not a PNG that libpng can read; `reason` is libpng's message.
    case pngDecodingFailed(reason: String)
    /// A file could not be written; nothing was left at `path`.
    case cannotWrite(path: String, reason: String)
    /// A file could not be read.
    case cannotRead(path: String, reason: String)

    /// The same failure of a file read or write.
    public init(_ error: FileError) {
        switch error {
        case let .cannotWrite(path, reason): self = .cannotWrite(path: path, reason: reason)
        case let .cannotRead(path, reason): self = .cannotRead(path: path, reason: reason)
        }
    }

    /// A one-line explanation for people.
    public var description: String {
        switch self {
        case let .emptyCanvas(w, h):
            "cannot make a \(w)×\(h) canvas: width and height must be at least 1"
        case let .canvasTooLarge(w, h, limit):
            "a \(w)×\(h) canvas is larger than the limit of \(limit) pixels"
        case let .pngEncodingFailed(reason):
            "PNG encoding failed: \(reason)"
        case let .pngDecodingFailed(reason):
            "not a readable PNG: \(reason)"
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        case let .cannotRead(path, reason):
            "cannot read \(path): \(reason)"
        }
    }
}
