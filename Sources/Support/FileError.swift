/// Why a file could not be read or written.
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file could not be written; nothing was left at `path` (a special file may have received part).
    case cannotWrite(path: String, reason: String)
    /// A file could not be read.
    case cannotRead(path: String, reason: String)

    /// A one-line explanation for people.
    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .cannotRead(path, reason): "cannot read \(path): \(reason)"
        }
    }
}
