import Foundation
import Testing
import TestSupport
@testable import Shaping

/// Fonts shared by all tests (a `Typeface` is safe to share between threads).
enum TestFonts {
    static let sans = try! Typeface(path: fontsDir + "/NotoSans-Regular.ttf")
    static let sansBold = try! Typeface(path: fontsDir + "/NotoSans-Bold.ttf")
    static let serif = try! Typeface(path: fontsDir + "/NotoSerif-Regular.ttf")
    static let arabic = try! Typeface(path: fontsDir + "/NotoSansArabic-Regular.ttf")
    static let hebrew = try! Typeface(path: fontsDir + "/NotoSansHebrew-Regular.ttf")
    static let devanagari = try! Typeface(path: fontsDir + "/NotoSansDevanagari-Regular.ttf")
    static let thai = try! Typeface(path: fontsDir + "/NotoSansThai-Regular.ttf")
    /// The default stack, as `DefaultFonts.stackFileNames` orders it.
    static let stack = [sans, arabic, hebrew, devanagari, thai]
    /// The variable Inter from `fonts-inter-variable`.
    static let interPath = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
}

/// One glyph as `hb-shape --output-format=json --no-glyph-names` prints it (font units, clusters in
/// code point indices).
struct HBGlyph: Decodable, Equatable {
    var g: UInt32, cl: Int, dx: Int, dy: Int, ax: Int, ay: Int
}

/// Runs HarfBuzz's own `hb-shape` on `text` and decodes its JSON.
func hbShape(_ fontPath: String, _ text: String, features: String? = nil, direction: String? = nil,
             variations: String? = nil, language: String? = nil) throws -> [HBGlyph] {
    var args = ["--output-format=json", "--no-glyph-names"]
    if let features { args.append("--features=\(features)") }
    if let direction { args.append("--direction=\(direction)") }
    if let variations { args.append("--variations=\(variations)") }
    if let language { args.append("--language=\(language)") }
    args += [fontPath, text]
    let r = try runProgram("/usr/bin/hb-shape", args)
    #expect(r.status == 0, "\(r.stderr)")
    return try JSONDecoder().decode([HBGlyph].self, from: Data(r.stdout.utf8))
}

/// The code point index of each UTF-8 offset that starts a scalar of `text`.
func scalarIndexByByte(_ text: String) -> [Int: Int] {
    var map: [Int: Int] = [:], offset = 0
    for (i, s) in text.unicodeScalars.enumerated() { map[offset] = i; offset += UTF8.width(s) }
    return map
}

/// Shapes `text` with `font` alone and checks every glyph against `hb-shape` on the same file: the same
/// glyph ids and clusters in the same order, and advances and offsets equal to hb-shape's font units ×
/// size / upem within 1/64 px.
@discardableResult
func expectMatchesHBShape(_ font: Typeface, _ text: String, size: Double = 37.5, features: [String] = [],
                          direction: ParagraphDirection = .auto,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> ShapedLine {
    let line = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [font], size: size, features: try FeatureList.parse(features))),
                            direction: direction)
    let hbDirection: String? = switch direction { case .auto: nil; case .ltr: "ltr"; case .rtl: "rtl" }
    let reference = try hbShape(font.path!, text, features: features.isEmpty ? nil : features.joined(separator: ","),
                                direction: hbDirection,
                                variations: font.variations.isEmpty ? nil : font.variations.map(\.description).joined(separator: ","))
    let k = size / Double(font.unitsPerEm)
    let index = scalarIndexByByte(text)
    #expect(line.glyphs.map(\.glyph) == reference.map(\.g), "glyph ids", sourceLocation: sourceLocation)
    #expect(line.glyphs.map { index[$0.cluster] ?? -1 } == reference.map(\.cl), "clusters", sourceLocation: sourceLocation)
    guard line.glyphs.count == reference.count else { return line }
    for (ours, theirs) in zip(line.glyphs, reference) {
        #expect(abs(ours.advance - Double(theirs.ax) * k) <= 1.0 / 64, "advance of glyph \(theirs.g)", sourceLocation: sourceLocation)
        #expect(abs(ours.xOffset - Double(theirs.dx) * k) <= 1.0 / 64, "x offset of glyph \(theirs.g)", sourceLocation: sourceLocation)
        #expect(abs(ours.yOffset - Double(theirs.dy) * k) <= 1.0 / 64, "y offset of glyph \(theirs.g)", sourceLocation: sourceLocation)
        #expect(theirs.ay == 0)
    }
    return line
}
