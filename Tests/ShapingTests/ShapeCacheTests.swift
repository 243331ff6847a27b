import Foundation
import Testing
@testable import Shaping

/// The shaping cache: a hit returns what shaping would, every shaping input is part of the key, the
/// memory bound holds, and threads may share it.
@Suite struct ShapeCacheTests {
    static func text(_ s: String, fonts: [Typeface] = [TestFonts.sans], size: Double = 20, features: [FeatureSetting] = [],
                     language: String? = nil, systemFallback: Bool = false) -> AttributedText {
        AttributedText(s, attributes: TextAttributes(fonts: fonts, size: size, features: features, language: language,
                                                     systemFallback: systemFallback))
    }

    @Test func hitEqualsShaping() {
        let cache = ShapeCache()
        let inputs = [Self.text("Mannerheimintie"), Self.text("مرحبا بالعالم", fonts: TestFonts.stack),
                      Self.text("नमस्ते दुनिया", fonts: TestFonts.stack), Self.text("Hello שלום 123", fonts: TestFonts.stack)]
        for t in inputs {
            let first = cache.shape(t)
            let second = cache.shape(t)
            #expect(first == Shaper.shape(t))
            #expect(second == Shaper.shape(t))
            #expect(second.glyphs.count > 5)
        }
        let s = cache.statistics
        #expect(s.hits == 4 && s.misses == 4 && s.entries == 4 && s.evictions == 0)
        #expect(s.hitRate == 0.5)
        // Vertical shaping is its own entry point with its own key.
        let v = Self.text("縦書き", fonts: [TestFonts.sans])
        #expect(cache.shapeVertical(v) == Shaper.shapeVertical(v))
        #expect(cache.shapeVertical(v) == Shaper.shapeVertical(v))
        #expect(cache.shapeVertical(v, orientation: .upright) == Shaper.shapeVertical(v, orientation: .upright))
        #expect(cache.statistics.hits == 5 && cache.statistics.misses == 6)
    }

    @Test func everyShapingInputIsInTheKey() throws {
        let cache = ShapeCache()
        let base = Self.text("office AV")
        _ = cache.shape(base)
        let sansAgain = try Typeface(path: fontsDir + "/NotoSans-Regular.ttf")  // same file, another face object
        var twoRuns = AttributedText(pieces: [("office", TextAttributes(fonts: [TestFonts.sans], size: 20, systemFallback: false)),
                                              (" AV", TextAttributes(fonts: [TestFonts.sans], size: 20, systemFallback: false))])
        // Runs that shape alike are one shaping run (and one key): a letter-spacing change ends the run.
        twoRuns.runs[1].attributes.letterSpacing = 2
        let variants: [(String, () -> ShapedLine)] = [
            ("text", { cache.shape(Self.text("office AW")) }),
            ("font", { cache.shape(Self.text("office AV", fonts: [TestFonts.serif])) }),
            ("font identity", { cache.shape(Self.text("office AV", fonts: [sansAgain])) }),
            ("fallback list", { cache.shape(Self.text("office AV", fonts: [TestFonts.sans, TestFonts.arabic])) }),
            ("size", { cache.shape(Self.text("office AV", size: 21)) }),
            ("features", { cache.shape(Self.text("office AV", features: [FeatureSetting(tag: "liga", value: 0)])) }),
            ("feature range", { cache.shape(Self.text("office AV", features: [FeatureSetting(tag: "liga", value: 0, start: 0, end: 3)])) }),
            ("language", { cache.shape(Self.text("office AV", language: "tr")) }),
            ("system fallback", { cache.shape(Self.text("office AV", systemFallback: true)) }),
            ("direction", { cache.shape(base, direction: .rtl) }),
            ("runs", { cache.shape(twoRuns) }),
            ("vertical", { cache.shapeVertical(base) }),
        ]
        for (name, shape) in variants {
            let before = cache.statistics.misses
            _ = shape()
            #expect(cache.statistics.misses == before + 1, "changing the \(name) must miss")
            _ = shape()
            #expect(cache.statistics.misses == before + 1, "the same \(name) again must hit")
        }
        // The answers differ where the input does: the ligature and kerning are real.
        #expect(cache.shape(Self.text("office AV", features: [FeatureSetting(tag: "liga", value: 0)])).glyphs.count
                > cache.shape(base).glyphs.count)
        #expect(cache.shape(Self.text("office AV", size: 21)).advance > cache.shape(base).advance)
    }

    @Test func variationsAreInTheKey() throws {
        let regular = try Typeface(path: TestFonts.interPath, variations: [FontVariation(tag: "wght", value: 400)])
        let bold = try Typeface(path: TestFonts.interPath, variations: [FontVariation(tag: "wght", value: 700)])
        let cache = ShapeCache()
        let a = cache.shape(Self.text("Helsinki", fonts: [regular]))
        let b = cache.shape(Self.text("Helsinki", fonts: [bold]))
        #expect(cache.statistics.misses == 2 && cache.statistics.hits == 0)
        #expect(b.advance > a.advance)
        #expect(b == Shaper.shape(Self.text("Helsinki", fonts: [bold])))
    }

    @Test func drawingAttributesHitAndComeBackAsGiven() {
        let cache = ShapeCache()
        _ = cache.shape(Self.text("Kaivokatu"))
        var other = Self.text("Kaivokatu")
        other.runs[0].attributes.color = RGBAColor(r: 200, g: 0, b: 0)
        other.runs[0].attributes.letterSpacing = 3
        other.runs[0].attributes.wordSpacing = 2
        other.runs[0].attributes.baselineShift = 4
        let line = cache.shape(other)
        #expect(cache.statistics.hits == 1)
        #expect(line == Shaper.shape(other))
        #expect(line.runs[0].color == RGBAColor(r: 200, g: 0, b: 0) && line.runs[0].letterSpacing == 3)
    }

    @Test func staysWithinItsBudget() {
        let one = ShapeCache.estimatedBytes(Shaper.shape(Self.text("Street 000")))
        // 1522 bytes here: 256 fixed, 10 glyphs and their text, the one run (its TextAttributes, paint included) counted twice.
        #expect(one > 1400 && one < 1600, "\(one)")
        let cache = ShapeCache(byteBudget: 10 * one)
        for i in 0..<100 {
            _ = cache.shape(Self.text("Street \(String(format: "%03d", i))"))
            #expect(cache.statistics.bytes <= 10 * one)
        }
        var s = cache.statistics
        #expect(s.entries >= 8 && s.entries <= 10)
        #expect(s.evictions == 100 - s.entries)
        #expect(s.bytes <= s.byteBudget)
        // The most recent entries are the ones kept (nothing was hit, so CLOCK evicts in order).
        let missesBefore = s.misses
        _ = cache.shape(Self.text("Street 099"))
        #expect(cache.statistics.misses == missesBefore)
        // A hit entry survives a sweep: street 099 is marked, so as many insertions as there are entries
        // evict every other entry (and the first of the new ones) but not it.
        let n = s.entries
        for i in 100..<(100 + n) { _ = cache.shape(Self.text("Street \(i)")) }
        _ = cache.shape(Self.text("Street 099"))
        #expect(cache.statistics.misses == missesBefore + n)
        _ = cache.shape(Self.text("Street 098"))
        #expect(cache.statistics.misses == missesBefore + n + 1)
        // Lowering the budget evicts at once; 0 keeps nothing, and a line above the budget is not kept.
        cache.byteBudget = 3 * one
        s = cache.statistics
        #expect(s.bytes <= 3 * one && s.entries <= 3)
        cache.byteBudget = 0
        #expect(cache.statistics.entries == 0 && cache.statistics.bytes == 0)
        let line = cache.shape(Self.text("Street 000"))
        #expect(line == Shaper.shape(Self.text("Street 000")) && cache.statistics.entries == 0)
        cache.byteBudget = 2 * one
        _ = cache.shape(Self.text(String(repeating: "long street name ", count: 20)))
        #expect(cache.statistics.entries == 0)
        cache.removeAll()
        #expect(cache.statistics.bytes == 0)
    }

    @Test func threadsShareOneCache() async {
        let one = ShapeCache.estimatedBytes(Shaper.shape(Self.text("Road 00")))
        let cache = ShapeCache(byteBudget: 40 * one)  // smaller than the 64 texts: lookups, inserts and evictions race
        let texts = (0..<64).map { Self.text("Road \($0)") }
        let expected = texts.map { Shaper.shape($0) }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for t in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for k in 0..<400 {
                        let i = (k * (t + 3)) % texts.count
                        if cache.shape(texts[i]) != expected[i] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        let s = cache.statistics
        #expect(s.hits + s.misses == 1600)
        #expect(s.hits > 0 && s.evictions > 0 && s.bytes <= 40 * one)
    }
}
