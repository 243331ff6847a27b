import Shaping
import TestSupport

/// The embedded fonts (`Fonts/`).
let fontsDir = PackagePaths.fonts

/// The package root.
let packageRoot = PackagePaths.root

/// Fonts shared by the tests (a `Typeface` is safe to share between threads).
enum TestFonts {
    static let sans = try! Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
    static let arabic = try! Typeface(path: fontsDir + "/NotoSansArabic-Regular.ttf")
    static let hebrew = try! Typeface(path: fontsDir + "/NotoSansHebrew-Regular.ttf")
    static let devanagari = try! Typeface(path: fontsDir + "/NotoSansDevanagari-Regular.ttf")
    static let thai = try! Typeface(path: fontsDir + "/NotoSansThai-Regular.ttf")
    /// The default stack, as `DefaultFonts.stackFileNames` orders it.
    static let stack = [sans, arabic, hebrew, devanagari, thai]
}
