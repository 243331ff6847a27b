/// Small capitals as browsers synthesize them when the first font of a run has no `smcp` feature (CSS Fonts 4
/// §6.4, "synthesized small caps"): the letters that would become small capitals are set as capitals at 70 %
/// of the size (Blink's factor), everything else as it is.
enum SmallCapsSynthesis {
    /// The size of a synthesized small capital, as a fraction of the run's size.
    static let scale = 0.7

    /// `text` cut into pieces of the same kind, in order: `scaled` pieces are the letters to set as small
    /// capitals, upper-cased (lower-case letters; for `all-small-caps`, capitals too).
    static func pieces(_ text: String, allSmallCaps: Bool) -> [(text: String, scaled: Bool)] {
        var out: [(text: String, scaled: Bool)] = []
        for c in text {
            let lower = c.isLowercase && String(c).uppercased() != String(c)
            let scaled = lower || (allSmallCaps && c.isUppercase)
            let piece = lower ? String(c).uppercased() : String(c)
            if let last = out.last, last.scaled == scaled { out[out.count - 1].text += piece } else { out.append((piece, scaled)) }
        }
        return out
    }
}
