import Requests
import Shaping

/// How a label came out in a locale.
public enum LabelFit: Hashable, Sendable {
    /// Drawn whole at the asked size.
    case fits
    /// Drawn whole, set smaller by `overflow: shrink` (to `size` px).
    case shrunk(to: Double)
    /// Drawn whole on `lines` lines (`overflow: wrap`), at the asked size or, after a shrink, at `size` px.
    case wrapped(lines: Int, size: Double?)
    /// Cut with "…" (`overflow: ellipsis`).
    case ellipsized
    /// Clusters fell off the path or span, or shrink reached its minimum and it still did not fit.
    case overflows
    /// Not drawn (`maxAngle` rejected it).
    case rejected

    /// The word the table and JSON show: `fits`, `shrunk`, `wrapped`, `ellipsized`, `overflows`, `rejected`.
    public var word: String {
        switch self {
        case .fits: "fits"
        case .shrunk: "shrunk"
        case .wrapped: "wrapped"
        case .ellipsized: "ellipsized"
        case .overflows: "overflows"
        case .rejected: "rejected"
        }
    }
}

/// A problem `pathtext check --fail-on` can fail on; the stable codes of the check's JSON.
public enum CheckIssue: String, Sendable, Hashable, CaseIterable {
    /// The label does not fit (clusters dropped, or not drawn).
    case overflow
    /// The label was set smaller to fit.
    case shrunk
    /// The label was set on several lines.
    case wrapped
    /// The label was cut with "…".
    case ellipsized
    /// Characters no font covers (drawn as `.notdef`).
    case missing
    /// Characters drawn from a font after the label's first (the shipped stack's or the system's).
    case fallback
    /// Characters drawn from a system font (not shipped with the scene).
    case systemFont = "system-font"
    /// Letter spacing suppressed between letters of a joining script.
    case spacing
    /// A weight or slant synthesized: no face of the run's style covers some of its characters.
    case synthesized
    /// The label's ink overlaps another label's.
    case overlap
    /// Neighbouring glyphs' ink collide where the path bends (the inner side of a ring).
    case collision
}

/// A face a label drew with a synthesized weight or slant, and what was synthesized.
public struct SynthesizedFont: Hashable, Sendable {
    /// The face's file name (or embedded name).
    public var name: String
    /// What was synthesized for it (over all the label's runs).
    public var style: SyntheticStyle

    /// `NotoSansThai-Regular.ttf (bold)`.
    public var description: String { "\(name) (\(style))" }
}

extension [SynthesizedFont] {
    /// Adds what `record` synthesized to the entry of its face (appended when new).
    mutating func add(_ record: SynthesizedStyle) {
        if let i = firstIndex(where: { $0.name == record.font }) {
            self[i].style.bold = self[i].style.bold || record.style.bold
            self[i].style.oblique = self[i].style.oblique || record.style.oblique
        } else {
            append(SynthesizedFont(name: record.font, style: record.style))
        }
    }
}

/// A font a label used besides its first.
public struct FallbackFont: Hashable, Sendable {
    /// The font's file name (or embedded name).
    public var name: String
    /// Whether it came from the system (Fontconfig fallback) rather than the label's own stack.
    public var system: Bool
}

/// One label of the scene laid out in one locale: what fits, what is missing, what collides.
public struct LabelCheck: Hashable, Sendable {
    /// The locale (BCP 47), also the label's `lang`.
    public var locale: String
    /// The label's index in the scene.
    public var label: Int
    /// The key the translation came from (the template's text, or `labels[N]`); `nil` when the locale has
    /// no translation for this label (the template's text was used).
    public var key: String?
    /// The text laid out.
    public var text: String
    /// How it came out.
    public var fit: LabelFit
    /// The size asked for and the size used, pixels per em.
    public var requestedSize: Double, size: Double
    /// Code points no font covers, in order of appearance.
    public var missing: [UInt32]
    /// The fonts used besides the label's first.
    public var fallbackFonts: [FallbackFont]
    /// Clusters left without letter spacing (cursive tracking).
    public var suppressedSpacing: Int
    /// The indices of other labels whose ink this label's ink overlaps.
    public var overlaps: [Int]
    /// Neighbouring glyph pairs whose ink collides on the curve (but not when set straight).
    public var collisions: Int
    /// The label's diagnostics as data.
    public var diagnostics: [DiagnosticRecord]
    /// The faces drawn with a synthesized weight or slant (``SyntheticStyle``), each once.
    public var synthesized: [SynthesizedFont] = []

    /// The problems found, in ``CheckIssue`` order.
    public var issues: [CheckIssue] {
        var out: [CheckIssue] = []
        switch fit {
        case .overflows, .rejected: out.append(.overflow)
        case .shrunk: out.append(.shrunk)
        case .wrapped(_, let size): out.append(.wrapped); if size != nil { out.append(.shrunk) }
        case .ellipsized: out.append(.ellipsized)
        case .fits: break
        }
        if !missing.isEmpty { out.append(.missing) }
        if !fallbackFonts.isEmpty { out.append(.fallback) }
        if fallbackFonts.contains(where: \.system) { out.append(.systemFont) }
        if suppressedSpacing > 0 { out.append(.spacing) }
        if !synthesized.isEmpty { out.append(.synthesized) }
        if !overlaps.isEmpty { out.append(.overlap) }
        if collisions > 0 { out.append(.collision) }
        return out
    }
}

extension LabelFit {
    /// The result as the table shows it: `shrunk to 30 px`, `wrapped (2 lines)`, `wrapped (2 lines) at 30 px`.
    public var shown: String {
        switch self {
        case .shrunk(let to): "shrunk to \(CheckReport.number(to)) px"
        case .wrapped(let n, let size): "wrapped (\(n) lines)" + (size.map { " at \(CheckReport.number($0)) px" } ?? "")
        default: word
        }
    }

    /// The number of lines the label was drawn on (1 unless wrapped).
    public var lines: Int {
        if case .wrapped(let n, _) = self { return n }
        return 1
    }

    /// Whether the whole text was drawn (fits, shrunk or wrapped).
    var drawnWhole: Bool {
        switch self {
        case .fits, .shrunk, .wrapped: true
        default: false
        }
    }
}
