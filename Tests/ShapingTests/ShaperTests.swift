import Testing
@testable import Shaping

/// ``Shaper/shape(_:direction:into:)``: one kept line shaped label after label is the line
/// ``Shaper/shape(_:direction:)`` returns each time, and its storage is reused.
@Suite struct ShaperTests {
    static func text(_ s: String, size: Double = 24) -> AttributedText {
        AttributedText(s, attributes: TextAttributes(fonts: TestFonts.stack, size: size, systemFallback: false))
    }

    /// One item, several items (bidi and scripts), an empty text, colour runs merged for shaping, a run with
    /// features, in an order where each line differs from the one before in every field.
    static let texts: [AttributedText] = [
        text("Helsinki"),
        text("Mixed עברית and नमस्ते 123", size: 30),
        text(""),
        AttributedText(pieces: [("Te", TextAttributes(fonts: [TestFonts.sans], size: 40, color: RGBAColor(hex: "#ff0000")!)),
                                ("xt", TextAttributes(fonts: [TestFonts.sans], size: 40, color: RGBAColor(hex: "#0000ff")!))]),
        text("مرحبا بالعالم"),
        AttributedText("ffi 1/2", attributes: TextAttributes(fonts: [TestFonts.serif], size: 18,
                                                              features: [FeatureSetting(tag: "liga", value: 0)])),
        text("a much longer label, to make the kept arrays grow once more than before"),
        text("W"),
    ]

    @Test func aKeptLineIsShapedAsANewOne() {
        var kept = ShapedLine.empty
        for (i, text) in Self.texts.enumerated() {
            for direction in [ParagraphDirection.auto, .rtl] {
                Shaper.shape(text, direction: direction, into: &kept)
                #expect(kept == Shaper.shape(text, direction: direction), "text \(i), \(direction)")
            }
        }
    }

    @Test func theKeptGlyphStorageIsReusedAndACopyIsLeftAsItWas() {
        var kept = ShapedLine.empty
        Shaper.shape(Self.text("a longer label first"), into: &kept)
        let address = kept.glyphs.withUnsafeBufferPointer { $0.baseAddress }
        Shaper.shape(Self.text("Oulu"), into: &kept)
        #expect(kept.glyphs.count == 4)
        #expect(kept.glyphs.withUnsafeBufferPointer { $0.baseAddress } == address)
        let copy = kept
        Shaper.shape(Self.text("Espoo"), into: &kept)
        #expect(copy == Shaper.shape(Self.text("Oulu")) && kept == Shaper.shape(Self.text("Espoo")))
    }
}
