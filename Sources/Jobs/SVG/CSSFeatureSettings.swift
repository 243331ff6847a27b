import Support
import Shaping

/// CSS `font-feature-settings`: `normal`, or comma-separated `"tag" [on | off | N]` (`"liga" 0, "smcp", "ss01" on`).
enum CSSFeatureSettings {
    /// The most settings in one list.
    static let maximumCount = 64

    /// The features, or `nil` when the text is not a list of them.
    static func parse(_ text: String) -> [FeatureSetting]? {
        let trimmed = text.trimmingCharacters(in: " \t\r\n")
        if trimmed.lowercased() == "normal" { return [] }
        var out: [FeatureSetting] = []
        for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let t = String(item).trimmingCharacters(in: " \t\r\n")
            guard let quote = t.first, quote == "\"" || quote == "'" else { return nil }
            let rest = t.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { return nil }
            let tag = String(rest[..<end])
            guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else { return nil }
            let value = String(rest[rest.index(after: end)...]).trimmingCharacters(in: " \t\r\n").lowercased()
            let n: UInt32
            switch value {
            case "", "on": n = 1
            case "off": n = 0
            default:
                // A non-negative integer, at most 65535 (an alternate's index).
                guard (1...5).contains(value.utf8.count), value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let v = UInt32(value), v <= 65535 else { return nil }
                n = v
            }
            out.append(FeatureSetting(tag: tag, value: n))
            guard out.count <= maximumCount else { return nil }
        }
        return out
    }
}
