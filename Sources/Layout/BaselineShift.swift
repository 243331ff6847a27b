import Shaping

extension Baseline {
    /// How far the alphabetic baseline moves (up positive) so that this line of the text sits on the path.
    ///
    /// - `alphabetic`: 0.
    /// - `middle`: down by half the x-height, or by half of (ascender + descender) for fonts without one.
    /// - `hanging`: down by the ascender, so the text hangs from the path.
    /// - `ideographic`: up by the descender's depth, so the text stands on the path.
    public func shift(for metrics: FontMetrics) -> Double {
        switch self {
        case .alphabetic: 0
        case .middle: metrics.xHeight > 0 ? -metrics.xHeight / 2 : -(metrics.ascender + metrics.descender) / 2
        case .hanging: -metrics.ascender
        case .ideographic: -metrics.descender
        }
    }
}
