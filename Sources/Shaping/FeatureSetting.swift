import Support
/// One OpenType feature setting, such as `kern=0`, `ss01`, `+smcp` or `smcp[0:3]`.
///
/// The syntax is HarfBuzz's (`hb_feature_from_string`, as `hb-shape --features` takes it). A range
/// `[start:end]` counts Unicode scalars (code points) from the start of the attribute run the setting
/// belongs to, end exclusive, like `hb-shape`'s character indices; ``Shaper`` converts it to absolute
/// UTF-8 offsets in the paragraph.
public struct FeatureSetting: Hashable, Sendable, CustomStringConvertible {
    /// The four-character feature tag (`kern`, `liga`, `ss01`); shorter tags are padded with spaces.
    public var tag: String
    /// The value: 0 turns the feature off, 1 on, larger values pick an alternate.
    public var value: UInt32
    /// The first scalar the setting applies to, relative to its run.
    public var start: Int
    /// One past the last scalar the setting applies to, relative to its run; `nil` means to the end.
    public var end: Int?

    /// Creates a setting from its parts.
    public init(tag: String, value: UInt32 = 1, start: Int = 0, end: Int? = nil) {
        self.tag = tag; self.value = value; self.start = start; self.end = end
    }

    /// Parses one setting in `hb_feature_from_string` syntax.
    /// - Throws: ``ShapingError/badFeature(_:)`` when HarfBuzz does not accept `text`.
    public init(parsing text: String) throws(ShapingError) {
        let trimmed = text.trimmingSpaces
        guard let f = HarfBuzzFont.parseFeature(trimmed) else { throw .badFeature(text) }
        self.init(tag: f.tag, value: f.value, start: f.start, end: f.end)
    }

    /// Whether the setting applies to the whole run.
    public var isGlobal: Bool { start == 0 && end == nil }

    /// The setting in `hb_feature_from_string` syntax (`kern=0`, `smcp[0:3]=1`).
    public var description: String {
        let t = tag.trimmingSpaces
        let range = isGlobal ? "" : "[\(start):\(end.map(String.init) ?? "")]"
        return "\(t)\(range)=\(value)"
    }
}

