/// The bound of a COLRv1 paint graph that made its glyph be given up (``COLRv1``).
public enum COLRPaintBound: String, Hashable, Sendable, CaseIterable {
    /// More than ``COLRv1/maximumDepth`` nested paints.
    case depth
    /// More than ``COLRv1/maximumVisits`` paints read for one glyph.
    case visits
    /// More than ``COLRv1/maximumLayers`` layers.
    case layers

    /// `64 nested paints`, `4096 paints`, `1024 layers`.
    public var limit: String {
        switch self {
        case .depth: "\(COLRv1.maximumDepth) nested paints"
        case .visits: "\(COLRv1.maximumVisits) paints"
        case .layers: "\(COLRv1.maximumLayers) layers"
        }
    }
}

/// A colour glyph drawn otherwise than its font describes it: as its outline (a table the renderer does
/// not draw, a paint graph given up at a bound), or with a composite mode drawn as source-over.
///
/// Shaping reports one per font and reason, with the glyphs and clusters concerned (``ShapingDiagnostic``);
/// a colour glyph is never left blank.
public struct ColorGlyphFallback: Hashable, Sendable, CustomStringConvertible {
    /// Why the glyph is not drawn as its font describes it.
    public enum Reason: Hashable, Sendable {
        /// An SVG-in-OpenType glyph (the `SVG ` table) without COLR or bitmap data: drawn as its outline.
        case svgTable
        /// A COLRv1 paint graph past one of the bounds: drawn as its outline (or, when that is empty, as the
        /// silhouette of the layers read before the bound, in the text's colour).
        case paintBound(COLRPaintBound)
        /// A COLRv1 `PaintComposite` in a mode no surface draws (a mode number the table does not define):
        /// its source is drawn over its backdrop.
        case compositeMode(String)

        /// The table concerned, as OpenType tags it.
        public var table: String {
            if case .svgTable = self { "SVG" } else { "COLR" }
        }
    }

    /// Why.
    public var reason: Reason
    /// The font's name (``Typeface/name``).
    public var font: String
    /// The glyph ids concerned, each once, in the order met.
    public var glyphs: [UInt32]
    /// Their clusters (UTF-8 offsets), each once, in the order met.
    public var clusters: [Int]

    /// Creates a record.
    public init(reason: Reason, font: String, glyphs: [UInt32], clusters: [Int]) {
        self.reason = reason; self.font = font; self.glyphs = glyphs; self.clusters = clusters
    }

    /// `NotoColorEmoji.ttf: SVG table glyphs drawn as outlines (2 glyphs)`.
    public var description: String {
        let n = glyphs.count == 1 ? "glyph \(glyphs[0])" : "\(glyphs.count) glyphs"
        switch reason {
        case .svgTable:
            return "\(font): SVG table glyphs drawn as outlines (\(n)): SVG-in-OpenType glyphs are not drawn in colour"
        case .paintBound(let b):
            return "\(font): COLR table glyphs drawn as outlines (\(n)): the paint graph goes past \(b.limit)"
        case .compositeMode(let m):
            return "\(font): COLR table PaintComposite mode \(m) drawn as src-over (\(n))"
        }
    }

    /// The records for `glyphs` (`(glyph, cluster, font)` triples in any order): one per font and reason.
    public static func records(_ glyphs: some Sequence<(glyph: UInt32, cluster: Int, font: Typeface)>) -> [ColorGlyphFallback] {
        var out: [ColorGlyphFallback] = []
        for g in glyphs where g.font.hasColorGlyphs {
            guard let reason = g.font.colorGlyphFallback(g.glyph) else { continue }
            if let i = out.firstIndex(where: { $0.reason == reason && $0.font == g.font.name }) {
                if !out[i].glyphs.contains(g.glyph) { out[i].glyphs.append(g.glyph) }
                if !out[i].clusters.contains(g.cluster) { out[i].clusters.append(g.cluster) }
            } else {
                out.append(ColorGlyphFallback(reason: reason, font: g.font.name, glyphs: [g.glyph], clusters: [g.cluster]))
            }
        }
        return out
    }
}

extension ShapedLine {
    /// Appends a diagnostic for each ``ColorGlyphFallback`` of the line's glyphs (a line without colour
    /// fonts is left as it is). In place: a function returning the line, given back as it was, copied it
    /// (its five arrays and text retained) and destroyed the original, on every line shaped.
    package mutating func noteColorGlyphFallbacks() {
        guard fonts.contains(where: \.hasColorGlyphs) else { return }
        let fonts = fonts
        let records = ColorGlyphFallback.records(glyphs.lazy.map { ($0.glyph, $0.cluster, fonts[$0.fontIndex]) })
        guard !records.isEmpty else { return }
        diagnostics += records.map { ShapingDiagnostic(cluster: $0.clusters.min() ?? 0, message: $0.description, colorGlyph: $0) }
    }
}
