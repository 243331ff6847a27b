import Shaping

/// Chromium's rounding of vertical text to whole device pixels (``LabelOptions/snapsVerticalMetrics``).
///
/// A label's pixels are the output's device pixels (the SVG reader lays text out under the transform
/// that includes the render's scale), so Blink's rounding at a device scale F is rounding here:
///
/// - **Ascent and descent** (Blink's `SimpleFontData::PlatformInit`, `FontMetrics::AscentDescentWithHacks`):
///   each rounded to the nearest whole pixel (half up, `SkScalarRoundToScalar`); a descent so rounded down
///   takes a pixel from the ascent, as Blink does when glyphs are positioned at subpixels, which Chromium
///   on Linux does at every device scale factor above 1 (`ui/gfx/font_render_params_linux.cc`; the suite's
///   references are drawn at 2). These place the central
///   baseline ((ascent − descent) / 2 above the alphabetic), a rotated character's origin (an ascent below
///   the top of its cell) and the text's top (the overline).
/// - **An upright glyph's vertical origin** (`OpenTypeVerticalData::GetVerticalTranslationsForGlyphs`), for
///   a font with `vmtx` and no `VORG`: the glyph's top from Skia's glyph bounds (`SkFont::getBounds`),
///   which are whole pixels (the FreeType scaler's rounded-out box), less `vmtx`'s top side bearing.
///   HarfBuzz takes the exact top, so the glyph drawn below the vertical origin moves down by the
///   difference, 0 to 1 pixel. Above 256 pixels a size Skia measures glyphs at 64 pixels and scales the
///   box up (`SkStrikeSpec::MakeCanonicalized`): the top is then rounded up to 1/64 em. For a font without
///   `vmtx`, the whole-pixel ascent above the glyph's horizontal origin.
package enum DevicePixelVerticalMetrics {
    /// The largest size, in pixels, whose glyph bounds Skia rounds to whole pixels (`kSkSideTooBigForAtlas`).
    static let largestCachedSize = 256.0
    /// The size Skia measures larger glyphs at (`kCanonicalTextSizeForPaths`).
    static let canonicalSize = 64.0

    /// `m` with Blink's whole-pixel ascender and descender (the descender negative, as ``FontMetrics`` has it).
    package static func rounded(_ m: FontMetrics) -> FontMetrics {
        var r = m
        r.ascender = (m.ascender + 0.5).rounded(.down)
        r.descender = -(-m.descender + 0.5).rounded(.down)
        // Chromium on Linux positions glyphs at subpixels at a device scale factor above 1, and then gives a
        // descent rounded down a pixel of the ascent, so that descenders are not cut.
        if r.descender > m.descender, r.ascender >= 1 { r.descender -= 1; r.ascender -= 1 }
        return r
    }

    /// How far glyph `glyph` of `font` at `size` pixels is drawn further down its column than HarfBuzz's
    /// vertical origin puts it, whose horizontal origin HarfBuzz puts `offset` up from the vertical one
    /// (``ShapedGlyph/yOffset``, negative). By the font's ``VerticalOriginSource``: with `VORG`, 0 (Blink
    /// and HarfBuzz read the same origins); with `vmtx`, Skia's whole-pixel top of the glyph's box (y up:
    /// the top rounded up) less its exact top, 0 for a glyph without contours; with neither, Blink's
    /// whole-pixel ascent (``rounded(_:)``) below the vertical origin where HarfBuzz centres the glyph's ink.
    package static func uprightDrop(_ font: Typeface, glyph: UInt32, size: Double, offset: Double) -> Double {
        guard size > 0, size.isFinite else { return 0 }
        switch font.verticalOrigins {
        case .vorg:
            return 0
        case .none:
            return rounded(font.metrics(size: size)).ascender + offset
        case .topSideBearings:
            let box = font.outlineControlBox(glyph: glyph, emboldened: false)
            guard !box.isEmpty else { return 0 }
            // FreeType scales the outline to 26.6 fixed point at the size it loads the glyph at.
            let measured = size > largestCachedSize ? canonicalSize : size, perUnit = size / Double(font.unitsPerEm)
            let top = (box.maxY * measured / Double(font.unitsPerEm) * 64).rounded() / 64
            return top.rounded(.up) * size / measured - box.maxY * perUnit
        }
    }
}
