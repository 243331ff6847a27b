import PathText

/// A ``LabelDiagnostic`` as plain data for the doors that are not Swift (the C library's `pt_diagnostic`):
/// a stable code, the clusters and code points it concerns, and its numbers by name.
public struct DiagnosticRecord: Hashable, Sendable {
    /// The stable code: `missing-glyph`, `dropped-clusters`, `truncated`, `shrunk`, `rejected-turn` or `shaping`.
    public var code: String
    /// The sentence the CLI prints.
    public var message: String
    /// The clusters concerned (UTF-8 byte offsets in the text).
    public var clusters: [Int]
    /// The characters concerned.
    public var codePoints: [UInt32]
    /// The numbers, by name: `shrunk` has `from`, `to`, `fits` (1 or 0); `rejected-turn` `degrees`, `limit`;
    /// `missing-glyph` `searchedSystem` (1 or 0).
    public var numbers: [(name: String, value: Double)]

    /// The record of `d`.
    public init(_ d: LabelDiagnostic) {
        message = d.description
        codePoints = []
        numbers = []
        switch d {
        case .missingGlyphs(let m):
            code = "missing-glyph"; clusters = [m.cluster]; codePoints = m.characters.map(\.value)
            numbers = [("searchedSystem", m.searchedSystem ? 1 : 0)]
        case .droppedClusters(let c): code = "dropped-clusters"; clusters = c
        case .truncated(let c): code = "truncated"; clusters = c
        case .shrunk(let from, let to, let fits):
            code = "shrunk"; clusters = []; numbers = [("from", from), ("to", to), ("fits", fits ? 1 : 0)]
        case .rejectedTurn(let degrees, let limit):
            code = "rejected-turn"; clusters = []; numbers = [("degrees", degrees), ("limit", limit)]
        case .shaping(let s): code = "shaping"; clusters = [s.cluster]
        }
    }

    /// Every stable code, in the order of ``LabelDiagnostic``'s cases.
    public static let codes = ["missing-glyph", "dropped-clusters", "truncated", "shrunk", "rejected-turn", "shaping"]

    public static func == (a: DiagnosticRecord, b: DiagnosticRecord) -> Bool {
        a.code == b.code && a.message == b.message && a.clusters == b.clusters && a.codePoints == b.codePoints
            && a.numbers.map(\.name) == b.numbers.map(\.name) && a.numbers.map(\.value) == b.numbers.map(\.value)
    }

    public func hash(into h: inout Hasher) { h.combine(code); h.combine(message); h.combine(clusters); h.combine(codePoints) }
}
