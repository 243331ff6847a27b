import Support
/// One variation axis setting for a variable font, such as `wght=700`.
public struct FontVariation: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter axis tag (`wght`).
    public var tag: String
    /// The axis value in design units (`700`).
    public var value: Double

    /// Creates a setting.
    public init(tag: String, value: Double) { self.tag = tag; self.value = value }

    /// Parses one `TAG=VALUE` setting (`wght=700`, `wdth=87.5`).
    /// - Throws: ``FontError/badVariation(_:)`` unless the tag is four printable ASCII characters and the
    ///   value a finite number.
    public init(parsing text: String) throws(FontError) {
        let parts = text.trimmingSpaces.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .badVariation(text) }
        let tag = String(parts[0]).trimmingSpaces
        guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }),
              let value = Double(String(parts[1]).trimmingSpaces), value.isFinite else { throw .badVariation(text) }
        self.init(tag: tag, value: value)
    }

    /// Parses a comma-separated list: `"wght=700,wdth=90"`. An empty string is an empty list.
    /// - Throws: ``FontError/badVariation(_:)`` naming the first malformed item.
    public static func parse(_ text: String) throws(FontError) -> [FontVariation] {
        var out: [FontVariation] = []
        for item in text.split(separator: ",") where !String(item).trimmingSpaces.isEmpty {
            out.append(try FontVariation(parsing: String(item)))
        }
        return out
    }

    /// `wght=700`.
    public var description: String { "\(tag)=\(value.compact)" }
}
