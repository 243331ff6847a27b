internal import CFriBidi

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
        if fastPath, let level = Self.uniformLevel(scalars, direction: direction) {
            // Only marks, spaces and strong characters of one direction, with at least one strong one:
            // the paragraph takes that direction; AL becomes R (W3), marks take the preceding type or
            // sos (W1), spaces between or around strong characters resolve to their direction (N1,
            // with sos = eos = the paragraph's direction), trailing ones return to the paragraph level
            // (L1), and nothing is raised (I1, I2): every level is the paragraph's.
            levels = [UInt8](repeating: level, count: n)
            paragraphLevel = level
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

    /// FriBidi's `fribidi_get_joining_type` for `scalar` (ArabicShaping.txt's Joining_Type as bits:
    /// 0x01 joins the character before, 0x02 the one after, 0x08 transparent; see ``JoiningType``).
    static func rawJoiningType(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(fribidi_get_joining_type(scalar.value)) }

    /// The level of every scalar when the paragraph holds only NSM, U+0020 and strong characters of
    /// one direction (L, or R and AL) agreeing with `direction` (0 or 1), at least one of them strong;
    /// otherwise `nil`.
    /// What ``uniformLevel(_:direction:)`` makes of one scalar's bidi class.
    enum UniformClass { case left, right, mark, other }

    /// The scalar's class as ``uniformLevel(_:direction:)`` sees it: L, R or AL, NSM, or anything else.
    static func uniformClass(_ value: UInt32) -> UniformClass {
        let t = fribidi_get_bidi_type(value)
        if t == FRIBIDI_TYPE_LTR { return .left }
        if t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL { return .right }
        return t == FRIBIDI_TYPE_NSM ? .mark : .other
    }

    static func uniformLevel(_ scalars: [Unicode.Scalar], direction: ParagraphDirection) -> UInt8? {
        var rtl: Bool? = nil
        for s in scalars where s.value != 0x20 {
            let t = fribidi_get_bidi_type(s.value)
            let r: Bool
            if t == FRIBIDI_TYPE_LTR { r = false } else if t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL { r = true }
            else if t == FRIBIDI_TYPE_NSM { continue } else { return nil }
            if let rtl, rtl != r { return nil }
            rtl = r
        }
        guard let rtl else { return nil }
        switch direction {
        case .auto: return rtl ? 1 : 0
        case .ltr: return rtl ? nil : 0
        case .rtl: return rtl ? 1 : nil
        }
    }
}
