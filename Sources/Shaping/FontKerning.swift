/// CSS `font-kerning`: whether the font's kerning (its `kern` feature and GPOS kerning) applies.
public enum FontKerning: String, Sendable, Hashable, CaseIterable {
    /// The shaper decides: kerning on (as browsers do for text on screen).
    case auto
    /// Kerning on.
    case normal
    /// Kerning off: the `kern` feature is turned off.
    case none

    /// The features this setting asks for, in front of a run's own (which win: CSS `font-feature-settings`).
    public var features: [FeatureSetting] { self == .none ? [FeatureSetting(tag: "kern", value: 0)] : [] }
}
