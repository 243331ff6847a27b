/// Decides what to synthesize for a face that fallback chose (see ``SyntheticStyle`` and ``FontSynthesis``).
enum FontSynthesizer {
    /// What to synthesize when `font` draws text of a run whose first font is `primary`: bold when the
    /// primary is bold and `font` is not, oblique when the primary is italic and `font` is upright, as
    /// far as `allowed` permits. Colour glyph fonts (emoji) are never synthesized.
    static func synthesis(for font: Typeface, primary: Typeface?, allowed: FontSynthesis) -> SyntheticStyle {
        guard allowed != .none, let primary, font !== primary, !font.hasColorGlyphs else { return .none }
        let want = primary.style, have = font.style
        return SyntheticStyle(bold: allowed.allowsWeight && want.bold && !have.bold,
                              oblique: allowed.allowsStyle && want.italic && !have.italic)
    }
}
