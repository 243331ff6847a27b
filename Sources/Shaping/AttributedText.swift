/// A string with attribute runs.
///
/// Runs are given as UTF-8 byte ranges of ``string``; they must cover it in order without gaps.
public struct AttributedText: Hashable, Sendable {
    /// One attribute run.
    public struct Run: Hashable, Sendable {
        /// The UTF-8 byte range of the run within ``AttributedText/string``.
        public var range: Range<Int>
        /// The run's attributes.
        public var attributes: TextAttributes
        /// Creates a run.
        public init(range: Range<Int>, attributes: TextAttributes) { self.range = range; self.attributes = attributes }
    }

    /// The text.
    public var string: String
    /// The attribute runs, in order.
    public var runs: [Run]

    /// Text with one set of attributes throughout.
    public init(_ string: String, attributes: TextAttributes) {
        self.string = string
        runs = [Run(range: 0..<string.utf8.count, attributes: attributes)]
    }

    /// Text made of pieces, each with its own attributes.
    public init(pieces: [(String, TextAttributes)]) {
        var s = "", runs: [Run] = []
        for (text, attrs) in pieces {
            let start = s.utf8.count
            s += text
            runs.append(Run(range: start..<s.utf8.count, attributes: attrs))
        }
        string = s; self.runs = runs
    }

    /// Appends a piece of text with its attributes.
    public mutating func append(_ text: String, attributes: TextAttributes) {
        let start = string.utf8.count
        string += text
        runs.append(Run(range: start..<string.utf8.count, attributes: attributes))
    }
}
