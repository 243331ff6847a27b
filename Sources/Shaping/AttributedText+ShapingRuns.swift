extension AttributedText {
    /// The text with neighbouring runs that shape alike joined into one run (the first one's attributes), or
    /// `nil` when no two can be joined.
    ///
    /// Runs shape alike when their ``ShapingAttributes`` and letter spacing are equal (CSS: only a change of
    /// font, size, features, language, letter spacing or direction ends a shaping run) and their features
    /// are all global (a ranged feature counts from its own run's start). A change of colour, word spacing or
    /// baseline shift alone joins, so kerning and ligatures cross it; ``ShapedLine/painted(as:)`` gives each
    /// glyph back the run of its cluster's first character.
    public var mergedForShaping: AttributedText? {
        guard runs.count > 1 else { return nil }
        var merged: [Run] = []
        merged.reserveCapacity(runs.count)
        for run in runs {
            if let last = merged.last, Self.shapeAlike(last.attributes, run.attributes) {
                merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                merged.append(run)
            }
        }
        guard merged.count < runs.count else { return nil }
        var text = self
        text.runs = merged
        return text
    }

    /// Whether two neighbouring runs may be shaped as one.
    static func shapeAlike(_ a: TextAttributes, _ b: TextAttributes) -> Bool {
        a.letterSpacing == b.letterSpacing && a.shaping == b.shaping && a.features.allSatisfy(\.isGlobal)
    }

    /// The index of the run holding UTF-8 offset `byte` (the last run for the end of the text).
    func runIndex(at byte: Int) -> Int {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].range.lowerBound <= byte { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

extension ShapedLine {
    /// The line shaped from ``AttributedText/mergedForShaping`` with the runs of `text` put back: its run
    /// attributes, and each glyph's ``ShapedGlyph/runIndex`` the run of its cluster's first character (so a
    /// ligature across two colours takes the first one's, as Chromium paints it).
    public func painted(as text: AttributedText) -> ShapedLine {
        var line = self
        line.runs = text.runs.map(\.attributes)
        guard text.runs.count > 1 else {
            for i in line.glyphs.indices { line.glyphs[i].runIndex = 0 }
            return line
        }
        for i in line.glyphs.indices { line.glyphs[i].runIndex = text.runIndex(at: line.glyphs[i].cluster) }
        return line
    }
}
