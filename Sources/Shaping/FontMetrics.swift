/// Vertical metrics of a font at one size, in pixels (y up, as fonts measure them).
public struct FontMetrics: Hashable, Sendable {
    /// Height above the baseline of the tallest ascenders (typographic, from OS/2 or hhea).
    public var ascender: Double
    /// Depth below the baseline, as a negative number.
    public var descender: Double
    /// Extra space between lines.
    public var lineGap: Double
    /// Height of lowercase letters, or 0 when the font does not say (scripts without lowercase).
    public var xHeight: Double
    /// Height of capital letters, or 0 when the font does not say.
    public var capHeight: Double
    /// The font's design units per em.
    public var unitsPerEm: Int
    /// The size these metrics are for, in pixels per em.
    public var size: Double

    /// Creates metrics.
    public init(ascender: Double, descender: Double, lineGap: Double, xHeight: Double, capHeight: Double,
                unitsPerEm: Int, size: Double) {
        self.ascender = ascender; self.descender = descender; self.lineGap = lineGap
        self.xHeight = xHeight; self.capHeight = capHeight; self.unitsPerEm = unitsPerEm; self.size = size
    }
}
