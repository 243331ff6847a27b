/// Which styles may be synthesized when fallback lands on a face lighter or more upright than the run's
/// (CSS `font-synthesis`): a Bold run whose Thai is drawn by a Regular face, an italic run drawn by an
/// upright one. Browsers synthesize both by default.
public enum FontSynthesis: String, Sendable, Hashable, CaseIterable {
    /// Never synthesize: the fallback face is drawn as it is.
    case none
    /// Embolden a face lighter than the run's (``SyntheticStyle/bold``).
    case weight
    /// Slant a face more upright than the run's (``SyntheticStyle/oblique``).
    case style
    /// Both. The default, as browsers do.
    case both

    /// Whether a missing weight may be synthesized.
    public var allowsWeight: Bool { self == .weight || self == .both }
    /// Whether a missing slant may be synthesized.
    public var allowsStyle: Bool { self == .style || self == .both }
}

/// The styles synthesized for a glyph: its face lacks the run's weight or slant (``FontSynthesis``).
///
/// - Bold, as FreeType's `FT_GlyphSlot_Embolden` (and Chromium's FreeType scaler) does it: the outline is
///   grown by `FT_Outline_EmboldenXY` with a strength of ``emboldenStrength`` of the em in x and y (the
///   outline keeps its left and bottom edges and becomes that much wider and taller), and a glyph with an
///   advance gets that much more advance.
/// - Oblique, as Chromium's fake italic: the outline is sheared by ``obliqueSkew`` (x += skew · y, y up,
///   about 14° as CSS's default oblique angle), about the glyph origin. Advances do not change.
public struct SyntheticStyle: Hashable, Sendable, CustomStringConvertible {
    /// Whether the outline is emboldened and the advance widened.
    public var bold: Bool
    /// Whether the outline is slanted.
    public var oblique: Bool

    /// Creates a synthetic style.
    public init(bold: Bool = false, oblique: Bool = false) { self.bold = bold; self.oblique = oblique }

    /// Nothing synthesized.
    public static let none = SyntheticStyle()

    /// Whether anything is synthesized.
    public var isEmpty: Bool { !bold && !oblique }

    /// The emboldening strength as a fraction of the em: 1/24, FreeType's `FT_GlyphSlot_Embolden`.
    public static let emboldenStrength = 1.0 / 24
    /// The horizontal shear of a synthesized oblique, x per unit of height: 1/4 (14.04°), Chromium's
    /// `SkFont::setSkewX(-1/4)` for synthetic italics.
    public static let obliqueSkew = 0.25

    /// How much a synthesized bold widens the outline and the advance at `size` pixels per em (0 unless bold).
    public func emboldening(size: Double) -> Double { bold ? size * Self.emboldenStrength : 0 }

    /// The shear of a synthesized oblique (0 unless oblique).
    public var skew: Double { oblique ? Self.obliqueSkew : 0 }

    /// `bold`, `oblique`, `bold oblique` or `none`.
    public var description: String {
        bold && oblique ? "bold oblique" : bold ? "bold" : oblique ? "oblique" : "none"
    }
}

/// A stretch of text drawn with synthesized styles: shaping reports it, so that a label's caller knows a
/// face of the run's weight or slant was missing.
public struct SynthesizedStyle: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-8 byte range of the text concerned.
    public var range: Range<Int>
    /// The index of the attribute run.
    public var run: Int
    /// The face drawn (its file name) and its style name.
    public var font: String, fontStyle: String
    /// The run's first font (its file name) and its style name: the style wanted.
    public var wanted: String, wantedStyle: String
    /// What was synthesized.
    public var style: SyntheticStyle

    /// Creates a record.
    public init(range: Range<Int>, run: Int, font: String, fontStyle: String, wanted: String, wantedStyle: String, style: SyntheticStyle) {
        self.range = range; self.run = run; self.font = font; self.fontStyle = fontStyle
        self.wanted = wanted; self.wantedStyle = wantedStyle; self.style = style
    }

    /// `NotoSansThai-Regular.ttf (Regular) is emboldened for run 0, whose first font NotoSans-Bold.ttf is
    /// Bold: no face of that weight covers bytes 5..<14`.
    public var description: String {
        let what = style.bold && style.oblique ? "emboldened and slanted" : style.bold ? "emboldened" : "slanted"
        let lacks = style.bold && style.oblique ? "weight and slant" : style.bold ? "weight" : "slant"
        return "\(font) (\(fontStyle)) is \(what) for run \(run), whose first font \(wanted) is \(wantedStyle): "
            + "no face of that \(lacks) covers bytes \(range.lowerBound)..<\(range.upperBound)"
    }
}
