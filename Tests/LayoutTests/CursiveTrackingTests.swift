import Testing
import Foundation
import Geometry
import Shaping
@testable import Layout

/// Cursive tracking: no letter spacing after a cluster whose first character's own script joins; spaces
/// and other scripts are spaced as before.
@Suite struct CursiveTrackingTests {
    let text = "مرحبا بالعالم abc"

    /// The clusters of `text` in logical order with their first character.
    func clusters(_ s: String) -> [(Int, Character)] {
        var out: [(Int, Character)] = [], o = 0
        for ch in s { out.append((o, ch)); o += ch.utf8.count }
        return out
    }

    /// Chromium's figures: +12 after each space and after a, b and c; none after any Arabic letter.
    @Test func spacesAndLatinAreSpacedArabicLettersAreNot() throws {
        let line = shaped(text, size: 40)
        let run = ClusterRun(line, extraSpacing: 12)
        let byCluster = Dictionary(uniqueKeysWithValues: run.units.map { ($0.cluster, $0.spacing) })
        var spaced = 0, unspaced = 0
        for (offset, ch) in clusters(text) {
            let spacing = try #require(byCluster[offset])
            if ch.unicodeScalars.first!.properties.isAlphabetic, ch.unicodeScalars.first!.value >= 0x600 {
                #expect(spacing == 0, "\(ch)"); unspaced += 1
            } else {
                #expect(spacing == 12, "\(ch)"); spaced += 1
            }
        }
        #expect(spaced == 5 && unspaced == 12)
        #expect(run.suppressedSpacing.sorted() == clusters(text).filter { $0.1.unicodeScalars.first!.value >= 0x600 }.map(\.0))
        // W is the advances plus 5 × 12.
        #expect(abs(run.advance - (line.advance + 60)) < 1e-9)
        // `apply` spaces every cluster.
        #expect(abs(ClusterRun(line, extraSpacing: 12, cursive: .apply).advance - (line.advance + 17 * 12)) < 1e-9)
    }

    /// With letter spacing the glyphs of an Arabic word keep their relative positions exactly, and the
    /// suppression is reported.
    @Test func anArabicWordKeepsItsJoins() throws {
        let path = horizontal(20, 200, length: 900)
        let line = shaped(text, size: 40)
        let plain = try LabelLayout.place(line, along: path, options: LabelOptions(upright: .off))[0]
        let spaced = try LabelLayout.place(line, along: path, options: LabelOptions(letterSpacing: 12, upright: .off))[0]
        // The Arabic glyphs come first in visual order (an LTR paragraph puts the RTL run first); within
        // each word the offsets between glyph origins are the same as without spacing.
        let firstWord = Set(clusters(text).prefix(5).map(\.0)), secondWord = Set(clusters(text)[6..<13].map(\.0))
        for word in [firstWord, secondWord] {
            let a = plain.glyphs.filter { word.contains($0.cluster) }, b = spaced.glyphs.filter { word.contains($0.cluster) }
            #expect(a.count == b.count && a.count >= word.count)
            for (ga, gb) in zip(a, b) {
                let da = ga.origin - a[0].origin, db = gb.origin - b[0].origin
                #expect(abs(da.x - db.x) < 1e-9 && abs(da.y - db.y) < 1e-9)
            }
        }
        #expect(abs(spaced.advance - plain.advance - 60) < 1e-9)
        let note = try #require(spaced.diagnostics.first { if case .suppressedSpacing = $0 { true } else { false } })
        guard case .suppressedSpacing(let c) = note else { return }
        #expect(c.count == 12)
        #expect(!plain.diagnostics.contains { if case .suppressedSpacing = $0 { true } else { false } })
        // With `apply` the word is torn apart and nothing is reported.
        let torn = try LabelLayout.place(line, along: path, options: LabelOptions(letterSpacing: 12, upright: .off, cursiveTracking: .apply))[0]
        #expect(abs(torn.advance - plain.advance - 17 * 12) < 1e-9)
        #expect(!torn.diagnostics.contains { if case .suppressedSpacing = $0 { true } else { false } })
    }

    /// The decision is per cluster, by its first character's own script: Latin in an Arabic-script run,
    /// Syriac, N'Ko and Mongolian letters.
    @Test func theScriptsThatJoin() {
        for s in ["\u{0628}", "\u{0710}", "\u{07CA}", "\u{1820}", "\u{0840}", "\u{1E900}"] {
            #expect(CursiveScripts.contains(s.unicodeScalars.first!), "\(s)")
        }
        for s in ["a", " ", "\u{05D0}", "\u{0915}", "\u{0E01}", "\u{4E00}", "\u{060C}", "1"] {
            #expect(!CursiveScripts.contains(s.unicodeScalars.first!), "\(s)")
        }
    }
}
