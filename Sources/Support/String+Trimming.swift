extension StringProtocol {
    /// The text without leading and trailing characters of `set` (`" \t\r\n"`), compared scalar by scalar:
    /// the one trimming rule of the readers (SVG attributes, option values), without Foundation.
    package func trimmingCharacters(in set: String) -> String {
        // Scalar by scalar: "\r\n" is one Character, so `set.contains` would miss a lone "\n".
        let scalars = Set(set.unicodeScalars)
        var s = Substring(self).unicodeScalars[...]
        while let f = s.first, scalars.contains(f) { s.removeFirst() }
        while let l = s.last, scalars.contains(l) { s.removeLast() }
        return String(String.UnicodeScalarView(s))
    }
}
