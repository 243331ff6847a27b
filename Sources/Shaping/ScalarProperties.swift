internal import CScalarTable

/// Per-scalar properties the itemizer asks for every scalar of a paragraph, looked up in a table for
/// scalars below U+1000 (Latin, Greek, Cyrillic, Hebrew, Arabic, the Indic scripts, Thai…) and
/// computed directly above it. The table is static data in `CScalarTable`, generated from the same
/// functions that answer above it (HarfBuzz's script, FriBidi's paired brackets, the standard library's
/// properties; see ``derive(_:)``), so a lookup gives exactly what the direct call would, and no
/// process pays to fill it (3.6 M instructions when it was filled at start-up).
enum ScalarProperties {
    /// What grapheme breaking needs to know about a scalar (see ``GraphemeBreaks``).
    enum BreakClass: UInt8 {
        /// Certainly Grapheme_Cluster_Break=Other, and not Prepend, Regional_Indicator or Hangul.
        case base
        /// Certainly Control or LF: a boundary on both sides (GB4, GB5).
        case control
        /// CR: a boundary on both sides except before LF (GB3).
        case cr
        /// Certainly Extend or SpacingMark (not ZWJ), canonical combining class not 9.
        case extend
        /// Extend or SpacingMark with canonical combining class 9 (Virama): may be an InCB Linker (GB9c).
        case linker
        /// Anything else: left to the standard library.
        case unknown
    }

    static let tableLimit = UInt32(PT_SCALAR_TABLE_LIMIT)

    /// What the table holds for a scalar below ``tableLimit``: script tag, FriBidi bracket value, and
    /// `breakClass | (isDefaultIgnorable ? 0x80 : 0)`, from the same functions that answer above it.
    /// `CScalarTable` holds these for every value below the limit (surrogates: 0, 0, `unknown`), generated
    /// from this function; `ScalarTableTests` checks the two agree and regenerates the C file.
    static func derive(_ v: UInt32) -> (script: UInt32, bracket: UInt32, flags: UInt8) {
        guard let s = Unicode.Scalar(v) else { return (0, 0, BreakClass.unknown.rawValue) }
        return (HarfBuzzFont.script(of: s), BidiAnalysis.rawBracket(s),
                computeBreakClass(s).rawValue | (s.properties.isDefaultIgnorableCodePoint ? 0x80 : 0))
    }

    /// The Script property as HarfBuzz reports it.
    @inline(__always) static func script(_ s: Unicode.Scalar) -> UInt32 {
        s.value < tableLimit ? pt_scalar_script(s.value) : HarfBuzzFont.script(of: s)
    }

    /// FriBidi's `fribidi_get_bracket` value (0 for characters that are not paired brackets).
    @inline(__always) static func bracket(_ s: Unicode.Scalar) -> UInt32 {
        s.value < tableLimit ? pt_scalar_bracket(s.value) : BidiAnalysis.rawBracket(s)
    }

    /// Whether `s` is a default-ignorable code point.
    @inline(__always) static func isDefaultIgnorable(_ s: Unicode.Scalar) -> Bool {
        s.value < tableLimit ? pt_scalar_flag(s.value) & 0x80 != 0 : s.properties.isDefaultIgnorableCodePoint
    }

    /// The scalar's ``BreakClass``.
    @inline(__always) static func breakClass(_ s: Unicode.Scalar) -> BreakClass {
        if s.value < 0x300 {
            // No Extend, SpacingMark, Prepend, Regional_Indicator or Hangul below U+0300.
            if s.value == 0x0D { return .cr }
            if s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) || s.value == 0xAD { return .control }
            return .base
        }
        if s.value < tableLimit { return unsafeBitCast(pt_scalar_flag(s.value) & 0x7F, to: BreakClass.self) }
        return computeBreakClass(s)
    }

    /// The break class from the General Category, with the known exceptions; conservative: whatever
    /// is not certain is ``BreakClass/unknown``.
    static func computeBreakClass(_ s: Unicode.Scalar) -> BreakClass {
        let v = s.value
        if v < 0x300 {
            if v == 0x0D { return .cr }
            if v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0xAD { return .control }
            return .base
        }
        // Prepend and SpacingMark letters, Hangul jamo and syllables, halfwidth sound marks (Extend),
        // regional indicators and emoji modifiers.
        if v == 0x0D4E || v == 0x0E33 || v == 0x0EB3 || (0x1100...0x11FF).contains(v) || (0xA960...0xA97F).contains(v)
            || (0xAC00...0xD7FF).contains(v) || v == 0xFF9E || v == 0xFF9F { return .unknown }
        let category = s.properties.generalCategory
        switch category {
        case .nonspacingMark, .enclosingMark, .spacingMark:
            // Every Mn and Me is Extend; every Mc below U+1000 is Extend or SpacingMark (the Mc that
            // are Other all lie above).
            if category == .spacingMark && v >= 0x1000 { return .unknown }
            return s.properties.canonicalCombiningClass.rawValue == 9 ? .linker : .extend
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator:
            // Above the BMP, Prepend letters exist in several scripts: leave them all to the library.
            return v < 0x10000 ? .base : .unknown
        default:
            return .unknown
        }
    }
}
