/// Where a font's vertical origins come from, as Blink reads them (`OpenTypeVerticalData::LoadMetrics`):
/// `VORG` when the font has vertical metrics (`vhea` and `vmtx`) and a `VORG` table, else `vmtx`'s top
/// side bearings, else nothing (Blink then puts every glyph's vertical origin an ascent above its
/// horizontal one).
package enum VerticalOriginSource: Sendable, Hashable {
    /// The `VORG` table's origins.
    case vorg
    /// Each glyph's top less its `vmtx` top side bearing.
    case topSideBearings
    /// No vertical metrics.
    case none

    /// The source for a font that has the tables `hasTable` says it has.
    init(hasTable: (String) -> Bool) {
        guard hasTable("vhea"), hasTable("vmtx") else { self = .none; return }
        self = hasTable("VORG") ? .vorg : .topSideBearings
    }
}
