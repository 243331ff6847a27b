/// What can go wrong loading or using a font.
///
/// Every case that concerns one font names it: by the path the caller gave when loaded from a file,
/// otherwise by the name given for in-memory data.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// The file (or, for WOFF/WOFF2, the font it decodes to) is larger than the limit; nothing was read.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// FreeType or HarfBuzz could not parse the data as a font.
    case invalidFont(name: String, reason: String)
    /// The font lacks tables every usable font needs (cmap, head, hhea, hmtx, maxp, and glyf with loca
    /// or CFF/CFF2 for the outlines).
    case missingTables(name: String, tables: [String])
    /// A table is damaged: it runs past the end of the file, or its contents cannot be right.
    case damagedTable(name: String, table: String, reason: String)
    /// The font has no glyphs at all (`maxp` says 0).
    case noGlyphs(name: String)
    /// The data is a font format that this build cannot read.
    case unsupportedFormat(name: String, format: String)
    /// A glyph's outline could not be loaded when it was needed for drawing or measuring.
    case unreadableGlyph(name: String, glyph: UInt32, reason: String)
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
    /// Loading the font would put more font bytes in memory than the budget allows (see ``FontCache``).
    case fontMemoryFull(name: String, bytes: Int, budget: Int)

    /// A message a user understands.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read font file \(path): \(reason)"
        case .fileTooLarge(let path, let bytes, let limit):
            "font file \(path) is too large: \(Self.size(bytes)), over the limit of \(Self.size(limit)) for one font"
        case .invalidFont(let name, let reason): "\(name) is not a usable font: \(reason)"
        case .missingTables(let name, let tables):
            "\(name) is not a usable font: it lacks the required table\(tables.count == 1 ? "" : "s") \(tables.joined(separator: ", "))"
        case .damagedTable(let name, let table, let reason):
            "\(name) is not a usable font: its \(table.count == 4 ? table + " table" : table) is damaged: \(reason)"
        case .noGlyphs(let name): "\(name) is not a usable font: it has no glyphs (maxp numGlyphs is 0)"
        case .unsupportedFormat(let name, let format): "\(name) is a \(format) font, which is not supported"
        case .unreadableGlyph(let name, let glyph, let reason):
            "\(name): glyph \(glyph) cannot be loaded (\(reason)); the font is damaged"
        case .faceIndexOutOfRange(let name, let index, let count):
            "\(name) has \(count) face\(count == 1 ? "" : "s"); face index \(index) does not exist"
        case .fontsFolderNotFound(let path): "cannot find the fonts folder \(path)"
        case .notEmbedded(let name, let available):
            "no embedded font is called \(name) (the embedded fonts: \(available.joined(separator: ", ")))"
        case .familyNotFound(let family): "no installed font matches the family \"\(family)\""
        case .badVariation(let text): "bad variation setting \"\(text)\": expected TAG=VALUE with a 4-letter axis tag of the font"
        case .fontMemoryFull(let name, let bytes, let budget):
            "cannot load \(name) (\(Self.size(bytes))): the fonts already loaded use the memory budget for fonts (\(Self.size(budget)))"
        }
    }

    /// `12.3 MB`, or `N bytes` below a kilobyte.
    private static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var v = Double(bytes) / 1000, i = 0
        while v >= 1000 && i < units.count - 1 { v /= 1000; i += 1 }
        return "\((v * 10).rounded() / 10) \(units[i])"
    }
}

extension FontError {
    /// The same error naming the font `path` instead of its file name.
    func naming(_ path: String) -> FontError {
        switch self {
        case .invalidFont(_, let reason): .invalidFont(name: path, reason: reason)
        case .missingTables(_, let tables): .missingTables(name: path, tables: tables)
        case .damagedTable(_, let table, let reason): .damagedTable(name: path, table: table, reason: reason)
        case .noGlyphs: .noGlyphs(name: path)
        case .unsupportedFormat(_, let format): .unsupportedFormat(name: path, format: format)
        case .unreadableGlyph(_, let glyph, let reason): .unreadableGlyph(name: path, glyph: glyph, reason: reason)
        case .fileTooLarge(_, let bytes, let limit): .fileTooLarge(path: path, bytes: bytes, limit: limit)
        case .faceIndexOutOfRange(_, let index, let count): .faceIndexOutOfRange(name: path, index: index, count: count)
        default: self
        }
    }
}
