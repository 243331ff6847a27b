/// Decides what to synthesize for a face that fallback chose (see ``SyntheticStyle`` and ``FontSynthesis``).
enum FontSynthesizer {
    /// Whether `font` is bold and whether it is italic or oblique: a variable font's `wght` of 600 or more
    /// (CSS's bold threshold) or a style name that says Bold, Black or Heavy; a style name that says Italic
    /// or Oblique, or a `slnt`/`ital` axis away from 0.
    static func style(of font: Typeface) -> (bold: Bool, italic: Bool) {
        let named = SystemFallback.style(of: font)
        let weight = font.variations.first { $0.tag == "wght" }?.value
        let slanted = font.variations.contains { ($0.tag == "slnt" || $0.tag == "ital") && $0.value != 0 }
        return (weight.map { $0 >= 600 } ?? named.bold, named.italic || slanted)
    }

    /// What to synthesize when `font` draws text of a run whose first font is `primary`: bold when the
    /// primary is bold and `font` is not, oblique when the primary is italic and `font` is upright, as
    /// far as `allowed` permits. Colour glyph fonts (emoji) are never synthesized.
    static func synthesis(for font: Typeface, primary: Typeface?, allowed: FontSynthesis) -> SyntheticStyle {
        guard allowed != .none, let primary, font !== primary, !font.hasColorGlyphs else { return .none }
        let want = style(of: primary), have = style(of: font)
        return SyntheticStyle(bold: allowed.allowsWeight && want.bold && !have.bold,
                              oblique: allowed.allowsStyle && want.italic && !have.italic)
    }
}
