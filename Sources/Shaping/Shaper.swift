/// Shapes attributed text into a ``ShapedLine``.
///
/// (Walking-skeleton version: each run shaped with its primary font, direction guessed by HarfBuzz.
/// Replaced by bidi, script itemization and per-cluster fallback.)
public enum Shaper {
    /// Shapes `text`.
    public static func shape(_ text: AttributedText) -> ShapedLine {
        let utf8 = Array(text.string.utf8)
        var glyphs: [ShapedGlyph] = []
        for (ri, run) in text.runs.enumerated() {
            guard let font = run.attributes.fonts.first else { continue }
            let k = run.attributes.size / Double(font.unitsPerEm)
            let raw = font.harfBuzz.shape(utf8: utf8, range: run.range, rtl: nil, script: nil,
                                          language: run.attributes.language, features: run.attributes.features)
            glyphs += raw.map {
                ShapedGlyph(glyph: $0.glyph, cluster: Int($0.cluster), advance: Double($0.xAdvance) * k,
                            xOffset: Double($0.xOffset) * k, yOffset: Double($0.yOffset) * k,
                            font: font, size: run.attributes.size, runIndex: ri)
            }
        }
        let first = text.runs.first?.attributes
        let metrics = first.flatMap { a in a.fonts.first.map { $0.metrics(size: a.size) } }
            ?? FontMetrics(ascender: 0, descender: 0, lineGap: 0, xHeight: 0, capHeight: 0, unitsPerEm: 1000, size: 0)
        return ShapedLine(text: text.string, glyphs: glyphs, runs: text.runs.map(\.attributes), metrics: metrics)
    }
}
