/// Limits and budgets on what one label or picture may ask for, checked before the work they bound is
/// done, so hostile or mistaken input gets a clear error instead of exhausting memory or time.
///
/// Limits bound one number (text bytes, segments, size); budgets bound a product that measures the work
/// (copies × glyphs, pixels covered), since each factor can be within its limit while the product is not.
/// With the defaults, every input the limits admit runs in under 1 GB of memory and about 10 s
/// (RELIABILITY.md, "Budgets").
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
    /// The most glyphs one label may place in all its repeated copies together (default 200 000): copies ×
    /// glyphs, since one cluster can hold thousands of glyphs (a letter with 3 000 combining marks).
    public var repeatedGlyphs: Int
    /// The most pixels one picture's glyphs and shapes may cover together (default 1 000 000 000, ten
    /// full canvases at the canvas limit): the sum over glyphs of their ink boxes and over shapes of their
    /// bounding boxes (widened by the stroke), each clipped to the canvas, overlaps counted. Checked before
    /// each label or shape is rasterized; SVG output is not limited by it.
    public var coveragePixels: Int
    /// The most glyphs one picture may draw, all labels together (default 250 000): each glyph costs time
    /// however small (about 7 µs rasterized, 50 µs and 1.6 KB as SVG text).
    public var pictureGlyphs: Int
    /// The largest stroke width, in pixels (default 1 000 000).
    public var strokeWidth: Double
    /// The largest scene file, in bytes (default 16 MiB), checked before it is read.
    public var sceneFileBytes: Int
    /// The longest label, in pixels of advance with letter spacing (default 10⁸): decorations, halos and
    /// vector output follow the label's length, so a label of 10¹² px (letter spacing of 10⁹ on 1 000
    /// letters) is refused rather than sampled.
    public var labelLength: Double = 100_000_000
    /// The most path commands one picture's vector output (SVG path data of glyphs, decorations and
    /// shapes) may hold (default 4 000 000, about 80 MB of SVG text): bent glyphs are written as
    /// flattened outlines whose size follows their bending, not their count. Drawing stops at the limit
    /// (past it by at most one glyph's outline), so the work done is bounded too.
    public var vectorCommands: Int = 4_000_000
    /// The most combining marks (general category M) in a row, in one cluster (default 4 096): HarfBuzz's
    /// time for one cluster grows faster than its length (50 000 marks on one letter take 7 s), and no
    /// writing system stacks more than a few dozen.
    public var combiningMarks: Int = 4_096

    /// Creates limits.
    public init(textBytes: Int = 100_000, pathSegments: Int = 1_000_000, fontSize: Double = 10_000,
                canvasPixels: Int = 100_000_000, repeatedClusters: Int = 100_000, repeatedGlyphs: Int = 200_000,
                coveragePixels: Int = 1_000_000_000, pictureGlyphs: Int = 250_000, strokeWidth: Double = 1_000_000, sceneFileBytes: Int = 16 << 20) {
        self.textBytes = textBytes; self.pathSegments = pathSegments; self.fontSize = fontSize
        self.canvasPixels = canvasPixels; self.repeatedClusters = repeatedClusters
        self.repeatedGlyphs = repeatedGlyphs; self.coveragePixels = coveragePixels; self.pictureGlyphs = pictureGlyphs
        self.strokeWidth = strokeWidth; self.sceneFileBytes = sceneFileBytes
    }

    /// The defaults.
    public static let `default` = ResourceLimits()
}

extension ResourceLimits {
    /// The one check of a font size against the limit, for every entry point (the request module's
    /// decoding, `LabelLayout`, `TextLabel`, the engine's typed call): above 0 and at most ``fontSize``.
    public func check(fontSize size: Double) throws(LayoutError) {
        guard size > 0 else { throw .badOption("the font size must be above 0, got \(size)") }  // NaN too
        guard size <= fontSize else { throw .limitExceeded(what: "font size", amount: size, limit: fontSize) }
    }

    /// The one check of a path's segment count against the limit.
    public func check(segments count: Int) throws(LayoutError) {
        guard count <= pathSegments else {
            throw .limitExceeded(what: "number of path segments", amount: Double(count), limit: Double(pathSegments))
        }
    }

    /// The one check of a text's length in UTF-8 bytes against the limit.
    public func check(textBytes count: Int) throws(LayoutError) {
        guard count <= textBytes else {
            throw .limitExceeded(what: "text length in bytes", amount: Double(count), limit: Double(textBytes))
        }
    }
}
