/// Chooses the font for a grapheme cluster from a font stack.
enum FontFallback {
    /// Whether `scalar` needs no glyph of its own when checking coverage: default-ignorable code points
    /// (ZWJ, ZWNJ, variation selectors, bidi controls, soft hyphen) are drawn as nothing by HarfBuzz.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The index in `fonts` of the first font that covers every non-ignorable scalar of `cluster`,
    /// or `nil` when none does.
    static func choose(_ cluster: some Sequence<Unicode.Scalar>, fonts: [Font]) -> Int? {
        let needed = cluster.filter { !isIgnorable($0) }
        return fonts.firstIndex { font in needed.allSatisfy { font.covers($0) } }
    }
}
