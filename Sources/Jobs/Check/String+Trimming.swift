extension StringProtocol {
    /// The text without the spaces and tabs (any white space but line breaks) at either end: what
    /// Foundation's `trimmingCharacters(in: .whitespaces)` gave.
    var trimmingSpaces: String {
        func isSpace(_ c: Character) -> Bool { c.isWhitespace && !c.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
