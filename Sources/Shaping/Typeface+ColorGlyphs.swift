import Support
import Geometry

/// A colour bitmap glyph (CBDT or sbix, as in Noto Color Emoji): premultiplied RGBA pixels of one
/// strike, and where they sit relative to the glyph origin.
public struct ColorBitmap: Hashable, Sendable {
    /// Width and height in pixels.
    public var width: Int, height: Int
    /// Premultiplied RGBA, `4 × width` bytes per row, rows top to bottom.
    public var premultipliedRGBA: [UInt8]
    /// The bitmap's left edge right of the glyph origin, in strike pixels.
    public var left: Double
    /// The bitmap's top edge above the baseline, in strike pixels.
    public var top: Double
    /// The strike's pixels per em: the bitmap is drawn scaled by `size / pixelsPerEm`.
    public var pixelsPerEm: Double

    /// Creates a bitmap.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8], left: Double, top: Double, pixelsPerEm: Double) {
        self.width = width; self.height = height; self.premultipliedRGBA = premultipliedRGBA
        self.left = left; self.top = top; self.pixelsPerEm = pixelsPerEm
    }

    /// The map from bitmap pixel coordinates (x right, y down, (0, 0) the top-left corner of the first
    /// pixel) to the glyph's space at `size` pixels per em (pixels, y down, origin at the glyph origin).
    public func transform(size: Double) -> Affine {
        let k = size / pixelsPerEm
        return Affine.translate(Vector(left * k, -top * k)) * Affine.scale(k, k)
    }
}

/// One layer of a COLR glyph: an outline glyph of the same font filled with one colour or a gradient.
public struct ColorLayer: Hashable, Sendable {
    /// The glyph whose outline the layer fills.
    public var glyph: UInt32
    /// The layer's colour from the font's first palette, or `nil` for the text's own colour.
    public var color: RGBAColor?
    /// A gradient that fills the layer instead of ``color`` (COLRv1), in the glyph's font units (y up):
    /// its transform maps gradient space to them.
    public var gradient: Gradient?
    /// The map from the layer glyph's outline to the colour glyph, in font units (COLRv1's transforms
    /// above its `PaintGlyph`; the identity for COLR version 0).
    public var transform: Affine
    /// Set on a layer that paints nothing but opens or closes a composite group (COLRv1 `PaintComposite`):
    /// its glyph, colour and transform are not used.
    public var group: ColorGroupMark?

    /// Creates a layer.
    public init(glyph: UInt32, color: RGBAColor?, gradient: Gradient? = nil, transform: Affine = .identity) {
        self.glyph = glyph; self.color = color; self.gradient = gradient; self.transform = transform
    }

    /// A layer that marks a composite group.
    public init(group: ColorGroupMark) {
        self.init(glyph: 0, color: nil)
        self.group = group
    }
}

/// How a colour glyph is drawn.
public enum ColorGlyph: Hashable, Sendable {
    /// Outline layers painted bottom first (COLR/CPAL version 0, and COLRv1's paint graphs flattened).
    case layers([ColorLayer])
    /// A bitmap scaled to the size (CBDT, sbix).
    case bitmap(ColorBitmap)
}

/// Colour glyphs decoded once per font (a ``Typeface`` with colour glyphs owns one).
///
/// Entries are stored as two optionals rather than as ``ColorGlyph`` values: Swift keeps a multi-payload
/// enum's case in spare bits of its pointers, which LeakSanitizer cannot follow (it then reports every
/// cached bitmap as leaked).
final class ColorGlyphCache: Sendable {
    struct Entry { var layers: [ColorLayer]?, bitmap: ColorBitmap?, fallback: ColorGlyphFallback.Reason? }
    /// Entries by glyph and strike (``key(_:strike:)``).
    let glyphs = Locked<[UInt64: Entry]>([:])
    /// The font's COLRv1 paint graphs, read once (``COLRv1``), and palette 0 for them.
    let paints: COLRv1?, palette: [RGBAColor]
    /// The glyph ranges of the font's `SVG ` table (SVG-in-OpenType), which are drawn as outlines.
    let svgGlyphs: [ClosedRange<UInt32>]
    /// The pixels per em of a bitmap font's strikes (26.6), empty for a scalable font.
    let strikes: [Int]

    init(paints: COLRv1?, palette: [RGBAColor], svgGlyphs: [ClosedRange<UInt32>] = [], strikes: [Int] = []) {
        self.paints = paints; self.palette = palette; self.svgGlyphs = svgGlyphs; self.strikes = strikes
    }

    /// The cache of a face FreeType says has colour glyphs.
    convenience init(_ ft: FreeTypeFace) {
        self.init(paints: ft.table("COLR").flatMap(COLRv1.init), palette: ft.palette(), svgGlyphs: ft.svgGlyphRanges(),
                  strikes: ft.strikes)
    }

    /// The cache key of `glyph` in strike `strike` (`nil`: the largest).
    static func key(_ glyph: UInt32, strike: Int?) -> UInt64 { UInt64(glyph) | UInt64(strike.map { $0 + 1 } ?? 0) << 32 }
}

extension Typeface {
    /// Whether the font has colour glyphs (COLR/CPAL layers, COLRv1 paints, or CBDT/sbix bitmaps).
    public var hasColorGlyphs: Bool { colorGlyphs != nil }

    /// How `glyph` is drawn in colour, or `nil` when it is an ordinary outline glyph (drawn in the
    /// text's colour). Layers come from the first palette (COLRv1's paint graph first, then version 0's
    /// layers). Bitmaps come from the strike Chromium draws at `size` pixels per em: the smallest at
    /// least that large, else the largest (``StrikeChoice``); with no size, from the largest.
    ///
    /// A glyph that cannot be drawn in colour is drawn as its outline (``colorGlyphFallback(_:)`` says why);
    /// a COLRv1 glyph given up at a bound whose own outline is empty is drawn as the silhouette of the
    /// layers read before the bound, in the text's colour, so that it is never blank.
    public func colorGlyph(_ glyph: UInt32, size: Double? = nil) -> ColorGlyph? {
        guard let entry = colorEntry(glyph, size: size) else { return nil }
        if let layers = entry.layers { return .layers(layers) }
        return entry.bitmap.map { .bitmap($0) }
    }

    /// Why `glyph` is not drawn as its font describes it in colour (an SVG-in-OpenType glyph, a COLRv1 graph
    /// past a bound, a composite mode drawn as source-over), or `nil` when it is (or is no colour glyph).
    public func colorGlyphFallback(_ glyph: UInt32) -> ColorGlyphFallback.Reason? { colorEntry(glyph, size: nil)?.fallback }

    /// The decoded entry of `glyph` (its bitmap from the strike for `size`), decoded on first use.
    private func colorEntry(_ glyph: UInt32, size: Double?) -> ColorGlyphCache.Entry? {
        guard let cache = colorGlyphs else { return nil }
        let strike = size.flatMap { cache.strikes.count > 1 ? StrikeChoice.best(for: $0, among: cache.strikes) : nil }
        let key = ColorGlyphCache.key(glyph, strike: strike)
        if let known = cache.glyphs.withLock({ $0[key] }) { return known }
        let flattened = cache.paints?.flatten(glyph: glyph, palette: cache.palette)
        var entry = freeType.withLock { ft in
            if let layers = flattened?.layers ?? (flattened?.fallback == nil ? ft.colorLayers(glyph: glyph) : nil) {
                return ColorGlyphCache.Entry(layers: layers, bitmap: nil, fallback: flattened?.fallback)
            }
            let bitmap = flattened?.fallback == nil ? ft.colorBitmap(glyph: glyph, strike: strike) : nil
            return ColorGlyphCache.Entry(layers: nil, bitmap: bitmap, fallback: flattened?.fallback)
        }
        if entry.layers == nil, entry.bitmap == nil, entry.fallback == nil, cache.svgGlyphs.contains(where: { $0.contains(glyph) }) {
            entry.fallback = .svgTable
        }
        if let partial = flattened?.partial, !partial.isEmpty, case .paintBound = entry.fallback,
           outlineControlBox(glyph: glyph, emboldened: false).isEmpty {
            entry.layers = partial.filter { $0.group == nil }.map { ColorLayer(glyph: $0.glyph, color: nil, transform: $0.transform) }
        }
        cache.glyphs.withLock { $0[key] = entry }
        return entry
    }
}
