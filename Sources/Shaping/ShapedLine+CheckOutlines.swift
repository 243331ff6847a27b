extension ShapedLine {
    /// Checks that FreeType can load the outline of every glyph of the line, so that a damaged font is
    /// an error instead of a blank glyph when the line is drawn or measured.
    ///
    /// Colour fonts are skipped: their glyphs are drawn from bitmaps or layers (see `Typeface+ColorGlyphs`).
    /// One check per run of glyphs from one font: each glyph's outline is loaded under the font's lock and
    /// cached the first time (drawing then finds it), and a later check of it reads the font's outline
    /// table without a lock (``Typeface/firstUnreadable(_:)``), so threads placing labels in one font
    /// do not wait for each other.
    /// - Throws: ``FontError/unreadableGlyph(name:glyph:reason:)`` for the first glyph that cannot be loaded.
    public func checkOutlines() throws(FontError) {
        let bad: FontError? = glyphs.withUnsafeBufferPointer { g in
            fonts.withUnsafeBufferPointer { fonts in
                var start = 0
                while start < g.count {
                    let fontIndex = g[start].fontIndex
                    // One font (most lines): every glyph is from it, no run to find.
                    var end = fonts.count == 1 ? g.count : start + 1
                    while end < g.count && g[end].fontIndex == fontIndex { end += 1 }
                    // The font at +0: every thread's lines use the same fonts, and a retain of one moves its
                    // cache line between cores. Colour fonts are drawn from their bitmaps or layers, which
                    // need not have an outline (CBDT).
                    let error = Unmanaged.passUnretained(fonts[fontIndex])._withUnsafeGuaranteedRef { font in
                        font.colorGlyphs == nil ? font.firstUnreadable(UnsafeBufferPointer(rebasing: g[start..<end])) : nil
                    }
                    if let error { return error }
                    start = end
                }
                return nil
            }
        }
        if let bad { throw bad }
    }
}
