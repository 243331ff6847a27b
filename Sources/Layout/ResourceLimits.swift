/// Limits on what one label or picture may ask for, checked before any work is done, so hostile or
/// mistaken input gets a clear error instead of exhausting memory or time.
///
/// The defaults suit labels and posters; raise them for bigger jobs (`LabelOptions.limits`,
/// `SceneResolver.limits`).
public struct ResourceLimits: Hashable, Sendable {
    /// The most UTF-8 bytes of text in one label (default 100 000).
    public var textBytes: Int
    /// The most segments in one path (default 1 000 000).
    public var pathSegments: Int
    /// The largest font size, in pixels per em (default 10 000).
    public var fontSize: Double
    /// The largest canvas, in pixels (default 100 megapixels).
    public var canvasPixels: Int
    /// The most clusters one label may place in all its repeated copies together (default 100 000):
    /// `repeat` on a very long path with a tiny gap is otherwise bounded only by the copy count.
    public var repeatedClusters: Int

    /// Creates limits.
    public init(textBytes: Int = 100_000, pathSegments: Int = 1_000_000, fontSize: Double = 10_000,
                canvasPixels: Int = 100_000_000, repeatedClusters: Int = 100_000) {
        self.textBytes = textBytes; self.pathSegments = pathSegments; self.fontSize = fontSize
        self.canvasPixels = canvasPixels; self.repeatedClusters = repeatedClusters
    }

    /// The defaults.
    public static let `default` = ResourceLimits()
}
