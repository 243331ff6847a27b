import JSON
import Layout
import Shaping

/// The stable code of a diagnostic: what every door reports (placements JSON, the C library, Python,
/// HTTP, the CLI's stderr), so that a program can act on it without reading English.
///
/// Codes are kebab-case and never change meaning; new codes may be added.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    /// Characters no font covers: drawn as `.notdef` (``LabelDiagnostic/missingGlyphs(_:)``).
    case missingGlyph = "missing-glyph"
    /// Clusters whose midpoints fell off the path, not drawn (``LabelDiagnostic/droppedClusters(_:)``).
    case droppedClusters = "dropped-clusters"
    /// Clusters cut to make room for "…" (``LabelDiagnostic/truncated(_:)``).
    case truncated
    /// The label was set smaller than asked (``LabelDiagnostic/shrunk(from:to:fits:)``).
    case shrunk
    /// `maxAngle` rejected the placement (``LabelDiagnostic/rejectedTurn(degrees:limit:)``).
    case rejectedTurn = "rejected-turn"
    /// Letter spacing not applied between letters of a joining script (``LabelDiagnostic/suppressedSpacing(_:)``).
    case suppressedSpacing = "suppressed-spacing"
    /// A weight synthesized: a face lighter than the run's was emboldened (``LabelDiagnostic/synthesized(_:)``).
    case synthesizedWeight = "synthesized-weight"
    /// A slant synthesized: an upright face was slanted for an italic run (``LabelDiagnostic/synthesized(_:)``).
    case synthesizedStyle = "synthesized-style"
    /// The label was set on several lines (``LabelDiagnostic/wrapped(lines:)``); `lines` is their number.
    case wrapped
    /// Letter spacing of a joining script given back as tatweel (``LabelDiagnostic/elongatedSpacing(_:)``).
    case elongatedSpacing = "elongated-spacing"
    /// `cursiveTracking: elongate` found a font without tatweel: its words are left unspaced
    /// (``LabelDiagnostic/elongationUnavailable(fonts:clusters:)``).
    case elongationUnavailable = "elongation-unavailable"
    /// Colour glyphs drawn as their outlines: an SVG-in-OpenType table, a COLRv1 paint graph past a bound
    /// (``LabelDiagnostic/colorGlyph(_:)``); the message names the table (`SVG`, `COLR`), `font` the font
    /// and `glyph` the glyph id when there is one.
    case colorGlyphOutline = "color-glyph-outline"
    /// A COLRv1 composite mode drawn as source-over (``LabelDiagnostic/colorGlyph(_:)``).
    case colorGlyphComposite = "color-glyph-composite"
    /// Anything else shaping reported (a feature string HarfBuzz rejects).
    case shaping
}

/// A diagnostic as data: its code, the clusters and code points it concerns, and its numbers, with the
/// sentence a person reads. Every door writes these same values in its own way.
public struct DiagnosticRecord: Sendable, Hashable {
    /// The stable code.
    public var code: DiagnosticCode
    /// The sentence for people (the CLI prints it on stderr after the code).
    public var message: String
    /// The clusters concerned, as UTF-8 byte offsets into the label's text.
    public var clusters: [Int]
    /// The characters concerned, as Unicode code points (missing glyphs).
    public var codePoints: [UInt32]
    /// The numbers of the diagnostic by name, in a fixed order: `from`/`to` of a shrink, `degrees`/`limit`
    /// of a rejected turn.
    public var numbers: [(name: String, value: Double)]
    /// The font concerned: the font whose `.notdef` is drawn for missing glyphs, the face synthesized.
    public var font: String?
    /// Whether the label was drawn as asked apart from this (`false` for a shrink that still does not fit).
    public var fits: Bool?

    /// The record of `diagnostic`.
    public init(_ diagnostic: LabelDiagnostic) {
        message = diagnostic.description
        numbers = []
        codePoints = []
        font = nil
        fits = nil
        switch diagnostic {
        case .missingGlyphs(let m):
            code = .missingGlyph; clusters = [m.cluster]; codePoints = m.characters.map(\.value); font = m.stack.first
        case .droppedClusters(let c):
            code = .droppedClusters; clusters = c
        case .truncated(let c):
            code = .truncated; clusters = c
        case .shrunk(let from, let to, let f):
            code = .shrunk; clusters = []; numbers = [("from", from), ("to", to)]; fits = f
        case .rejectedTurn(let degrees, let limit):
            code = .rejectedTurn; clusters = []; numbers = [("degrees", degrees), ("limit", limit)]
        case .suppressedSpacing(let c):
            code = .suppressedSpacing; clusters = c
        case .synthesized(let s):
            code = s.style.bold ? .synthesizedWeight : .synthesizedStyle; clusters = [s.range.lowerBound]; font = s.font
            numbers = [("start", Double(s.range.lowerBound)), ("end", Double(s.range.upperBound)), ("run", Double(s.run))]
        case .wrapped(let n):
            code = .wrapped; clusters = []; numbers = [("lines", Double(n))]
        case .elongatedSpacing(let e):
            code = .elongatedSpacing; clusters = e.positions
            numbers = [("width", e.width), ("tatweels", Double(e.tatweels))]
        case .elongationUnavailable(let fonts, let c):
            code = .elongationUnavailable; clusters = c; font = fonts.first
        case .colorGlyph(let c):
            switch c.reason {
            case .compositeMode: code = .colorGlyphComposite
            case .svgTable, .paintBound: code = .colorGlyphOutline
            }
            clusters = c.clusters; font = c.font
            numbers = c.glyphs.count == 1 ? [("glyph", Double(c.glyphs[0]))] : []
        case .shaping(let d):
            code = .shaping; clusters = [d.cluster]
        }
    }

    /// The value of the number called `name`, if the record has it.
    public func number(_ name: String) -> Double? { numbers.first { $0.name == name }?.value }

    /// `missing-glyph: no font in the stack … covers U+6771` — the line the CLI prints after `warning: `.
    public var line: String { code.rawValue + ": " + message }

    public static func == (a: Self, b: Self) -> Bool {
        a.code == b.code && a.message == b.message && a.clusters == b.clusters && a.codePoints == b.codePoints
            && a.numbers.map(\.name) == b.numbers.map(\.name) && a.numbers.map(\.value) == b.numbers.map(\.value)
            && a.font == b.font && a.fits == b.fits
    }

    public func hash(into h: inout Hasher) {
        h.combine(code); h.combine(message); h.combine(clusters); h.combine(codePoints)
        for n in numbers { h.combine(n.name); h.combine(n.value) }
        h.combine(font); h.combine(fits)
    }
}

extension PlacedLabel {
    /// The label's diagnostics as data (``DiagnosticRecord``), in order.
    public var diagnosticRecords: [DiagnosticRecord] { diagnostics.map(DiagnosticRecord.init) }
}

extension DiagnosticRecord {
    /// The record as the placements JSON writes it: code, message, clusters, then the code points (when
    /// any), the numbers by name, the font and whether a shrink fits (when known).
    package var jsonValue: JSONValue {
        var m = [JSONMember("code", .string(code.rawValue)), JSONMember("message", .string(message)),
                 JSONMember("clusters", .array(clusters.map { .number(Double($0)) }))]
        if !codePoints.isEmpty { m.append(JSONMember("codePoints", .array(codePoints.map { .number(Double($0)) }))) }
        for n in numbers { m.append(JSONMember(n.name, .number(n.value))) }
        if let font { m.append(JSONMember("font", .string(font))) }
        if let fits { m.append(JSONMember("fits", .bool(fits))) }
        return .object(m)
    }
}
