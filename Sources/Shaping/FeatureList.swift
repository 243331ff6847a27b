import Support
/// Parses feature lists as a command line or a style sheet gives them.
public enum FeatureList {
    /// Parses a comma-separated list in `hb-shape --features` syntax: `"kern=0,liga=0,+smcp[0:3]"`.
    ///
    /// Empty items (from `",,"` or an empty string) are skipped.
    /// - Throws: ``ShapingError/badFeature(_:)`` naming the first item HarfBuzz rejects.
    public static func parse(_ text: String) throws(ShapingError) -> [FeatureSetting] {
        var out: [FeatureSetting] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let s = String(item).trimmingSpaces
            if s.isEmpty { continue }
            out.append(try FeatureSetting(parsing: s))
        }
        return out
    }

    /// Checks each string (as ``TextAttributes/features`` holds them) and returns the parsed settings.
    /// - Throws: ``ShapingError/badFeature(_:)`` naming the first string HarfBuzz rejects.
    public static func parse(_ items: [String]) throws(ShapingError) -> [FeatureSetting] {
        var out: [FeatureSetting] = []
        for item in items { out.append(try FeatureSetting(parsing: item)) }
        return out
    }
}
