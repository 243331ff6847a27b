import Testing
@testable import Shaping

/// The itemizer as it was before its fast paths (`for character in string`, FriBidi for every paragraph,
/// HarfBuzz asked per scalar per cluster), kept as the reference the fast itemizer must match exactly
/// on the stack alone (the tests turn system fallback off: the reference knows only the stack).
enum ReferenceItemizer {
    static func itemize(_ text: AttributedText, direction: ParagraphDirection)
        -> (items: [TextItem], paragraphLevel: UInt8, diagnostics: [ShapingDiagnostic]) {
        let string = text.string
        let scalars = Array(string.unicodeScalars)
        var scalarOffsets: [Int] = []
        var offset = 0
        for s in scalars { scalarOffsets.append(offset); offset += UTF8.width(s) }
        let bidi = ReferenceBidi(scalars: scalars, direction: direction)
        let scripts = scalars.map { Script(tag: HarfBuzzFont.script(of: $0)) }
        let resolved = resolveScripts(scalars, scripts)
        var diagnostics: [ShapingDiagnostic] = []
        var items: [TextItem] = []
        guard !text.runs.isEmpty else { return ([], bidi.paragraphLevel, diagnostics) }
        var reportedEmptyStacks = Set<Int>()
        var runIndex = 0, scalarIndex = 0, clusterStart = 0
        func run(at b: Int) -> Int {
            while runIndex + 1 < text.runs.count, b >= text.runs[runIndex].range.upperBound { runIndex += 1 }
            return runIndex
        }
        for character in string {
            let clusterEnd = clusterStart + character.utf8.count
            var unitStart = clusterStart
            while unitStart < clusterEnd {
                let r = run(at: unitStart)
                let runEnd = r == text.runs.count - 1 ? clusterEnd : text.runs[r].range.upperBound
                var unitEnd = min(clusterEnd, max(runEnd, unitStart + 1))
                let firstScalar = scalarIndex
                while scalarIndex < scalars.count, scalarOffsets[scalarIndex] < unitEnd { scalarIndex += 1 }
                unitEnd = scalarIndex < scalars.count ? scalarOffsets[scalarIndex] : offset
                let unitScalars = scalars[firstScalar..<scalarIndex]
                let fonts = text.runs[r].attributes.fonts
                guard let primary = fonts.first else {
                    if reportedEmptyStacks.insert(r).inserted {
                        diagnostics.append(ShapingDiagnostic(cluster: unitStart, message: "run \(r) has no fonts; its text is not shaped"))
                    }
                    unitStart = unitEnd
                    continue
                }
                var font = primary
                let needed = unitScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
                if let i = fonts.firstIndex(where: { f in needed.allSatisfy { f.covers($0) } }) {
                    font = fonts[i]
                } else {
                    let missing = needed.filter { s in !fonts.contains { $0.covers(s) } }
                    let names = missing.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
                    diagnostics.append(ShapingDiagnostic(
                        cluster: unitStart,
                        message: "no font in the stack (\(fonts.map(\.name).joined(separator: ", "))) covers \(names.joined(separator: " ")); drawn as .notdef of \(primary.name)",
                        missingCoverage: MissingCoverage(cluster: unitStart, characters: Array(missing), stack: fonts.map(\.name))))
                }
                let level = bidi.levels[firstScalar], script = resolved[firstScalar]
                if var last = items.last, last.range.upperBound == unitStart, last.level == level,
                   last.script == script, last.runIndex == r, last.font === font {
                    last.range = last.range.lowerBound..<unitEnd
                    items[items.count - 1] = last
                } else {
                    items.append(TextItem(range: unitStart..<unitEnd, level: level, script: script, runIndex: r, font: font))
                }
                unitStart = unitEnd
            }
            clusterStart = clusterEnd
        }
        return (items, bidi.paragraphLevel, diagnostics)
    }

    /// `ScriptResolver.resolve` with HarfBuzz and FriBidi asked directly.
    static func resolveScripts(_ scalars: [Unicode.Scalar], _ raw: [Script]) -> [Script] {
        var result = [Script](repeating: .common, count: scalars.count)
        var current = Script.common, runStart = 0
        var stack: [(id: UInt32, index: Int)] = []
        for (i, scalar) in scalars.enumerated() {
            var script = raw[i]
            let b = BidiAnalysis.rawBracket(scalar)
            if b != 0 {
                if b & 0x8000_0000 != 0 {
                    if stack.count < 64 { stack.append((b & 0x7fff_ffff, i)) }
                    script = .common
                } else if let j = stack.lastIndex(where: { $0.id == b & 0x7fff_ffff }) {
                    script = result[stack[j].index]
                    stack.removeSubrange(j...)
                }
            }
            if script.isNeutral {
                result[i] = current
            } else if current == .common {
                for k in runStart..<i { result[k] = script }
                current = script
                result[i] = script
            } else if script == current {
                result[i] = script
            } else {
                current = script; runStart = i; result[i] = script
            }
        }
        return result
    }
}

/// FriBidi for every paragraph (BidiAnalysis without its left-to-right fast path): the same code with
/// a character U+05D0 appended and its level dropped would change levels, so instead the analysis is
/// done on the text with direction forced through FriBidi by a private copy.
struct ReferenceBidi {
    let levels: [UInt8]
    let paragraphLevel: UInt8
    init(scalars: [Unicode.Scalar], direction: ParagraphDirection) {
        let b = BidiAnalysis(forcingFriBidi: scalars, direction: direction)
        levels = b.levels; paragraphLevel = b.paragraphLevel
    }
}

@Suite struct ItemizerEquivalenceTests {
    /// Scalars chosen to exercise every grapheme rule and the fast paths' edges.
    static let pool: [String] = [
        "a", "Z", " ", "1", "(", ")", "[", "]", ".", "\r", "\n", "\t", "\u{7F}", "\u{85}", "\u{AD}", "©", "é",
        "\u{301}", "\u{308}", "\u{20DD}", "ш", "Ω",
        "ש", "\u{5B8}", "ל", "ו",                                   // Hebrew + point
        "ا", "ل", "ع", "ر", "\u{64E}", "\u{651}", "٣", "\u{600}", "\u{6DD}",  // Arabic, harakat, digits, prepend
        "क", "ष", "त", "र", "\u{94D}", "\u{93F}", "\u{940}", "\u{93C}", "\u{902}", "ॐ",  // Devanagari
        "ก", "\u{E33}", "\u{E31}", "\u{E48}", "ຳ", "\u{D4E}", "മ", "\u{D4D}",              // Thai, Lao, Malayalam
        "\u{1100}", "\u{1161}", "\u{11A8}", "한", "\u{AC00}",          // Hangul jamo and syllables
        "\u{200D}", "\u{200C}", "\u{200B}", "\u{FE0F}", "\u{FE0E}", "\u{2066}", "\u{2069}", "\u{202E}", "\u{200F}",
        "👍", "\u{1F3FD}", "❤", "🇫", "🇷", "🇩", "\u{E0067}", "中", "\u{FF9E}", "ｶ", "\u{1D165}", "\u{11720}",
        "\u{102B}", "\u{1039}", "\u{1000}", "\u{17D2}", "\u{1780}", "\u{10FFFD}", "\u{E000}", "\u{2028}", "\u{2029}",
    ]

    static func randomString(_ rng: inout SystemRandomNumberGenerator, count: Int, pool: [String]) -> String {
        var s = ""
        for _ in 0..<count { s += pool.randomElement(using: &rng)! }
        return s
    }

    static func check(_ text: AttributedText, _ direction: ParagraphDirection) -> Bool {
        let a = Itemizer.itemize(text, direction: direction)
        let b = ReferenceItemizer.itemize(text, direction: direction)
        let same = a.items == b.items && a.paragraphLevel == b.paragraphLevel && a.diagnostics == b.diagnostics
        if !same {
            print("differs for \(text.string.unicodeScalars.map { String($0.value, radix: 16) }) \(direction)")
            print(" fast: \(a.items.map { ($0.range, $0.level, $0.script, $0.font.name) })")
            print(" ref:  \(b.items.map { ($0.range, $0.level, $0.script, $0.font.name) })")
        }
        return same
    }

    @Test func sameItemsAsTheReferenceOnRandomText() {
        var rng = SystemRandomNumberGenerator()
        let stacks = [TestFonts.stack, [TestFonts.sans], [TestFonts.devanagari, TestFonts.sans], []]
        var failures = 0
        for trial in 0..<3000 {
            // Single-script pools reach the one-item fast path (with marks, controls and neutrals).
            let pools = [Array(Self.pool.prefix(22)), Self.pool, ["a", "b", " ", "1", ".", "\u{301}", "\r", "\n", "(", ")", "\u{200D}"],
                         ["क", "ष", "त", "\u{94D}", "\u{93F}", " ", "१", "\u{200C}"], ["ا", "ل", "ع", "\u{64E}", " ", "٣", "1", "("],
                         ["ا", "ل", "ع", "\u{64E}", "\u{651}", " ", " ", "ש", "\u{5B8}"],
                         ["क", "ष", "\u{94D}", "\u{93F}", "\u{902}", " ", "a", "\u{301}"]]
            let pool = pools[trial % pools.count]
            let n = Int.random(in: 0...24, using: &rng)
            let string = Self.randomString(&rng, count: n, pool: pool)
            let direction: ParagraphDirection = [.auto, .ltr, .rtl][trial % 3]
            var text = AttributedText(string, attributes: TextAttributes(fonts: stacks[trial % 2 == 0 ? 0 : 1 + (trial / 2) % 3], systemFallback: false))
            if trial % 5 == 0, string.utf8.count > 2 {
                // Several runs, with boundaries anywhere (also inside clusters and scalars).
                let bytes = string.utf8.count
                var cuts = Set<Int>()
                for _ in 0..<3 { cuts.insert(Int.random(in: 1..<bytes, using: &rng)) }
                var runs: [AttributedText.Run] = [], lo = 0
                for (k, c) in (cuts.sorted() + [bytes]).enumerated() {
                    runs.append(.init(range: lo..<c, attributes: TextAttributes(fonts: stacks[k % stacks.count], systemFallback: false)))
                    lo = c
                }
                text.runs = runs
            }
            if !Self.check(text, direction) { failures += 1 }
            if failures > 5 { break }
        }
        #expect(failures == 0)
    }

    /// The one-pass path (``Itemizer/singleItem(_:utf8:direction:)``) answers only when the general path
    /// gives one item, and then the same item and level; the bench's Latin, Arabic and Devanagari labels take it.
    @Test func theOnePassPathAgreesWithTheGeneralPath() {
        func both(_ text: AttributedText, _ direction: ParagraphDirection)
            -> (one: (TextItem, UInt8)?, general: (items: [TextItem], paragraphLevel: UInt8, diagnostics: [ShapingDiagnostic])) {
            var string = text.string
            string.makeContiguousUTF8()
            return string.utf8.withContiguousStorageIfAvailable { utf8 in
                (Itemizer.singleItem(text, utf8: utf8, direction: direction), Itemizer.general(text, utf8: utf8, direction: direction))
            }!
        }
        var rng = SystemRandomNumberGenerator()
        let pools: [[String]] = [["a", "b", " ", "1", ".", "\u{301}", "(", ")", "é", "\u{200D}"], ["a", "Z", " ", "q"],
                                 ["ا", "ل", "ع", "\u{64E}", " ", "\u{651}"], ["ا", "ل", " ", "٣", "(", "a"], ["ש", "\u{5B8}", "ל", " "],
                                 ["क", "ष", "त", "\u{94D}", "\u{93F}", " ", "\u{902}"], ["क", " ", "a"], ["a", "❤", "\u{FE0F}", "中"]]
        var taken = 0, disagreements = 0
        for trial in 0..<2400 {
            let pool = pools[trial % pools.count]
            let string = Self.randomString(&rng, count: Int.random(in: 0...16, using: &rng), pool: pool)
            let direction: ParagraphDirection = [.auto, .ltr, .rtl][trial % 3]
            let fonts = [TestFonts.stack, [TestFonts.sans], [TestFonts.arabic], [TestFonts.devanagari]][(trial / 3) % 4]
            let (one, general) = both(AttributedText(string, attributes: TextAttributes(fonts: fonts, systemFallback: false)), direction)
            guard let (item, level) = one else { continue }
            taken += 1
            if general.items != [item] || general.paragraphLevel != level || !general.diagnostics.isEmpty {
                disagreements += 1
                print("one pass differs for \(string.unicodeScalars.map { String($0.value, radix: 16) }) \(direction)")
            }
        }
        #expect(disagreements == 0)
        // The one-pass path takes ASCII letters as Latin and the rest of ASCII as Common without the table.
        for v in UInt32(0)..<0x80 {
            let letter = (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
            #expect(Script(of: Unicode.Scalar(v)!) == (letter ? Script.latin : .common), "U+\(String(v, radix: 16))")
        }
        #expect(taken > 300, "the one-pass path answered only \(taken) times")
        for (text, font, level) in [("the quick brown fox (1999).", TestFonts.sans, 0), ("النص يتبع المسار", TestFonts.arabic, 1),
                                    ("पाठ वक्र पथ का अनुसरण", TestFonts.devanagari, 0)] as [(String, Typeface, UInt8)] {
            let (one, general) = both(AttributedText(text, attributes: TextAttributes(fonts: [font])), .auto)
            #expect(one?.1 == level && one.map { [$0.0] } == general.items, "\(text)")
        }
    }

    @Test func sameItemsOnLongTexts() {
        for words in [["the", "quick", "brown", "fox", "typography"], ["النص", "يتبع", "المسار", "والحروف"],
                      ["पाठ", "वक्र", "अनुसरण", "क्षेत्र", "स्वतंत्र"], ["Hello", "שָׁלוֹם", "2024", "(x)", "👍🏽", "🇫🇷"]] {
            var s = ""
            for i in 0..<400 { s += (s.isEmpty ? "" : " ") + words[i % words.count] }
            for direction in [ParagraphDirection.auto, .ltr, .rtl] {
                #expect(Self.check(AttributedText(s, attributes: TextAttributes(fonts: TestFonts.stack, systemFallback: false)), direction))
            }
        }
    }
}
