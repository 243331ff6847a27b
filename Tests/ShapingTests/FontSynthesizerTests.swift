import Testing
@testable import Shaping
import TestSupport

/// `FontSynthesizer`: what a fallback face needs synthesized to match the run's first font.
@Suite struct FontSynthesizerTests {
    static let regular = try! Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/NotoSans-Regular.ttf"))
    static let bold = try! Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/NotoSans-Bold.ttf"))
    static let italic = try! Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/NotoSans-Italic.ttf"))
    static let emoji = try! Typeface(path: PackagePaths.file("fixtures/resvg-text/fonts/NotoColorEmojiCBDT.subset.ttf"))

    @Test func makesUpWhatThePrimaryHasAndTheFaceLacks() {
        #expect(FontSynthesizer.synthesis(for: Self.regular, primary: Self.bold, allowed: .both) == SyntheticStyle(bold: true))
        #expect(FontSynthesizer.synthesis(for: Self.regular, primary: Self.italic, allowed: .both) == SyntheticStyle(oblique: true))
        #expect(FontSynthesizer.synthesis(for: Self.bold, primary: Self.regular, allowed: .both) == .none)   // never lighter
    }

    @Test func followsFontSynthesisAndSparesThePrimaryAndColourFonts() {
        #expect(FontSynthesizer.synthesis(for: Self.regular, primary: Self.bold, allowed: .style) == .none)
        #expect(FontSynthesizer.synthesis(for: Self.regular, primary: Self.italic, allowed: .weight) == .none)
        #expect(FontSynthesizer.synthesis(for: Self.regular, primary: Self.bold, allowed: .none) == .none)
        #expect(FontSynthesizer.synthesis(for: Self.bold, primary: Self.bold, allowed: .both) == .none)
        #expect(FontSynthesizer.synthesis(for: Self.emoji, primary: Self.bold, allowed: .both) == .none)
        #expect(FontSynthesizer.synthesis(for: Self.regular, primary: nil, allowed: .both) == .none)
    }
}
