import Pipeline
/// How big the picture of a label is.
public enum CanvasSize: Hashable, Sendable {
    /// Just large enough for the labels' ink (their advance boxes when they have no ink) plus `margin`
    /// pixels on every side; the picture's top-left corner is moved to the bounds' corner less the margin,
    /// rounded down to whole pixels.
    case fitted(margin: Double)
    /// A canvas of this size in the path's own coordinates (nothing moved; what falls outside is cut).
    case fixed(width: Int, height: Int)

    /// Fitted with ``CanvasFit/defaultMargin`` (8 pixels): the default of every door.
    public static let fittedWithMargin = CanvasSize.fitted(margin: CanvasFit.defaultMargin)
}
