/// A font asked for by family and optional style, as Fontconfig finds it: `Noto Sans` or `Noto Sans:Bold`.
public struct FontFamilyName: Hashable, Sendable, CustomStringConvertible {
    /// The family (never empty).
    public var family: String
    /// The style (`Bold`), or `nil` for the regular face.
    public var style: String?

    /// Creates a name; `nil` when `family` is empty.
    public init?(family: String, style: String? = nil) {
        guard family.contains(where: { $0 != " " }) else { return nil }
        self.family = family
        self.style = style.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Parses `FAMILY[:STYLE]`; `nil` when the family is empty (`""`, `":"`, `"::"`).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        self.init(family: parts.first ?? "", style: parts.count > 1 ? parts[1] : nil)
    }

    /// `Noto Sans:Bold`.
    public var description: String { family + (style.map { ":" + $0 } ?? "") }
}
