extension StringProtocol {
    /// The text without leading and trailing characters of `set` (`" \t\r\n"`), compared scalar by scalar:
    /// the trimming rule of the readers (SVG attributes, option values), without Foundation.
    package func trimmingCharacters(in set: String) -> String {
        // Scalar by scalar: "\r\n" is one Character, so `set.contains` would miss a lone "\n".
        let scalars = Set(set.unicodeScalars)
        return trimming { scalars.contains($0) }
    }

    /// The text without the spaces at either end: tabs and Unicode's space separators (Zs, such as the
    /// no-break space), which are its white space other than line breaks. The rule of every list and
    /// table reader (option lists, string tables, CSV cells, HTTP header values, road names).
    package var trimmingSpaces: String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without the leading and trailing scalars for which `isTrimmed` holds.
    package func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        var s = Substring(self).unicodeScalars[...]
        while let f = s.first, isTrimmed(f) { s.removeFirst() }
        while let l = s.last, isTrimmed(l) { s.removeLast() }
        return String(String.UnicodeScalarView(s))
    }
}
