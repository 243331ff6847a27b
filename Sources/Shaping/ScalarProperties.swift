internal import CScalarTable

/// Per-scalar properties the itemizer asks for every scalar of a paragraph, looked up in a table for
/// scalars below U+1000 (Latin, Greek, Cyrillic, Hebrew, Arabic, the Indic scripts, Thai…) and
/// computed directly above it. The table is static data in `CScalarTable`, generated from the same
/// functions that answer above it (HarfBuzz's script, FriBidi's paired brackets, the standard library's
/// properties; see ``derive(_:)``), so a lookup gives exactly what the direct call would, and no
/// process pays to fill it (3.6 M instructions when it was filled at start-up).
enum ScalarProperties {
    static let tableLimit = UInt32(PT_SCALAR_TABLE_LIMIT)

    /// What the table holds for a scalar below ``tableLimit``: script tag, FriBidi bracket value, and
    /// the flags (`PT_SCALAR_DEFAULT_IGNORABLE`), from the same functions that answer above it.
    /// `CScalarTable` holds these for every value below the limit (surrogates: 0, 0, 0), generated
    /// from this function; `ScalarPropertiesTests` checks the two agree and regenerates the C file.
    static func derive(_ v: UInt32) -> (script: UInt32, bracket: UInt32, flags: UInt8) {
        guard let s = Unicode.Scalar(v) else { return (0, 0, 0) }
        return (HarfBuzzFont.script(of: s), BidiAnalysis.rawBracket(s),
                s.properties.isDefaultIgnorableCodePoint ? UInt8(PT_SCALAR_DEFAULT_IGNORABLE) : 0)
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
        s.value < tableLimit ? pt_scalar_flag(s.value) & UInt8(PT_SCALAR_DEFAULT_IGNORABLE) != 0 : s.properties.isDefaultIgnorableCodePoint
    }
}
