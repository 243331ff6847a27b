import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

let ipaexGothic = "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"
let haveVerticalTools = FileManager.default.fileExists(atPath: ipaexGothic)
    && (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/hb-shape") }

/// Vertical writing down a path: CJK glyphs shaped top to bottom by HarfBuzz stand upright (angle 0 on a
/// path running down the canvas), with `hb-shape --direction=ttb`'s glyphs and advances; Latin lies
/// sideways, turned 90° from them. Needs IPAex Gothic and hb-shape (scripts/install-deps --test).
@Suite(.enabled(if: haveVerticalTools)) struct VerticalWritingTests {
    func hbShapeTTB(_ text: String) throws -> [(glyph: UInt32, advance: Double, dx: Double)] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["hb-shape", "--direction=ttb", "--no-glyph-names", "--output-format=json", ipaexGothic, text]
        let out = Pipe(); p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return rows.map { (UInt32($0["g"] as! Int), -Double($0["ay"] as! Int), Double($0["dx"] as! Int)) }
    }

    func place(_ text: String, orientation: VerticalOrientation = .mixed, font path: String = ipaexGothic) throws -> (PlacedLabel, Typeface) {
        let font = try Typeface(path: path)
        let attributed = AttributedText(text, attributes: TextAttributes(fonts: [font], size: 32))
        var options = LabelOptions()
        options.writingMode = .vertical; options.textOrientation = orientation
        let path = BezPath.line(from: Point(100, 20), to: Point(100, 400))
        return (try LabelLayout.layout(attributed, along: path, options: options)[0], font)
    }

    @Test func cjkStandsUprightWithHarfBuzzsVerticalAdvances() throws {
        let (label, font) = try place("東京タワー")
        let reference = try hbShapeTTB("東京タワー")
        let k = 32 / Double(font.unitsPerEm)
        #expect(label.glyphs.map(\.glyph) == reference.map(\.glyph))   // the vert form of ー included
        var y = 20.0
        for (g, r) in zip(label.glyphs, reference) {
            #expect(abs(g.angle.radians) < 1e-12, "upright, reading downward")
            #expect(abs(g.advance - r.advance * k) < 1e-9)
            // HarfBuzz's x offset (−half the horizontal advance) centres the glyph on the path.
            #expect(abs(g.origin.x - (100 + r.dx * k)) < 1e-9)
            #expect(g.origin.y > y)
            y += g.advance
        }
    }

    @Test func latinLiesSidewaysUnlessUpright() throws {
        let (mixed, _) = try place("東京Tokyo")
        let cjk = mixed.glyphs.prefix(2), latin = mixed.glyphs.dropFirst(2)
        #expect(latin.count == 5)
        for c in cjk { for l in latin { #expect(abs(angleDiff(l.angle.radians - c.angle.radians, .pi / 2)) < 1e-12) } }
        let (upright, _) = try place("Tokyo", orientation: .upright)
        #expect(upright.glyphs.allSatisfy { abs($0.angle.radians) < 1e-12 })
    }

    /// Text with no upright glyph at all (only Latin) is still vertical writing: its em box is centred on
    /// the path, its baseline (ascender + descender)/2 to the path's left on screen, as in mixed text.
    @Test func allSidewaysTextIsCentredOnThePath() throws {
        let (alone, font) = try place("Tokyo")
        let (mixed, _) = try place("東京Tokyo")
        let m = font.metrics(size: 32)
        for (a, b) in zip(alone.glyphs, mixed.glyphs.dropFirst(2)) {
            #expect(abs(a.origin.x - b.origin.x) < 1e-9, "\(a.origin) vs \(b.origin)")
            #expect(abs(a.origin.x - (100 - (m.ascender + m.descender) / 2)) < 1e-9)
        }
    }

    /// Emoji stand upright in a column whatever their script (UTR #50 gives them Vertical_Orientation U),
    /// as Chromium draws resvg's `color-font/writing-mode=tb`; Latin beside them still lies sideways.
    @Test func emojiStandUprightBesideSidewaysLatin() throws {
        let twemoji = PackagePaths.file("fixtures/resvg-text/fonts/TwitterColorEmoji.subset.ttf")
        let (alone, font) = try place("😁😁", font: twemoji)
        #expect(alone.glyphs.count == 2)
        #expect(alone.glyphs.allSatisfy { abs($0.angle.radians) < 1e-12 }, "\(alone.glyphs.map(\.angle.degrees))")
        // No vmtx: HarfBuzz's vertical advance is one em, and its origin half the horizontal advance left.
        for g in alone.glyphs { #expect(abs(g.advance - 32) < 1e-9) }
        #expect(abs(alone.glyphs[0].origin.x - (100 - 16)) < 1e-9)
        _ = font
        let (mixed, _) = try place("Tokyo東京😁", font: ipaexGothic)
        let latin = mixed.glyphs.prefix(5)
        for l in latin { #expect(abs(abs(l.angle.degrees) - 90) < 1e-9) }
    }

    /// Sideways glyphs of a fallback font sit on the primary font's baseline, as in horizontal text: the
    /// Arabic of "東京 طوكيو" (from Noto Sans Arabic behind IPAex Gothic) is centred with IPAex Gothic's
    /// (ascender + descender)/2, not its own font's (as Chromium sets it: resvg's mixed-languages-with-tb).
    @Test func fallbackSidewaysGlyphsShareThePrimaryFontsBaseline() throws {
        let font = try Typeface(path: ipaexGothic)
        let arabic = try #require(try DefaultFonts.stack(folder: nil).first { $0.name == "NotoSansArabic-Regular.ttf" })
        let attributed = AttributedText("東京 طوكيو", attributes: TextAttributes(fonts: [font, arabic], size: 32))
        var options = LabelOptions()
        options.writingMode = .vertical
        let label = try LabelLayout.layout(attributed, along: BezPath.line(from: Point(100, 20), to: Point(100, 400)), options: options)[0]
        let fallback = label.glyphs.filter { label.fonts[$0.fontIndex] === arabic && $0.advance > 0 }
        #expect(!fallback.isEmpty)
        let primary = font.metrics(size: 32), own = arabic.metrics(size: 32)
        #expect(abs((primary.ascender + primary.descender) - (own.ascender + own.descender)) / 2 > 1)  // a difference to see
        for g in fallback {
            #expect(abs(g.origin.x - (100 - (primary.ascender + primary.descender) / 2)) < 1e-9, "\(g.origin)")
        }
    }

    /// An upright glyph of a fallback font is centred on its own font's central baseline above the shared
    /// alphabetic baseline: IPAex Gothic's 東 behind Noto Sans stands (c_IPAex − c_Noto) along the path's
    /// left normal, c = (ascender + descender)/2 (as Chromium sets Mplus 1p's 本 behind Amiri).
    @Test func fallbackUprightGlyphsCentreOnTheirOwnFontsCentralBaseline() throws {
        let ipa = try Typeface(path: ipaexGothic)
        let noto = try #require(try DefaultFonts.stack(folder: nil).first { $0.name == "NotoSans-Regular.ttf" })
        func placed(_ fonts: [Typeface]) throws -> PlacedGlyph {
            var options = LabelOptions()
            options.writingMode = .vertical
            let text = AttributedText("東", attributes: TextAttributes(fonts: fonts, size: 32))
            return try LabelLayout.layout(text, along: BezPath.line(from: Point(100, 20), to: Point(100, 400)), options: options)[0].glyphs[0]
        }
        let alone = try placed([ipa]), behind = try placed([noto, ipa])
        #expect(alone.glyph == behind.glyph && alone.upright && behind.upright)
        let c = { (f: Typeface) in (f.metrics(size: 32).ascender + f.metrics(size: 32).descender) / 2 }
        #expect(abs(c(ipa) - c(noto)) > 0.25)  // a difference to see (0.26 px)
        // The path runs down the page: its left normal is +x.
        #expect(abs(behind.origin.x - alone.origin.x - (c(ipa) - c(noto))) < 1e-9)
        #expect(abs(behind.origin.y - alone.origin.y) < 1e-9)
    }

    /// `rotate` on plain vertical text (`rotateAbout: .origin`) turns each cluster as Blink does
    /// (`FragmentItem::BuildSvgTransformForBoundingBox`): about the point an ascender below the top of its
    /// cell and half the font's height (ascender − descender) left of the column's centre on screen, for
    /// upright and sideways glyphs alike; ``PlacedLabel/cells`` gives each cell and that turn.
    @Test func rotateOnPlainVerticalTextTurnsAboutChromiumsOrigin() throws {
        let font = try Typeface(path: ipaexGothic)
        let path = BezPath.line(from: Point(100, 20), to: Point(100, 400))
        func laid(_ rotate: [Double]) throws -> PlacedLabel {
            var options = LabelOptions(rotate: rotate)
            options.writingMode = .vertical; options.rotateAbout = .origin
            return try LabelLayout.layout(AttributedText("東Ab", attributes: TextAttributes(fonts: [font], size: 32)), along: path, options: options)[0]
        }
        let plain = try laid([]), turned = try laid([-45, 30])
        try #require(plain.glyphs.count == 3 && turned.glyphs.count == 3 && turned.cells.count == 3)
        let m = font.metrics(size: 32)
        let theta = [-45.0, 30, 30].map { $0 * .pi / 180 }
        var top = 20.0
        for k in 0..<3 {
            let p = plain.glyphs[k], t = turned.glyphs[k], cell = turned.cells[k]
            // The cell: the cluster's advance down the column from where the one before it ends.
            #expect(abs(cell.start - (top - 20)) < 1e-9 && abs(cell.length - p.advance) < 1e-9, "cell \(k): \(cell)")
            #expect(abs(cell.rotation - theta[k]) < 1e-12 && cell.across == 0)
            let pivot = Point(100 - (m.ascender - m.descender) / 2, top + m.ascender)
            #expect(cell.pivot.distance(to: pivot) < 1e-9, "pivot \(k): \(cell.pivot) vs \(pivot)")
            let v = p.origin - pivot, c = cos(theta[k]), s = sin(theta[k])
            let expected = pivot + Vector(v.x * c - v.y * s, v.x * s + v.y * c)
            #expect(t.origin.distance(to: expected) < 1e-9, "glyph \(k): \(t.origin) vs \(expected)")
            #expect(abs(angleDiff(t.angle.radians, p.angle.radians + theta[k])) < 1e-12)
            top += p.advance
        }
        // 32 px IPAex Gothic: the pivot lies 28.2 px below the cell's top and 16 px left of the centre.
        #expect(abs(m.ascender - 28.16) < 0.01 && abs((m.ascender - m.descender) / 2 - 16) < 0.01, "\(m)")
        #expect(plain.cells.allSatisfy { $0.rotation == 0 })
    }
}
