/// A font's underline and strikeout strokes at one size, in pixels, y up from the baseline.
///
/// Positions follow OpenType: `post.underlinePosition` and `OS/2.yStrikeoutPosition` give the TOP edge of
/// the stroke (FreeType's `underline_position` is its centre instead, half a thickness lower).
public struct DecorationMetrics: Hashable, Sendable {
    /// The underline's top edge (negative: below the baseline).
    public var underlinePosition: Double
    /// The underline's thickness.
    public var underlineThickness: Double
    /// The strikeout's top edge.
    public var strikeoutPosition: Double
    /// The strikeout's thickness.
    public var strikeoutThickness: Double

    /// Creates metrics.
    public init(underlinePosition: Double, underlineThickness: Double, strikeoutPosition: Double, strikeoutThickness: Double) {
        self.underlinePosition = underlinePosition; self.underlineThickness = underlineThickness
        self.strikeoutPosition = strikeoutPosition; self.strikeoutThickness = strikeoutThickness
    }
}
