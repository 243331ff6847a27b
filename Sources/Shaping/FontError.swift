/// What can go wrong loading or using a font.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// FreeType or HarfBuzz could not parse the data as a font.
    case invalidFont(name: String, reason: String)
    /// The face index is beyond the faces in the file.
    case faceIndexOutOfRange(name: String, index: Int, count: Int)
    /// A fonts folder given explicitly does not exist or is not a folder.
    case fontsFolderNotFound(path: String)
    /// No embedded font has this file name.
    case notEmbedded(name: String, available: [String])
    /// Fontconfig found no font for the family.
    case familyNotFound(String)
    /// A variation axis setting was malformed or names no axis of the font.
    case badVariation(String)

    /// A message a user understands.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read font file \(path): \(reason)"
        case .invalidFont(let name, let reason): "\(name) is not a usable font: \(reason)"
        case .faceIndexOutOfRange(let name, let index, let count):
            "\(name) has \(count) face\(count == 1 ? "" : "s"); face index \(index) does not exist"
        case .fontsFolderNotFound(let path): "cannot find the fonts folder \(path)"
        case .notEmbedded(let name, let available):
            "no embedded font is called \(name) (the embedded fonts: \(available.joined(separator: ", ")))"
        case .familyNotFound(let family): "no installed font matches the family \"\(family)\""
        case .badVariation(let text): "bad variation setting \"\(text)\": expected TAG=VALUE with a 4-letter axis tag of the font"
        }
    }
}

extension FontError {
    /// The same error naming the font `path` instead of its file name.
    func naming(_ path: String) -> FontError {
        switch self {
        case .invalidFont(_, let reason): .invalidFont(name: path, reason: reason)
        case .faceIndexOutOfRange(_, let index, let count): .faceIndexOutOfRange(name: path, index: index, count: count)
        default: self
        }
    }
}
