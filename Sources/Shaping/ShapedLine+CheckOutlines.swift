extension ShapedLine {
    /// Checks that FreeType can load the outline of every glyph of the line, so that a damaged font is
    /// an error instead of a blank glyph when the line is drawn or measured.
    ///
    /// Colour fonts are skipped: their glyphs are drawn from bitmaps or layers (see `Typeface+ColorGlyphs`).
    /// One check per run of glyphs from one font, under that font's lock; each glyph's outline is loaded
    /// and cached the first time (drawing then finds it), and a later check of it is a bit test.
    /// - Throws: ``FontError/unreadableGlyph(name:glyph:reason:)`` for the first glyph that cannot be loaded.
    public func checkOutlines() throws(FontError) {
        var start = 0
        let count = glyphs.count
        while start < count {
            let fontIndex = glyphs[start].fontIndex, font = fonts[fontIndex]
            // The end of the run of glyphs from this font, found over the glyphs' buffer.
            let end = glyphs.withUnsafeBufferPointer { g in
                var end = start + 1
                while end < count && g[end].fontIndex == fontIndex { end += 1 }
                return end
            }
            // Colour fonts are drawn from their bitmaps or layers, which need not have an outline (CBDT).
            if font.colorGlyphs == nil { try font.checkOutlines(glyphs[start..<end]) }
            start = end
        }
    }
}
