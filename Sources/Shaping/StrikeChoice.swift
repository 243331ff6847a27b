/// Which strike of a colour bitmap font (CBDT, sbix) draws a glyph at a given size, as Skia chooses it
/// (`SkScalerContext_FreeType::chooseBitmapStrike`, what Chromium draws): the smallest strike at least as
/// large as the size, so that the bitmap is scaled down, never up, when the font can; else the largest.
enum StrikeChoice {
    /// The index of the strike to draw at `size` pixels per em, among strikes of `ppems` pixels per em
    /// (26.6 fixed point, as FreeType gives them); `nil` when there are none.
    static func best(for size: Double, among ppems: [Int]) -> Int? {
        guard !ppems.isEmpty else { return nil }
        let wanted = size * 64
        var best: Int? = nil
        for (i, p) in ppems.enumerated() where Double(p) >= wanted && (best == nil || p < ppems[best!]) { best = i }
        return best ?? largest(of: ppems)
    }

    /// The index of the largest strike (the first of equals); 0 for an empty list.
    static func largest(of ppems: [Int]) -> Int {
        var best = 0
        for i in ppems.indices where ppems[i] > ppems[best] { best = i }
        return best
    }
}
