import Testing
import Geometry
import Shaping
import Layout
import Requests
@testable import SVGInput

/// `<text>`, `<tspan>` and `<textPath>` mapped onto labels.
@Suite struct SVGTextReaderTests {
    @Test func whiteSpaceCollapsesUnlessPreserved() throws {
        let r = try read(document("""
        <text x="0" y="20">
            collapsed     white
            space  </text>
        <text x="0" y="40" xml:space="preserve">  kept  </text>
        <text x="0" y="60" style="white-space: pre">a   b</text>
        """))
        #expect(r.scene.labels.map(text(of:)) == ["collapsed white space", "  kept  ", "a   b"])
    }

    @Test func tspansBecomeRuns() throws {
        let r = try read(document(##"<text x="0" y="20" font-size="20">Plain <tspan fill="#ff0000" font-size="2em" baseline-shift="super">red</tspan> <tspan word-spacing="4" letter-spacing="1">x y</tspan></text>"##))
        let runs = try #require(r.scene.labels.first?.runs)
        #expect(runs.map(\.text) == ["Plain ", "red", " ", "x y"])
        #expect(runs[1].style.color == RGBAColor(r: 255, g: 0, b: 0) && runs[1].style.size == 40)
        // As Chromium: half the font's height (Noto Sans: ascender 1.069 em, descender 0.293 em, at 40 px).
        #expect(abs((runs[1].style.baselineShift ?? 0) - 40 * (1.069 + 0.293) / 2) < 1e-9)
        #expect(runs[3].style.wordSpacing == 4 && runs[3].style.letterSpacing == 1)
    }

    /// Each absolute x starts a text chunk (a label); dx, dy and rotate become per-cluster lists, SVG's dy
    /// (down) turned into PathText's (up), and plain text turns about each glyph's origin.
    @Test func positionListsMapOntoChunksAndPerClusterLists() throws {
        let r = try read(document(##"<text x="10 30" y="50" dx="1 2 3" dy="4 5" rotate="10 20">ABCD</text>"##))
        #expect(r.scene.labels.count == 2)
        let (a, b) = (r.scene.labels[0], r.scene.labels[1])
        #expect(text(of: a) == "A" && text(of: b) == "BCD")
        #expect(a.options.dx == [1] && a.options.dy == -4)
        #expect(b.options.dx == [2, 3] && b.options.dy == -5 && b.options.clusterDy.isEmpty)
        #expect(a.options.rotate == [10] && b.options.rotate == [20, 20, 20])
        #expect(a.options.rotateAbout == .origin && a.options.shift == .normal && a.options.upright == .off)
        // The second chunk's line passes through (30, 54): the current y carries the first chunk's dy.
        let sp = try #require(b.path?.subpaths.first)
        #expect(abs(sp.start.y - 54) < 1e-9 && abs((sp.start.x + sp.end.x) / 2 - 30) < 1e-6)
    }

    /// `unicode-bidi: bidi-override` wraps the element's characters in RLO (or LRO) ... PDF, UAX #9's
    /// override, without a warning; the per-cluster lists give each formatting character no shift and
    /// the rotation before it, so the letters keep their own values.
    @Test func bidiOverrideWrapsTheElementsCharactersInAnOverride() throws {
        let r = try read(document(##"<text x="10" y="50" dx="1 2 3 4" rotate="5 6 7 8">a<tspan direction="rtl" unicode-bidi="bidi-override">bc</tspan>d</text><text x="10" y="90" unicode-bidi="bidi-override">ef</text>"##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let runs = try #require(r.scene.labels.first?.runs)
        #expect(runs.map(\.text) == ["a", "\u{202E}bc\u{202C}", "d"])
        let o = r.scene.labels[0].options
        #expect(o.dx == [1, 0, 2, 3, 0, 4] && o.rotate == [5, 5, 6, 7, 7, 8])
        #expect(text(of: r.scene.labels[1]) == "\u{202D}ef\u{202C}")
    }

    @Test func textAnchorMapsOntoAlignOnTheChunkLine() throws {
        let r = try read(document(##"<text x="200" y="50" text-anchor="middle">M</text><text x="200" y="90" text-anchor="end">E</text>"##))
        #expect(r.scene.labels[0].options.align == .center && r.scene.labels[0].options.offset == .pixels(0))
        #expect(r.scene.labels[1].options.align == .end && r.scene.labels[1].options.offset == .pixels(-SVGTextReader.reach))
    }

    @Test func textPathOptions() throws {
        let r = try read(document("""
        <path id="p" d="M 0 100 L 300 100" pathLength="100"/>
        <text font-size="20" rotate="30"><textPath href="#p" startOffset="10" side="right" method="stretch" text-anchor="end" textLength="120" lengthAdjust="spacingAndGlyphs">On path</textPath></text>
        <text><textPath path="M 0 0 L 100 0" startOffset="25%" text-anchor="middle">P</textPath></text>
        """))
        let a = r.scene.labels[0], b = r.scene.labels[1]
        // startOffset 10 of pathLength 100 is 30 px of the 300 px path; end anchor: 30 − L.
        #expect(a.options.offset == .pixels(30 - 300))
        #expect(a.options.side == .right && a.options.warp == .bend && a.options.fit == .stretch(length: 120))
        #expect(a.options.rotate == Array(repeating: 30, count: 7) && a.options.rotateAbout == .midpoint)
        #expect(b.options.offset == .percent(-25) && b.options.align == .center)
        #expect(b.path == BezPath.line(from: Point(0, 0), to: Point(100, 0)))
    }

    /// textPath distances are Chromium's: Skia's chord sums (curves halved until flat to 0.5 user units),
    /// not the exact arc length, so that glyphs stand where the browser puts them (Chromium decides for
    /// SVG input). The semicircle of radius 60 is 188.50 long and 188.22 in chords: a startOffset of 50
    /// of pathLength 100 is 94.11 px, where the arc length would give 94.25.
    @Test func textPathDistancesAreSkiasChordLengthsAsChromiumCountsThem() throws {
        let r = try read(document("""
        <path id="arc" d="M 40 100 A 60 60 0 0 1 160 100" pathLength="100"/>
        <text><textPath href="#arc" startOffset="50">a</textPath></text>
        <g transform="scale(2)"><text><textPath href="#arc">b</textPath></text></g>
        <text x="5" y="5">plain</text>
        """))
        let (a, b, plain) = (r.scene.labels[0], r.scene.labels[1], r.scene.labels[2])
        #expect(a.options.distances == .skiaChords(tolerance: 0.5))
        guard case .pixels(let px) = a.options.offset else { Issue.record("offset \(a.options.offset)"); return }
        #expect(abs(px - 94.10940) < 1e-4)
        // On the device path, scaled twice, the tolerance is 0.5 user units too.
        #expect(b.options.distances == .skiaChords(tolerance: 1))
        #expect(plain.options.distances == .exact)
    }

    /// Text after a textPath continues at the path's end point (SVG 2, as Chromium draws it).
    @Test func mixedContentContinuesAtThePathsEnd() throws {
        let r = try read(document(##"<path id="p" d="M 100 100 L 200 60"/><text x="10" y="100">Before <textPath href="#p">on</textPath> after</text>"##))
        #expect(r.scene.labels.map(text(of:)) == ["Before ", "on", " after"])
        let line = try #require(r.scene.labels[2].path?.subpaths.first)
        #expect(line.start.y == 60 && abs((line.start.x + line.end.x) / 2 - 200) < 1e-6)
    }

    @Test func fontSizesInEveryUnit() throws {
        let r = try read(document("""
        <text font-size="27pt">a</text><text font-size="10mm">b</text><text font-size="0.5in">c</text><text font-size="2pc">d</text>
        <g font-size="20"><text font-size="1.5em">e</text><text font-size="150%">f</text><text font-size="larger">g</text></g>
        <text font-size="x-large">h</text><text style="font-size: 2rem">i</text>
        """))
        let sizes = r.scene.labels.map { $0.runs?.first?.style.size ?? 0 }
        let expected = [36, 10 * 96 / 25.4, 48, 32, 30, 30, 24, 24, 32]
        for (s, e) in zip(sizes, expected) { #expect(abs(s - e) < 1e-9, "\(s) vs \(e)") }
        #expect(sizes.count == expected.count)
    }

    @Test func fontFamiliesAreFoundWithFontconfigThenTheEmbeddedStack() throws {
        let r = try read(document(##"<text font-family="No Such Font, 'Noto Serif', serif">a</text><text font-weight="bold">b</text>"##))
        #expect(r.scene.labels[0].runs?.first?.style.fontFamilies?.first == FontFamilyName(family: "Noto Serif")!)
        #expect(r.warnings.contains { $0.attribute == "font-family" && $0.description.contains("No Such Font") })
        #expect(r.scene.labels[1].runs?.first?.style.fonts == ["NotoSans-Bold.ttf"])
    }

    /// Every installed family of the list is in the stack, in order, as browsers fall back through the
    /// list before the system's fonts; the reader's default family only when none is installed.
    @Test func everyInstalledFamilyOfTheListInOrder() throws {
        let r = try read(document(##"<text font-family="Noto Sans, No Such Font, Noto Serif, Noto Sans">a</text><text font-family="No Such Font">b</text>"##))
        #expect(r.scene.labels[0].runs?.first?.style.fontFamilies == ["Noto Sans", "Noto Serif"].map { FontFamilyName(family: $0)! })
        #expect(r.scene.labels[1].runs?.first?.style.fontFamilies?.count ?? 0 <= 1)
    }

    @Test func writingModeDecorationBaselineDirectionAndLanguage() throws {
        let r = try read(document(##"<text x="100" y="10" writing-mode="vertical-rl" text-decoration="underline line-through" dominant-baseline="middle" direction="rtl" xml:lang="ar">ab</text>"##))
        let l = r.scene.labels[0]
        #expect(l.options.writingMode == .vertical)
        // The lines are shapes, as Chromium draws them in vertical writing: along the column, the underline
        // a pixel outside the em box on its left, a tenth of the 16 px font size thick, line-through on the
        // centre. Blink measures the underline from the text's top, half the font's whole-pixel height (Noto
        // Sans at 16 px: 17 + 5 = 22 px) right of the centre: ⌊11 + 8⌋ + 1 = 20 px, 9 px left of the centre.
        #expect(l.options.decoration.isEmpty)
        let xs = r.scene.shapes.compactMap(\.d).map { d in d.subpaths.flatMap { [$0.start] + $0.segments.map(\.end) }.map(\.x) }
        #expect(xs.count == 2)
        if xs.count == 2 {
            #expect(abs(xs[0].min()! - (100 - 9 - 1.6)) < 1e-9 && abs(xs[0].max()! - (100 - 9)) < 1e-9)
            #expect(abs(xs[1].min()! - (100 - 0.8)) < 1e-9 && abs(xs[1].max()! - (100 + 0.8)) < 1e-9)
        }
        #expect(l.options.baseline == .middle)
        #expect(l.direction == .rtl)
        #expect(l.runs?.first?.style.language == "ar")
        let sp = try #require(l.path?.subpaths.first)
        #expect(sp.start.x == 100 && sp.end.x == 100 && sp.end.y > sp.start.y)   // the column runs down
    }

    @Test func textLengthFitsTheLabel() throws {
        let r = try read(document(##"<text x="0" y="20" textLength="300">spread</text><text x="0" y="60" textLength="300" lengthAdjust="spacingAndGlyphs">s</text>"##))
        #expect(r.scene.labels[0].options.fit == .spacing(length: 300))
        #expect(r.scene.labels[1].options.fit == .stretch(length: 300))
    }

    /// An absolute x in a textPath is a distance along the path (after startOffset), starting a new part.
    @Test func anAbsoluteXInATextPathIsADistanceAlongThePath() throws {
        let r = try read(document(##"<path id="p" d="M 0 100 L 400 100"/><text font-size="20"><textPath href="#p" startOffset="10">ab<tspan x="100" y="5">cd</tspan>ef</textPath></text>"##))
        #expect(r.scene.labels.map(text(of:)) == ["ab", "cdef"])
        #expect(r.scene.labels.map(\.options.offset) == [.pixels(10), .pixels(110)])
        #expect(r.scene.labels.allSatisfy { $0.options.dy == 0 })   // y is no distance along a horizontal path
    }

    /// A textPath whose path does not exist draws nothing, and the text around it is one chunk.
    @Test func aTextPathWithoutAPathLeavesItsCharactersOut() throws {
        let r = try read(document(##"<text x="100" y="50" text-anchor="middle">Some <textPath>long</textPath> text</text>"##))
        #expect(r.scene.labels.map(text(of:)) == ["Some text"])
        #expect(r.warnings.contains { $0.element == "textPath" && $0.attribute == "href" })
    }

    /// An absolute y starts a new chunk in horizontal text (SVG 2, Chromium), anchored on its own.
    @Test func anAbsoluteYStartsAChunk() throws {
        let r = try read(document(##"<text x="100" y="100" text-anchor="middle">T<tspan y="120">ext</tspan></text>"##))
        #expect(r.scene.labels.map(text(of:)) == ["T", "ext"])
        #expect(r.scene.labels.allSatisfy { $0.options.align == .center })
    }

    /// Text on a closed path stops at its end, as Chromium and resvg draw it (not wrapped round, SVG 2).
    @Test func aClosedPathClips() throws {
        let r = try read(document(##"<path id="c" d="M 100 50 A 40 40 0 1 1 99.9 50 Z"/><text><textPath href="#c">x</textPath></text>"##))
        #expect(r.scene.labels.first?.options.closedPath == .clip)
    }

    /// writing-mode belongs to the <text>: a tspan's is ignored.
    @Test func writingModeOnATspanDoesNotTurnTheLabel() throws {
        let r = try read(document(##"<text x="10" y="50"><tspan writing-mode="tb">Text</tspan></text>"##))
        #expect(r.scene.labels.first?.options.writingMode == .horizontal)
    }

    /// textLength on a tspan spaces its characters so that the first starts and the last ends the length
    /// (Chromium): dx steps between them, and one more for the text after it.
    @Test func textLengthOnATspanSpacesItsCharacters() throws {
        let plain = try read(document(##"<text x="0" y="50" font-size="20">a<tspan>bcd</tspan>e</text>"##))
        let r = try read(document(##"<text x="0" y="50" font-size="20">a<tspan textLength="100">bcd</tspan>e</text>"##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let resolver = SceneResolver()
        let natural = try resolver.resolve(plain.scene.labels[0], index: 0).layout()[0].glyphs
        let spaced = try resolver.resolve(r.scene.labels[0], index: 0).layout()[0].glyphs
        // b's start to d's end is 100.
        let dEnd = spaced[3].origin.x + natural[3].advance
        #expect(abs(dEnd - spaced[1].origin.x - 100) < 1e-6)
        let step = (100 - (natural[4].origin.x - natural[1].origin.x)) / 2
        #expect(abs(spaced[4].origin.x - natural[4].origin.x - 3 * step) < 1e-6)
    }
}
