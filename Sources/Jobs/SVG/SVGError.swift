import XML
/// Why an SVG document cannot be read.
public enum SVGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document is larger than the limit.
    case tooLarge(bytes: Int, limit: Int)
    /// The document has more elements than the limit.
    case tooManyElements(limit: Int)
    /// The document declares or references entities (refused: XXE, "billion laughs").
    case entitiesRefused
    /// libxml2 could not parse the document.
    case malformed(line: Int, message: String)
    /// The root element is not `<svg>` in the SVG namespace.
    case notSVG(root: String)
    /// A value the reader cannot use, with the element and attribute it came from.
    case badValue(element: String, attribute: String, value: String, expected: String)
    /// `--strict`: a feature the reader does not draw.
    case unsupported(SVGWarning)
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// A budget ran out while the document was expanded (`<use>` copies, labels, CSS matching): which
    /// budget, its limit, and the element's line where it ran out.
    case overBudget(budget: String, limit: Int, element: String, line: Int)
    /// The caller's deadline (a server's time limit) passed while the document was read.
    case deadline(String)
    /// The bytes are compressed or in an encoding the reader does not read (gzip, UTF-16), named.
    case encoding(String)

    /// The same failure of the XML reader.
    public init(_ error: XMLError) {
        switch error {
        case .tooLarge(let bytes, let limit): self = .tooLarge(bytes: bytes, limit: limit)
        case .tooManyElements(let limit): self = .tooManyElements(limit: limit)
        case .entitiesRefused: self = .entitiesRefused
        case .malformed(let line, let message): self = .malformed(line: line, message: message)
        }
    }

    /// The message a user reads: what is wrong, and where (an element and attribute, or a line).
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): XMLError.tooLarge(bytes: bytes, limit: limit).description
        case .tooManyElements(let limit): "the document has more than \(limit) elements (each <use> copy counted)"
        case .entitiesRefused: XMLError.entitiesRefused.description
        case .malformed(let line, let message): XMLError.malformed(line: line, message: message).description
        case .notSVG(let root): "the root element is <\(root)>, not <svg> (in the namespace http://www.w3.org/2000/svg)"
        case .badValue(let element, let attribute, let value, let expected):
            "<\(element)> \(attribute): expected \(expected), got \"\(value.count > 60 ? String(value.prefix(60)) + "…" : value)\""
        case .unsupported(let w): "\(w.description) (an error with --strict)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .overBudget(let budget, let limit, let element, let line):
            "\(line > 0 ? "line \(line): " : "")<\(element)>: the document asks for more than \(limit) \(budget) (each <use> copy counted): the \(budget) budget ran out"
        case .deadline(let message): message
        case .encoding(let message): message
        }
    }
}

/// Something in the document that the reader does not draw, or draws differently: named by element and
/// attribute so the user can find it.
public struct SVGWarning: Hashable, Sendable, CustomStringConvertible {
    /// The element's name (`linearGradient`, `text`).
    public var element: String
    /// The attribute or CSS property concerned, or `nil` for the element itself.
    public var attribute: String?
    /// What happens instead.
    public var message: String
    /// The element's line in the document (0 when unknown).
    public var line: Int

    /// Creates a warning.
    public init(element: String, attribute: String? = nil, message: String, line: Int = 0) {
        self.element = element; self.attribute = attribute; self.message = message; self.line = line
    }

    /// `line 6: <rect> fill: …`.
    public var description: String {
        let at = line > 0 ? "line \(line): " : ""
        return "\(at)<\(element)>" + (attribute.map { " \($0)" } ?? "") + ": " + message
    }
}
