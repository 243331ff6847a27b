/// What can go wrong preparing text for shaping (fonts have their own ``FontError``).
public enum ShapingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An OpenType feature setting that HarfBuzz's `hb_feature_from_string` does not accept.
    case badFeature(String)
    /// ICU could not find line-break opportunities (its data is missing or damaged).
    case lineBreaking(String)

    /// A message a user understands.
    public var description: String {
        switch self {
        case .badFeature(let text):
            "bad feature setting \"\(text)\": expected e.g. kern=0, liga=0, ss01, +smcp, -kern or smcp[0:3]"
        case .lineBreaking(let message): message
        }
    }
}
