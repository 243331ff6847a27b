/// The base direction of a paragraph, which decides where neutral characters at its ends go and
/// whether the line reads from the left or the right.
public enum ParagraphDirection: String, Hashable, Sendable, CaseIterable {
    /// From the first strong character (rules P2–P3 of UAX #9); left to right when there is none.
    case auto
    /// Left to right (paragraph embedding level 0).
    case ltr
    /// Right to left (paragraph embedding level 1).
    case rtl
}
