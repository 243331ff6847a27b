import Support
/// Weights that match: when fallback lands on a face whose weight or slant differs from the run's first
/// font (a Bold primary, a Regular fallback for Thai), the same family in the primary's style is asked
/// of Fontconfig, and used when the system has it and it covers the cluster (browsers do the same
/// before they synthesize). Only where the run allows system fonts.
enum WeightMatch {
    /// The answers so far, by fallback face and wanted style (`nil`: the system has none).
    private static let found = Locked<[Key: Typeface?]>([:])

    private struct Key: Hashable, Sendable {
        var face: ObjectIdentifier
        var bold: Bool, italic: Bool
    }

    /// The face of `fallback`'s family in the style `want`, when it differs from `fallback`'s own and the
    /// system has one that covers every scalar of `scalars` (default-ignorables aside); else `nil`.
    static func face(like fallback: Typeface, want: (bold: Bool, italic: Bool), covering scalars: ArraySlice<Unicode.Scalar>) -> Typeface? {
        let have = fallback.style
        guard (want.bold && !have.bold) || (want.italic && !have.italic) else { return nil }
        let key = Key(face: ObjectIdentifier(fallback), bold: want.bold, italic: want.italic)
        let face: Typeface?
        if let known = found.withLock({ $0[key] }) { face = known } else {
            let style = want.bold && want.italic ? "Bold Italic" : want.bold ? "Bold" : "Italic"
            var match: Typeface? = nil
            if let f = try? FontLookup.font(family: fallback.familyName, style: style), f !== fallback,
               f.familyName == fallback.familyName {
                let got = f.style
                if got.bold == want.bold || got.italic == want.italic, got != have { match = f }
            }
            found.withLock { $0[key] = match }
            face = match
        }
        guard let face, scalars.allSatisfy({ FontFallback.isIgnorable($0) || face.covers($0) }) else { return nil }
        return face
    }
}
