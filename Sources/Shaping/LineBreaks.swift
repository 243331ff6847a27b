internal import CICUBreak

/// A place where a line may end: the UTF-8 offset of the first byte of the next line.
public struct LineBreakOpportunity: Hashable, Sendable {
    /// The UTF-8 byte offset where the next line starts.
    public var offset: Int
    /// Whether the line must end here (after a newline or another mandatory break, UAX #14 class BK, CR, LF or NL).
    public var mandatory: Bool

    /// Creates an opportunity.
    public init(offset: Int, mandatory: Bool) { self.offset = offset; self.mandatory = mandatory }
}

/// Line-break opportunities (Unicode's UAX #14 with the language's tailoring), from ICU's break iterators.
///
/// This is the one file that touches ICU. ICU finds the opportunities with its rules and, for scripts
/// written without spaces, its dictionaries: Thai, Lao, Khmer and Burmese break between words; Chinese and
/// Japanese between most characters, but never before closing punctuation such as `。` and `、` or
/// small kana (its line-start rules); other scripts after spaces and hyphens.
public enum LineBreaks {
    /// The opportunities in `text`, in order, for `language` (BCP 47: `th`, `ja`, `de`; `nil` for ICU's
    /// root rules). The end of the text is included as the last one; the start never is.
    ///
    /// - Throws: ``ShapingError/lineBreaking(_:)`` when ICU cannot open a break iterator (missing data).
    /// - Complexity: O(n) for n bytes.
    public static func opportunities(in text: String, language: String?) throws(ShapingError) -> [LineBreakOpportunity] {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return [] }
        let iterator = try LineBreakIterator(utf8: bytes, locale: locale(for: language))
        return iterator.all()
    }

    /// ICU's version, for `pathtext --version` and reports (`72.1`).
    public static var icuVersion: String { String(cString: pt_icu_version()) }

    /// ICU's locale id for a BCP 47 tag: `sr-Latn-RS` → `sr_Latn_RS`; private-use and extension subtags
    /// (after a single-letter subtag) are left out, as line breaking ignores them.
    static func locale(for language: String?) -> String {
        guard let language, !language.isEmpty else { return "" }
        var parts: [Substring] = []
        for p in language.split(whereSeparator: { $0 == "-" || $0 == "_" }) {
            if p.count == 1 { break }
            parts.append(p)
        }
        let id = parts.joined(separator: "_")
        // ICU reads at most ULOC_FULLNAME_CAPACITY (157) bytes of an id; a longer tag is not a language.
        return id.utf8.count <= 64 && id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) ? id : ""
    }
}

/// An ICU line break iterator over its own copy of UTF-8 text: opened per call (ICU caches the rules and
/// dictionaries per locale, so opening one is cheap after the first), never shared between threads.
private final class LineBreakIterator {
    private let breaker: OpaquePointer

    init(utf8 bytes: [UInt8], locale: String) throws(ShapingError) {
        var error: Int32 = 0
        let opened = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { c in
                locale.withCString { pt_line_breaker_open($0, c.baseAddress, Int64(c.count), &error) }
            }
        }
        guard let opened else {
            throw .lineBreaking("ICU could not open a line break iterator for locale \"\(locale)\" (error \(error))")
        }
        breaker = opened
    }

    deinit { pt_line_breaker_close(breaker) }

    func all() -> [LineBreakOpportunity] {
        var out: [LineBreakOpportunity] = []
        var hard: Int32 = 0
        while true {
            let next = pt_line_breaker_next(breaker, &hard)
            if next < 0 { break }
            out.append(LineBreakOpportunity(offset: Int(next), mandatory: hard != 0))
        }
        return out
    }
}
