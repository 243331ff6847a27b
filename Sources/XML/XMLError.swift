/// Why an XML document could not be read.
public enum XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document is larger than ``XMLLimits/bytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// The document has more elements than ``XMLLimits/elements``.
    case tooManyElements(limit: Int)
    /// The document declares or refers to an entity (refused: the shape of XXE and "billion laughs").
    case entitiesRefused
    /// libxml2 found the document malformed; `line` is 0 when unknown.
    case malformed(line: Int, message: String)

    /// A one-line explanation for people.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "the document is \(bytes) bytes, more than the limit of \(limit)"
        case .tooManyElements(let limit): "the document has more than \(limit) elements"
        case .entitiesRefused:
            "the document declares or uses XML entities (<!ENTITY …>, &name;): refused, since entities can read files (XXE) or expand without bound (billion laughs)"
        case .malformed(let line, let message): line > 0 ? "not well-formed XML at line \(line): \(message)" : "not well-formed XML: \(message)"
        }
    }
}
