import CFriBidi

/// Bidi embedding levels of one paragraph, from FriBidi (the FriBidi boundary: FriBidi's types and
/// buffers never leave this file).
///
/// Levels follow UAX #9 rules P2–I2 and all four parts of L1 (trailing whitespace and isolate
/// formatters at the end of the line return to the paragraph level), so they are ready for the L2
/// reordering that ``Shaper`` does on items.
struct BidiAnalysis: Hashable, Sendable {
    /// The embedding level of each scalar: even is left to right, odd is right to left.
    let levels: [UInt8]
    /// The paragraph's level: 0 (left to right) or 1 (right to left).
    let paragraphLevel: UInt8

    /// Analyses `scalars` as one paragraph with the requested base direction.
    init(scalars: [Unicode.Scalar], direction: ParagraphDirection) {
        self.init(scalars, direction: direction, fastPath: true)
    }

    /// The analysis without the left-to-right fast path (for tests).
    init(forcingFriBidi scalars: [Unicode.Scalar], direction: ParagraphDirection) {
        self.init(scalars, direction: direction, fastPath: false)
    }

    private init(_ scalars: [Unicode.Scalar], direction: ParagraphDirection, fastPath: Bool) {
        let n = scalars.count
        var base: FriBidiParType = switch direction {
        case .auto: FRIBIDI_PAR_ON
        case .ltr: FRIBIDI_PAR_LTR
        case .rtl: FRIBIDI_PAR_RTL
        }
        guard n > 0 else {
            levels = []
            paragraphLevel = direction == .rtl ? 1 : 0
            return
        }
        if fastPath, direction != .rtl, scalars.allSatisfy({ $0.value < 0x0590 }) {
            // Below U+0590 (Hebrew) every bidi class is L, EN, ES, ET, CS, NSM, BN, B, S, WS or ON: no
            // strong right-to-left character, Arabic number or explicit formatting character, so the
            // paragraph is left to right (its first strong character, if any, is L), European numbers
            // become L (W7), neutrals take level 0 (N1, N2) and nothing is raised (I1): every level is 0.
            levels = [UInt8](repeating: 0, count: n)
            paragraphLevel = 0
            return
        }
        let chars: [FriBidiChar] = scalars.map(\.value)
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var raw = [FriBidiLevel](repeating: 0, count: n)
        fribidi_get_bidi_types(chars, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(chars, FriBidiStrIndex(n), types, &brackets)
        let ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &raw)
        let paragraph: UInt8 = base.rawValue & 1 == 1 ? 1 : 0
        guard ok != 0 else {
            // Allocation failure inside FriBidi: fall back to one direction for everything.
            levels = [UInt8](repeating: paragraph, count: n)
            paragraphLevel = paragraph
            return
        }
        var out = raw.map { UInt8(clamping: Int($0)) }
        // L1 part 4 (FriBidi leaves it to its own reorder function): whitespace, boundary neutrals,
        // explicit and isolate formatters at the end of the line take the paragraph level.
        let trailingMask: UInt32 = 0x0800 /* SPACE: WS, BN, BS, SS */ | 0x1000 /* EXPLICIT */ | 0x8000 /* ISOLATE */
        var i = n - 1
        while i >= 0, types[i].rawValue & trailingMask != 0 {
            out[i] = paragraph
            i -= 1
        }
        levels = out
        paragraphLevel = paragraph
    }

    /// The Bidi_Paired_Bracket property: for a paired bracket, an identifier shared by the opening and
    /// closing bracket of a pair and whether this one opens; `nil` for other characters.
    static func pairedBracket(_ scalar: Unicode.Scalar) -> (id: UInt32, opens: Bool)? {
        let b = ScalarProperties.bracket(scalar)
        guard b != 0 else { return nil }
        return (b & 0x7fff_ffff, b & 0x8000_0000 != 0)
    }

    /// FriBidi's `fribidi_get_bracket` value for `scalar` (0 for characters that are not paired brackets).
    static func rawBracket(_ scalar: Unicode.Scalar) -> UInt32 { UInt32(fribidi_get_bracket(scalar.value)) }
}
