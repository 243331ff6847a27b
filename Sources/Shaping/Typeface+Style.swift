extension Typeface {
    /// Whether the face is bold and whether it is italic or oblique, as CSS font matching reads them: bold
    /// when a `wght` axis is set to 600 or more (CSS's bold threshold) or, with no `wght` set, when the
    /// style name says Bold, Black or Heavy; italic when the style name says Italic or Oblique or a
    /// `slnt`/`ital` axis is set away from 0. Fallback asks Fontconfig for this style
    /// (``FallbackQuery``, `WeightMatch`) and synthesis makes up the difference (`FontSynthesizer`), so
    /// both read the face the same way.
    package var style: (bold: Bool, italic: Bool) {
        let name = styleName.lowercased()
        let named = (bold: name.contains("bold") || name.contains("black") || name.contains("heavy"),
                     italic: name.contains("italic") || name.contains("oblique"))
        let weight = variations.first { $0.tag == "wght" }?.value
        let slanted = variations.contains { ($0.tag == "slnt" || $0.tag == "ital") && $0.value != 0 }
        return (weight.map { $0 >= 600 } ?? named.bold, named.italic || slanted)
    }
}
