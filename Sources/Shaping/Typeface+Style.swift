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

    /// Where the face stands in CSS font matching, from its own tables (HarfBuzz's `hb_style_get_value`: the
    /// OS/2 weight and width classes, the italic bit, the slant angle), a variable face's ranges from its
    /// `wght` and `wdth` axes: what ``CSSFontMatch`` picks among given font files by.
    public var traits: FaceTraits {
        func range(_ tag: String) -> ClosedRange<Double>? {
            axes.first { $0.tag == tag }.map { $0.minimum...$0.maximum }
        }
        let weight = harfBuzz.styleValue("wght"), width = harfBuzz.styleValue("wdth")
        let slant: FaceTraits.Slant = harfBuzz.styleValue("ital") >= 0.5 ? .italic : harfBuzz.styleValue("slnt") != 0 ? .oblique : .upright
        return FaceTraits(weight: range("wght") ?? weight...weight, width: range("wdth") ?? width...width, slant: slant)
    }
}
