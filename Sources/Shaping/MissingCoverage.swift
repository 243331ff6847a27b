/// Characters that no font in a run's stack covers: shaping draws them as the primary font's `.notdef`.
public struct MissingCoverage: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-8 offset of the grapheme cluster (the HarfBuzz cluster value) that holds them.
    public var cluster: Int
    /// The characters no font covers.
    public var characters: [Unicode.Scalar]
    /// The names of the fonts in the stack that was searched, primary first.
    public var stack: [String]
    /// Whether the system's fonts were searched too (system fallback on).
    public var searchedSystem: Bool

    /// Creates a record of missing coverage.
    public init(cluster: Int, characters: [Unicode.Scalar], stack: [String], searchedSystem: Bool = false) {
        self.cluster = cluster; self.characters = characters; self.stack = stack; self.searchedSystem = searchedSystem
    }

    /// The characters as code points: `U+6F22 U+5B57`.
    public var codePoints: String {
        characters.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
    }

    /// `no font in the stack (A, B) or on the system covers U+6F22; drawn as .notdef of A`.
    public var description: String {
        "no font in the stack (\(stack.joined(separator: ", ")))\(searchedSystem ? " or on the system" : "") covers \(codePoints); drawn as .notdef of \(stack.first ?? "the primary font")"
    }
}
