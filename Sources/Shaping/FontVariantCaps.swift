/// CSS `font-variant-caps` (and the caps part of `font-variant`): small capitals from the font's features.
public enum FontVariantCaps: String, Sendable, Hashable, CaseIterable {
    /// Letters as they are.
    case normal
    /// Lower-case letters as small capitals (`smcp`).
    case smallCaps = "small-caps"
    /// Every letter as a small capital (`smcp` and `c2sc`).
    case allSmallCaps = "all-small-caps"

    /// The features this setting asks for, in front of a run's own (which win: CSS `font-feature-settings`).
    public var features: [FeatureSetting] {
        switch self {
        case .normal: []
        case .smallCaps: [FeatureSetting(tag: "smcp")]
        case .allSmallCaps: [FeatureSetting(tag: "smcp"), FeatureSetting(tag: "c2sc")]
        }
    }
}
