/// Resolves the Unicode Script of every scalar of a paragraph for itemization (UAX #24 style).
///
/// Common, Inherited and Unknown characters (spaces, digits, punctuation, combining marks, unassigned
/// code points) take the script of the text before them, or of the text after them at the start of
/// the paragraph. Paired brackets stay together: an opening bracket is remembered with the script it
/// resolved to, and its matching closing bracket gets the same script, so `Hello (שלום)` keeps both
/// parentheses Latin.
enum ScriptResolver {
    /// The resolved script of each of `scalars`; all ``Script/common`` when no scalar has a real script.
    static func resolve(_ scalars: [Unicode.Scalar]) -> [Script] {
        var result = [Script](repeating: .common, count: scalars.count)
        var current = Script.common
        var runStart = 0
        /// Open brackets: the pair identifier and the index of the opening bracket in `result`.
        var stack: [(id: UInt32, index: Int)] = []

        for (i, scalar) in scalars.enumerated() {
            var script = Script(of: scalar)
            if let bracket = BidiAnalysis.pairedBracket(scalar) {
                if bracket.opens {
                    if stack.count < 64 { stack.append((bracket.id, i)) }
                    script = .common
                } else if let j = stack.lastIndex(where: { $0.id == bracket.id }) {
                    // The closing bracket resolves to its opener's script (looked up now, after any
                    // back-filling of a Common run), and closes everything opened since.
                    script = result[stack[j].index]
                    stack.removeSubrange(j...)
                }
            }
            if script.isNeutral {
                result[i] = current
            } else if current == .common {
                // The first real script of the paragraph (or after a neutral start): back-fill.
                for k in runStart..<i { result[k] = script }
                current = script
                result[i] = script
            } else if script == current {
                result[i] = script
            } else {
                current = script
                runStart = i
                result[i] = script
            }
        }
        return result
    }
}
