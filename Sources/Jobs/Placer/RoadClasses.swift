import Support
import Geometry
import Shaping

/// The default ranking and style of road classes (OpenStreetMap's `highway` values): which names are
/// labelled first and how each class is drawn under the labels.
///
/// | class | priority | casing, fill at zoom 16 (px) |
/// |---|---|---|
/// | motorway, trunk | 10 | 11, 9 |
/// | primary | 9 | 10, 8 |
/// | secondary | 8 | 9, 7 |
/// | tertiary | 7 | 8, 6 |
/// | unclassified, residential | 6 | 7, 5 |
/// | living_street | 5 | 6, 4 |
/// | pedestrian | 4 | 6, 4 |
/// | service | 3 | 4.5, 3 |
/// | anything else (footway, cycleway, path, steps, none) | 2 | 3, 1.5 |
///
/// A `_link` class (`motorway_link`) ranks one below its road and is drawn like it. Widths scale by
/// `2^((z − 16) / 2)` at zoom `z`, within 0.4× and 1.5×.
public enum RoadClasses {
    /// How one class is ranked and drawn.
    public struct Style: Hashable, Sendable {
        /// The priority of its labels (higher places first).
        public var priority: Double
        /// The width of the casing (drawn first, under every fill) and of the fill at zoom 16, pixels.
        public var casing: Double, fill: Double
        /// The fill's colour.
        public var color: RGBAColor
    }

    /// The casing colour of every class.
    public static let casingColor = RGBAColor(r: 0xC8, g: 0xC0, b: 0xB4)

    static let table: [(String, Style)] = [
        ("motorway", Style(priority: 10, casing: 11, fill: 9, color: RGBAColor(r: 0xF3, g: 0xB3, b: 0x7A))),
        ("trunk", Style(priority: 10, casing: 11, fill: 9, color: RGBAColor(r: 0xF3, g: 0xB3, b: 0x7A))),
        ("primary", Style(priority: 9, casing: 10, fill: 8, color: RGBAColor(r: 0xF7, g: 0xD3, b: 0x8C))),
        ("secondary", Style(priority: 8, casing: 9, fill: 7, color: RGBAColor(r: 0xF9, g: 0xE7, b: 0xA5))),
        ("tertiary", Style(priority: 7, casing: 8, fill: 6, color: .white)),
        ("unclassified", Style(priority: 6, casing: 7, fill: 5, color: .white)),
        ("residential", Style(priority: 6, casing: 7, fill: 5, color: .white)),
        ("living_street", Style(priority: 5, casing: 6, fill: 4, color: .white)),
        ("pedestrian", Style(priority: 4, casing: 6, fill: 4, color: RGBAColor(r: 0xEC, g: 0xEA, b: 0xF2))),
        ("service", Style(priority: 3, casing: 4.5, fill: 3, color: .white)),
    ]

    /// Every other class.
    public static let other = Style(priority: 2, casing: 3, fill: 1.5, color: RGBAColor(r: 0xFB, g: 0xFA, b: 0xF7))

    /// The style of `roadClass` (`nil`: ``other``).
    public static func style(of roadClass: String?) -> Style {
        guard let c = roadClass else { return other }
        if let s = table.first(where: { $0.0 == c })?.1 { return s }
        if c.hasSuffix("_link"), var s = table.first(where: { $0.0 == String(c.dropLast(5)) })?.1 { s.priority -= 1; return s }
        return other
    }

    /// How much wider than at zoom 16 roads are drawn at `zoom`.
    public static func widthScale(zoom: Int) -> Double {
        min(1.5, max(0.4, pow(2, Double(zoom - 16) / 2)))
    }
}
