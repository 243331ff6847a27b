/// A Unicode script (the Script property of UAX #24), as its ISO 15924 tag packed big-endian into
/// 32 bits — the same value HarfBuzz uses for `hb_script_t`.
struct Script: Hashable, Sendable, CustomStringConvertible {
    /// The packed tag (`'Latn'`).
    let tag: UInt32

    /// `Zyyy`: characters used by many scripts (spaces, digits, punctuation).
    static let common = Script(tag: 0x5A79_7979)
    /// Latin (`Latn`).
    static let latin = Script(tag: 0x4C61_746E)
    /// `Zinh`: combining marks that take the script of their base.
    static let inherited = Script(tag: 0x5A69_6E68)
    /// `Zzzz`: unassigned code points and private use.
    static let unknown = Script(tag: 0x5A7A_7A7A)

    /// The Script property of `scalar`.
    init(of scalar: Unicode.Scalar) { tag = ScalarProperties.script(scalar) }

    /// A script from its packed tag.
    init(tag: UInt32) { self.tag = tag }

    /// Whether the script takes its value from its neighbours when itemizing (Common, Inherited, Unknown).
    var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// The four-letter tag (`Latn`).
    var description: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }
}
