/// Chooses the font for a grapheme cluster from a font stack.
enum FontFallback {
    /// Whether `scalar` needs no glyph of its own when checking coverage: default-ignorable code points
    /// (ZWJ, ZWNJ, variation selectors, bidi controls, soft hyphen) are drawn as nothing by HarfBuzz.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        ScalarProperties.isDefaultIgnorable(scalar)
    }

    /// The index in `fonts` of the first font that covers every non-ignorable scalar of `cluster`,
    /// or `nil` when none does.
    static func choose(_ cluster: some Sequence<Unicode.Scalar>, fonts: [Typeface]) -> Int? {
        let needed = cluster.filter { !isIgnorable($0) }
        return fonts.firstIndex { font in needed.allSatisfy { font.covers($0) } }
    }
}

/// ``FontFallback/choose(_:fonts:)`` with each scalar's coverage asked of HarfBuzz once per font (for
/// the first 64 fonts of a stack) while one paragraph is itemized: a direct-mapped table from scalar to
/// the fonts asked and the fonts known to cover it (all of them for a default-ignorable scalar).
final class CoverageCache {
    private static let slots = 256
    private struct Entry { var key: UInt32 = 0, asked: UInt64 = 0, covered: UInt64 = 0 }
    private var fonts: [Typeface] = []
    /// Per slot: scalar value + 1 (0: empty).
    private let entries = UnsafeMutablePointer<Entry>.allocate(capacity: slots)

    init() { entries.initialize(repeating: Entry(), count: Self.slots) }
    deinit { entries.deallocate() }

    /// Makes the cache answer for `stack` (cleared when it is not the stack cached). Call before
    /// ``choose(_:)`` whenever the stack may have changed.
    func use(_ stack: [Typeface]) {
        if stack.count == fonts.count && zip(stack, fonts).allSatisfy({ $0 === $1 }) { return }
        entries.update(repeating: Entry(), count: Self.slots)
        fonts = stack
    }

    /// Whether `fonts[i]` maps `s` to a glyph, or `s` is default-ignorable.
    @inline(__always) private func covers(_ s: Unicode.Scalar, _ i: Int) -> Bool {
        guard i < 64 else { return FontFallback.isIgnorable(s) || fonts[i].covers(s) }
        let e = entries + Int((s.value ^ (s.value >> 8)) & UInt32(Self.slots - 1))
        let bit = UInt64(1) << UInt64(i)
        if e.pointee.key == s.value &+ 1 {
            if e.pointee.asked & bit != 0 { return e.pointee.covered & bit != 0 }
        } else if FontFallback.isIgnorable(s) {
            e.pointee = Entry(key: s.value &+ 1, asked: ~0, covered: ~0)
            return true
        } else {
            e.pointee = Entry(key: s.value &+ 1, asked: 0, covered: 0)
        }
        let yes = fonts[i].covers(s)
        e.pointee.asked |= bit
        if yes { e.pointee.covered |= bit }
        return yes
    }

    /// The index in the stack last given to ``use(_:)`` of the first font that covers every
    /// non-ignorable scalar of `cluster`, or `nil` when none does (the same answer as
    /// ``FontFallback/choose(_:fonts:)``).
    func choose(_ cluster: ArraySlice<Unicode.Scalar>) -> Int? {
        font: for i in 0..<fonts.count {
            for s in cluster where !covers(s, i) { continue font }
            return i
        }
        return nil
    }
}
