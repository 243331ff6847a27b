import Testing
@testable import Shaping

/// CSS Fonts 4's matching (§5.2 step 4) on made-up families: stretch first, then style, then weight, each
/// by the spec's rule of which side to look at first.
@Suite struct CSSFontMatchTests {
    /// Noto Sans as resvg's test fonts have it: Thin, Light, Regular, Bold, Black, and an Italic.
    static let notoSans: [FaceTraits] = [100, 300, 400, 700, 900].map { FaceTraits(weight: $0...$0) }
        + [FaceTraits(weight: 400...400, slant: .italic)]

    @Test(arguments: [(100.0, 0), (200, 0), (300, 1), (350, 1), (400, 2), (450, 2), (500, 2), (550, 3), (600, 3),
                      (700, 3), (800, 4), (900, 4), (1000, 4), (1, 0)])
    func weightsPickTheFaceTheRuleNames(weight: Double, face: Int) {
        #expect(CSSFontMatch.best(Self.notoSans, weight: weight) == face)
    }

    @Test func fromFourHundredToFiveHundredLooksUpToFiveHundredFirst() {
        let faces = [300.0, 480, 600].map { FaceTraits(weight: $0...$0) }
        #expect(CSSFontMatch.best(faces, weight: 420) == 1)   // 480 (within 420–500) before 300
        #expect(CSSFontMatch.best(faces, weight: 490) == 1)   // nothing in 490–500: below, nearest first (480), before 600
        #expect(CSSFontMatch.best([FaceTraits(weight: 600...600)], weight: 490) == 0)
    }

    @Test func aVariableFaceCoversItsRange() {
        let faces = [FaceTraits(weight: 400...400), FaceTraits(weight: 100...900)]
        #expect(CSSFontMatch.best(faces, weight: 650) == 1)
        #expect(CSSFontMatch.best(faces, weight: 400) == 0)  // both cover 400: the first
    }

    @Test func styleComesBeforeWeightAndStretchBeforeStyle() {
        #expect(CSSFontMatch.best(Self.notoSans, weight: 700, style: .italic) == 5)       // the only italic, though Regular
        #expect(CSSFontMatch.best(Self.notoSans, weight: 400, style: .oblique(angle: 14)) == 5)  // oblique falls back to italic
        let oblique = [FaceTraits(weight: 400...400, slant: .oblique), FaceTraits(weight: 400...400, slant: .italic)]
        #expect(CSSFontMatch.best(oblique, style: .italic) == 1 && CSSFontMatch.best(oblique, style: .oblique(angle: 10)) == 0)
        #expect(CSSFontMatch.best(oblique, style: .normal) == 0)  // no upright: oblique before italic
        let widths = [75.0, 100, 125].map { FaceTraits(weight: 400...400, width: $0...$0) }
            + [FaceTraits(weight: 700...700, width: 87.5...87.5)]
        #expect(CSSFontMatch.best(widths, weight: 700, stretch: 90) == 3)   // narrower first at or below 100 %
        #expect(CSSFontMatch.best(widths, weight: 400, stretch: 110) == 2)  // wider first above 100 %
        #expect(CSSFontMatch.best(widths, stretch: 200) == 2 && CSSFontMatch.best(widths, stretch: 50) == 0)
        #expect(CSSFontMatch.best([], weight: 400) == nil)
    }
}
