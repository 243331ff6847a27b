/// CSS `font-variant` (Fonts 4 §6.11): capitals, numerals, ligatures, positions and widths, as the font's
/// OpenType features. `normal` is none of them; each keyword group takes one value at most.
public struct FontVariant: Hashable, Sendable, CustomStringConvertible {
    /// The keywords, in the order given.
    public let keywords: [String]
    /// The OpenType features the keywords ask for, in front of a run's own (which win: CSS
    /// `font-feature-settings`).
    public let features: [FeatureSetting]

    /// Each keyword with its group (one value per group) and features.
    static let table: [String: (group: String, features: [(String, UInt32)])] = [
        "small-caps": ("caps", [("smcp", 1)]), "all-small-caps": ("caps", [("smcp", 1), ("c2sc", 1)]),
        "petite-caps": ("caps", [("pcap", 1)]), "all-petite-caps": ("caps", [("pcap", 1), ("c2pc", 1)]),
        "unicase": ("caps", [("unic", 1)]), "titling-caps": ("caps", [("titl", 1)]),
        "lining-nums": ("figures", [("lnum", 1)]), "oldstyle-nums": ("figures", [("onum", 1)]),
        "proportional-nums": ("spacing", [("pnum", 1)]), "tabular-nums": ("spacing", [("tnum", 1)]),
        "diagonal-fractions": ("fractions", [("frac", 1)]), "stacked-fractions": ("fractions", [("afrc", 1)]),
        "ordinal": ("ordinal", [("ordn", 1)]), "slashed-zero": ("zero", [("zero", 1)]),
        "common-ligatures": ("common", [("liga", 1), ("clig", 1)]), "no-common-ligatures": ("common", [("liga", 0), ("clig", 0)]),
        "discretionary-ligatures": ("discretionary", [("dlig", 1)]), "no-discretionary-ligatures": ("discretionary", [("dlig", 0)]),
        "historical-ligatures": ("historical", [("hlig", 1)]), "no-historical-ligatures": ("historical", [("hlig", 0)]),
        "contextual": ("contextual", [("calt", 1)]), "no-contextual": ("contextual", [("calt", 0)]),
        "sub": ("position", [("subs", 1)]), "super": ("position", [("sups", 1)]),
        "full-width": ("width", [("fwid", 1)]), "proportional-width": ("width", [("pwid", 1)]), "ruby": ("ruby", [("ruby", 1)]),
    ]

    /// Every keyword `init(parsing:)` reads, `normal` and `none` (no ligatures) too.
    public static var allKeywords: [String] { ["normal", "none"] + table.keys.sorted() }

    /// Reads space-separated keywords (`small-caps oldstyle-nums`); `normal` alone is no variant, `none` alone
    /// turns every ligature and contextual alternate off. `nil` for an unknown keyword, two of one group
    /// (`small-caps petite-caps`), or more than 16 keywords.
    public init?(parsing text: String) {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty, words.count <= 16 else { return nil }
        if words == ["normal"] { keywords = words; features = []; return }
        if words == ["none"] {
            keywords = words
            features = ["liga", "clig", "dlig", "hlig", "calt"].map { FeatureSetting(tag: $0, value: 0) }
            return
        }
        var groups: Set<String> = [], out: [FeatureSetting] = []
        for word in words {
            guard let entry = Self.table[word], groups.insert(entry.group).inserted else { return nil }
            out += entry.features.map { FeatureSetting(tag: $0.0, value: $0.1) }
        }
        keywords = words
        features = out
    }

    /// Whether lower-case letters are asked for as small capitals (`small-caps`, `all-small-caps`): what
    /// synthesis scales capitals for when the font lacks `smcp`.
    public var smallCaps: Bool { keywords.contains("small-caps") || keywords.contains("all-small-caps") }

    /// The keywords, space-separated.
    public var description: String { keywords.joined(separator: " ") }
}
