/// How a grapheme cluster asks to be drawn: as a colour emoji, as text, or as its characters' default.
///
/// Unicode's rules (UTS #51): a cluster with a character of default emoji presentation
/// (`Emoji_Presentation=Yes`: 😀, 🌍, ⌚, regional indicators, skin-tone modifiers), or with the emoji
/// variation selector VS16 (U+FE0F, as in ❤️ or the keycap 1️⃣), is emoji; VS15 (U+FE0E) asks for text
/// presentation and wins over both.
enum EmojiPresentation: Hashable, Sendable {
    /// Draw with a colour emoji font when one covers the cluster.
    case emoji
    /// Draw with a monochrome (text) font when one covers the cluster.
    case text
    /// Nothing asked: the first font that covers the cluster.
    case unspecified

    /// The presentation `cluster` asks for.
    static func of(_ cluster: some Collection<Unicode.Scalar>) -> EmojiPresentation {
        // Nothing below U+2000 has emoji presentation, and the selectors lie above it.
        guard cluster.contains(where: { $0.value >= 0x2000 }) else { return .unspecified }
        if cluster.contains("\u{FE0E}") { return .text }
        if cluster.contains("\u{FE0F}") { return .emoji }
        return cluster.contains(where: { $0.value >= 0x2000 && $0.properties.isEmojiPresentation }) ? .emoji : .unspecified
    }

    /// Whether `scalar` may make its cluster ask for a presentation (a cheap test for the itemizer's
    /// fast path: false for every scalar that never does).
    @inline(__always) static func mayAsk(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v >= 0x2000 else { return false }
        if v == 0xFE0E || v == 0xFE0F { return true }
        // CJK, Hangul and the other large BMP blocks above U+2E80 have no emoji.
        if v >= 0x2E80 && v < 0x1F000 && v != 0x3030 && v != 0x303D && v != 0x3297 && v != 0x3299 { return false }
        return scalar.properties.isEmojiPresentation
    }
}
