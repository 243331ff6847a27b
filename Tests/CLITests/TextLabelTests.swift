import Testing
import Foundation
import PathText

/// The one-call front door: text + path + options in, one label out, drawn to PNG, SVG or RGBA.
@Suite struct TextLabelTests {
    let fonts: [Typeface] = try! DefaultFonts.stack(folder: packageRoot + "/Fonts")

    /// Dark pixels (alpha over half and darker than mid-grey) of a canvas, with their bounding box.
    func ink(_ c: RasterCanvas) -> (count: Int, box: Rect) {
        var n = 0, pts: [Point] = []
        for y in 0..<c.height {
            for x in 0..<c.width {
                let p = c.pixel(x: x, y: y)
                if p.a > 128 && Int(p.r) + Int(p.g) + Int(p.b) < 384 { n += 1; pts.append(Point(Double(x), Double(y))) }
            }
        }
        return (n, Rect(enclosing: pts))
    }

    @Test func oneCallEqualsThePiecesItStandsFor() throws {
        let label = try TextLabel("Hello, curved world", along: "M 20 200 C 120 40 280 360 380 200", size: 40,
                                  fonts: fonts, align: .center)
        let text = AttributedText("Hello, curved world", attributes: TextAttributes(fonts: fonts, size: 40))
        let pieces = try LabelLayout.layout(text, along: BezPath(svgPathData: "M 20 200 C 120 40 280 360 380 200"),
                                            options: LabelOptions(align: .center))
        #expect(label.glyphs == pieces[0].glyphs)
        #expect(label.glyphs.count == 19 && !label.flipped && !label.overflow && label.diagnostics.isEmpty)
        // The embedded stack by default gives the same glyphs.
        let defaulted = try TextLabel("Hello, curved world", along: "M 20 200 C 120 40 280 360 380 200", size: 40, align: .center)
        #expect(defaulted.glyphs.map(\.glyph) == label.glyphs.map(\.glyph))
    }

    /// On a straight line at y = 100 from x = 10 the advance box is analytic: x from 10 to 10 + W,
    /// y from 100 − ascender to 100 − descender (descender negative).
    @Test func boundsOnAStraightLine() throws {
        let label = try TextLabel("Hello", along: "M 10 100 L 500 100", size: 40, fonts: fonts)
        let m = fonts[0].metrics(size: 40)
        let w = label.glyphs.reduce(0) { $0 + $1.advance }
        let a = label.advanceBounds
        #expect(abs(a.minX - 10) < 1e-9 && abs(a.maxX - (10 + w)) < 1e-9)
        #expect(abs(a.minY - (100 - m.ascender)) < 1e-9 && abs(a.maxY - (100 - m.descender)) < 1e-9)
        // Ink: the union of the glyphs' ink boxes, inside the advance box here, and "l" reaches ~0.76 em up.
        let i = label.inkBounds
        for g in label.glyphs { for p in label.placement.inkBox(of: g) { #expect(i.contains(p)) } }
        #expect(i.minX > a.minX && i.maxX < a.maxX && i.minY > a.minY && i.maxY < a.maxY)
        #expect(abs((100 - i.minY) - 0.76 * 40) < 2)
    }

    @Test func pngIsFittedToTheInkPlusAMargin() throws {
        let label = try TextLabel("Hello, curved world", along: "M 20 200 C 120 40 280 360 380 200", size: 40,
                                  fonts: fonts, align: .center)
        let picture = try RasterCanvas(pngData: Array(try label.png(canvas: .fitted(margin: 8), background: .white)))
        let i = label.inkBounds
        let x0 = (i.minX - 8).rounded(.down), y0 = (i.minY - 8).rounded(.down)
        #expect(picture.width == Int((i.maxX + 8).rounded(.up) - x0))
        #expect(picture.height == Int((i.maxY + 8).rounded(.up) - y0))
        let (count, box) = ink(picture)
        #expect(count > 2000)
        // The dark pixels lie inside the ink box moved onto the canvas, and reach near each of its sides.
        #expect(box.minX >= i.minX - x0 - 1 && box.maxX <= i.maxX - x0 + 1)
        #expect(box.minY >= i.minY - y0 - 1 && box.maxY <= i.maxY - y0 + 1)
        #expect(box.minX < 8 + 4 && box.minY < 8 + 4)
    }

    @Test func fixedCanvasKeepsThePathCoordinates() throws {
        let label = try TextLabel("Hello", along: "M 10 100 L 500 100", size: 40, fonts: fonts)
        let picture = try label.image(canvas: .fixed(width: 300, height: 150), background: .white)
        #expect(picture.width == 300 && picture.height == 150)
        let (_, box) = ink(picture)
        #expect(abs(box.maxY - 99) <= 1.5)  // the baseline at y = 100
        #expect(abs(box.minX - label.inkBounds.minX) <= 1.5)
    }

    @Test func svgHasOnePathPerInkedGlyphAndTheFittedSize() throws {
        let label = try TextLabel("Hi there", along: "M 10 100 L 500 100", size: 30, fonts: fonts)
        let svg = label.svg()
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg"))
        #expect(svg.components(separatedBy: "<path").count - 1 == 7)  // 8 glyphs, the space has no outline
        let picture = try label.image()
        #expect(svg.contains("width=\"\(picture.width)\" height=\"\(picture.height)\""))
    }

    /// Many labels on one measured path: the measure is built once and shared.
    @Test func manyLabelsOnOneMeasuredPath() throws {
        let road = try PathMeasure(BezPath(svgPathData: "M 0 300 C 200 100 400 500 800 300"))
        let west = try TextLabel("Main Street", along: road, size: 24, fonts: fonts, options: LabelOptions(offset: .pixels(20)))
        let east = try TextLabel("Main Street", along: road, size: 24, fonts: fonts, align: .end,
                                 options: LabelOptions(offset: .pixels(-20)))
        #expect(abs(west.placement.start - 20) < 1e-9)
        #expect(abs(east.placement.start + east.placement.advance - (road.length - 20)) < 1e-9)
        #expect(west.inkBounds.maxX < east.inkBounds.minX)
        let both = try TextLabel.image(of: [west, east], background: .white)
        let union = west.inkBounds.union(east.inkBounds)
        #expect(Double(both.width) >= union.width + 16 && Double(both.width) <= union.width + 18)
        #expect(ink(both).count > ink(try west.image(background: .white)).count * 3 / 2)
    }

    /// Repeat gives floor((L + gap) / (W + gap)) copies.
    @Test func repeatedReturnsSeveralLabels() throws {
        let copies = try TextLabel.repeated("Elm", along: "M 0 100 L 1000 100", every: 50, size: 20, fonts: fonts)
        let w = copies[0].placement.advance
        #expect(copies.count == Int(((1000 + 50) / (w + 50)).rounded(.down)))
        for k in 1..<copies.count { #expect(abs(copies[k].placement.start - copies[k - 1].placement.start - (w + 50)) < 1e-9) }
    }

    @Test func errorsNameTheStageAndTheProblem() throws {
        #expect(throws: PathTextError.self) { try TextLabel("Hi", along: "M 0 0 L 99", fonts: fonts) }
        do { _ = try TextLabel("Hi", along: "M 0 0 L 99", fonts: fonts) } catch {
            #expect(error.description == "bad path data at character 10: expected a number")
            guard case .path = error else { Issue.record("not a path error: \(error)"); return }
        }
        // U+0378 is unassigned: no font, embedded or on the system, covers it.
        do { _ = try TextLabel("a\u{0378}", along: "M 0 0 L 99 0", fonts: fonts, options: LabelOptions(missingGlyphs: .error)) } catch {
            guard case .layout(.missingGlyphs(let m)) = error else { Issue.record("wrong error: \(error)"); return }
            #expect(m.first?.characters == ["\u{0378}"])
        }
        #expect(throws: PathTextError.self) {
            try TextLabel("Hi", along: "M 0 0 L 99 0", fonts: fonts, options: LabelOptions(repeat: 10))
        }
        let drawn = try TextLabel("a\u{0378}", along: "M 0 0 L 99 0", fonts: fonts)
        #expect(drawn.diagnostics.count == 1)
        if case .missingGlyphs(let m) = drawn.diagnostics.first { #expect(m.characters == ["\u{0378}"]) } else { Issue.record("no diagnostic") }
    }

    /// Attributed runs with their own colours and sizes; a run without fonts gets the embedded stack.
    @Test func attributedRunsWithoutFontsUseTheEmbeddedStack() throws {
        let text = AttributedText(pieces: [("Cairo ", TextAttributes(size: 30)),
                                           ("القاهرة", TextAttributes(size: 30, color: RGBAColor(r: 180, g: 83, b: 9)))])
        let labels = try TextLabel.labels(text, along: "M 0 100 L 600 100", options: LabelOptions(align: .center))
        #expect(labels.count == 1)
        let glyphs = labels[0].glyphs
        #expect(glyphs.contains { labels[0].font(of: $0).name == "NotoSansArabic-Regular.ttf" && $0.color == RGBAColor(r: 180, g: 83, b: 9) })
        #expect(glyphs.contains { labels[0].font(of: $0).name == "NotoSans-Regular.ttf" && $0.color == .black })
        #expect(labels[0].diagnostics.isEmpty)
    }

    /// Bent outlines: the ink bounds hold every point of every bent glyph, and the picture's ink stays inside them.
    @Test func bentLabelsAreBoundedByTheirBentOutlines() throws {
        let label = try TextLabel("Bend", along: "M 20 200 Q 200 20 380 200", size: 60, fonts: fonts,
                                  options: LabelOptions(align: .center, warp: .bend))
        for g in label.glyphs {
            for sp in label.placement.bentOutline(of: g).subpaths {
                for seg in sp.segments { #expect(label.inkBounds.outset(by: 1e-9).contains(seg.end)) }
            }
        }
        let picture = try label.image(canvas: .fitted(margin: 0), background: .white)
        let (count, box) = ink(picture)
        #expect(count > 1000)
        #expect(box.maxX < Double(picture.width) && box.maxY < Double(picture.height) && box.minX >= 0 && box.minY >= 0)
        #expect(Double(picture.width) - label.inkBounds.width < 2.01 && Double(picture.height) - label.inkBounds.height < 2.01)
    }

    @Test func optionsHaveADefaultedMemberwiseInitializer() {
        let o = LabelOptions(align: .center, offset: .pixels(10))
        var p = LabelOptions()
        p.align = .center; p.offset = .pixels(10)
        #expect(o == p && o.closedPath == .wrap && o.missingGlyphs == .draw && o.method == .align)
    }
}
