import Pipeline
import Testing
import Foundation
import Geometry
import Shaping
import Layout
import Render
@testable import Showcase
import Requests
import TestSupport

/// The embedded fonts (`Fonts/`).
let fontsDir = PackagePaths.fonts

@Suite struct PaymentDialTests {
    let resolver = SceneResolver(fontsDir: fontsDir)

    @Test(arguments: [false, true])
    func bothRingLabelsReadUprightInsideTheRing(multilingual: Bool) throws {
        let scene = multilingual ? Showcase.multilingualDial() : Showcase.paymentDial()
        let rendered = try SceneRenderer.render(scene, resolver: resolver)
        let top = rendered.labels[0], bottom = rendered.labels[1]
        #expect(!top.flipped)
        #expect(bottom.flipped)
        let centre = Point(400, 400)
        for (label, above) in [(top, true), (bottom, false)] {
            #expect(!label.glyphs.isEmpty && !label.overflow)
            for g in label.glyphs {
                #expect(abs(g.angle.radians) < .pi / 2, "glyph \(g.glyph) leans past vertical: reads upside down")
                #expect(above ? g.origin.y < 400 : g.origin.y > 400)
                // Every ink corner lies within the coloured band between radii 250 and 340.
                for corner in label.inkBox(of: g) {
                    let r = corner.distance(to: centre)
                    #expect(r > 250 && r < 340, "ink at radius \(r) leaves the ring")
                }
            }
            // Reads left to right on screen.
            let xs = label.glyphs.map(\.origin.x)
            #expect(multilingual || xs == xs.sorted())
        }
        // Both come from one circle path (radius 295), each confined to a 160° span of it and centred on it
        // by the middle baseline: the top label on the parallel arc r − x/2, the flipped bottom one on
        // r + x/2 (its up side points inwards).
        #expect(top.pathLength < bottom.pathLength)
        #expect(abs(top.pathLength + bottom.pathLength - 2 * 295 * 160 * .pi / 180) < 1e-6)
        // Centred in their spans: the top label about 270° (straight up), the bottom one about 90°.
        for (label, up) in [(top, true), (bottom, false)] {
            let ys = label.glyphs.map(\.origin.x)
            #expect(abs((ys.min()! + ys.max()!) / 2 - 400) < 20, "\(up)")
        }
    }

    @Test func theRingIsPaintedAndTheLabelsShowOnIt() throws {
        let rendered = try SceneRenderer.render(Showcase.paymentDial(), resolver: resolver)
        let c = rendered.canvas
        #expect(c.pixel(x: 400 - 295, y: 400) == RGBAColor(hex: "#0f766e"))  // the band, left, no text there
        #expect(c.pixel(x: 400, y: 400 - 200) == RGBAColor.white)             // inside the ring, above the amount
        // White text pixels on the ring's top.
        var white = 0
        for y in 70..<140 { for x in 250..<550 where c.pixel(x: x, y: y) == .white { white += 1 } }
        #expect(white > 500)
    }
}

@Suite struct BadgeTests {
    let resolver = SceneResolver(fontsDir: fontsDir)

    @Test(arguments: [32, 64, 128, 256])
    func lettersAreTransparentAndInsideTheCircle(size: Int) throws {
        for (text, font) in [("AB", "NotoSans-Bold.ttf"), ("عم", "NotoSansArabic-Regular.ttf"), ("क्ष", "NotoSansDevanagari-Regular.ttf")] {
            let d = Double(size), r = d / 2
            let parts = try Badge.parts(text: text, diameter: d, center: Point(r, r), fonts: [font], resolver: resolver)
            let scene = Scene(width: size, height: size, background: nil, shapes: [parts.circle], labels: [parts.label])
            let rendered = try SceneRenderer.render(scene, resolver: resolver)
            // The letters alone, drawn opaque on an empty canvas, tell which pixels they cover.
            var letters = try RasterCanvas(width: size, height: size)
            for l in rendered.labels { var copy = l; for i in copy.glyphs.indices { copy.glyphs[i].color = .black }; letters.draw(copy) }
            var inside = 0
            for y in 0..<size { for x in 0..<size {
                let cover = letters.pixel(x: x, y: y).a
                let a = rendered.canvas.pixel(x: x, y: y).a
                let dist = Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: Point(r, r))
                if cover == 255 { #expect(a == 0, "\(text)@\(size): letter pixel (\(x),\(y)) not transparent"); inside += 1 }
                if cover == 0, dist < r - 1 { #expect(a == 255, "\(text)@\(size): circle pixel (\(x),\(y)) not opaque") }
                if cover > 0 { #expect(dist <= r * (1 - Badge.defaultMargin) + 1, "\(text)@\(size): ink outside the margin") }
            } }
            #expect(inside > size * size / 40)
            // Centred on the ink: the ink box's centre is the circle's centre.
            #expect(abs((parts.ink.minX + parts.ink.maxX) / 2 - r) < 1e-6 && abs((parts.ink.minY + parts.ink.maxY) / 2 - r) < 1e-6)
        }
    }

    @Test func theSizeIsComputedFromInkNotAFixedFraction() throws {
        let a = try Badge.parts(text: "I", diameter: 100, center: Point(50, 50), resolver: resolver)
        let b = try Badge.parts(text: "WM", diameter: 100, center: Point(50, 50), resolver: resolver)
        #expect(a.size > 1.5 * b.size)
        #expect(throws: SceneError("text", "a badge takes one to three letters, got 4")) {
            _ = try Badge.parts(text: "ABCD", diameter: 64, center: .zero, resolver: resolver)
        }
    }
}

@Suite struct SleepClockTests {
    @Test func theSectorSpansBedtimeToWakeAcrossMidnight() throws {
        let range = SleepRange(bed: (23, 0), wake: (7, 0))
        #expect(range.duration == 480)
        #expect(range.durationText == "8 h")
        let scene = Showcase.sleepClock(range)
        let sector = try #require(scene.shapes.first { $0.id == "sleep" })
        // 23:00 is 15° before the top (canvas −105°), 07:00 is 105° after it (canvas 15°).
        #expect(abs(sector.startAngle! - 255) < 1e-9)  // −105° ≡ 255°
        #expect(abs(sector.endAngle! - 15) < 1e-9)
        let path = try sector.path(at: "sleep")
        // The outer arc sweeps 120° clockwise: its length is 120/360 of the circle.
        guard case .arc(let outer) = path.subpaths[0].segments[0] else { Issue.record("no arc"); return }
        #expect(abs(outer.sweepAngle - 2 * .pi / 3) < 1e-12)
        let rendered = try SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir))
        let duration = try #require(rendered.labels.first { l in l.glyphs.count == 3 && l.size == 96 })
        #expect(duration.glyphs.count == 3)  // "8", " ", "h"
        // The numerals read upright: none leans past vertical (judged at its middle, since those at
        // 06:00 and 18:00 sit exactly on a vertical tangent).
        let numerals = rendered.labels.filter { $0.size == 30 }
        #expect(numerals.count == 12)
        for label in numerals {
            let mean = label.glyphs.map(\.angle.radians).reduce(0, +) / Double(label.glyphs.count)
            #expect(abs(mean) <= .pi / 2 + 1e-6, "numeral at \(label.start) leans \(mean * 180 / .pi)°")
        }
    }

    @Test func draggingWrapsThroughMidnight() {
        var range = SleepRange(bed: (23, 0), wake: (7, 0))
        let face = SleepRange.face
        // Drag the whole arc from 23:30's angle to 00:30's: one hour later, across the top.
        range.dragWhole(from: face.angle(forMinutes: 23 * 60 + 30), to: face.angle(forMinutes: 30))
        #expect(abs(range.bedtime - 0) < 1e-9 || abs(range.bedtime - 1440) < 1e-9)
        #expect(abs(range.wake - 8 * 60) < 1e-9)
        #expect(abs(range.duration - 480) < 1e-9)
        // And back, the other way across midnight.
        range.dragWhole(from: face.angle(forMinutes: 30), to: face.angle(forMinutes: 23 * 60 + 30))
        #expect(abs(range.bedtime - 23 * 60) < 1e-9)
        range.dragWake(to: face.angle(forMinutes: 6 * 60 + 30))
        #expect(range.durationText == "7 h 30 min")
        range.dragBedtime(to: face.angle(forMinutes: 22 * 60))
        #expect(abs(range.duration - 510) < 1e-9)
    }
}

@Suite struct FigureEightDragTests {
    @Test func theHandleNeverSwitchesBranchAtTheCrossing() throws {
        let measure = try PathMeasure(try BezPath(svgPathData: Showcase.figureEight))
        let start = measure.nearest(to: Showcase.dragTargets[0]).distance
        let steps = measure.drag(from: start, through: Showcase.dragTargets)
        #expect(steps.count == Showcase.dragTargets.count)
        // Continuous: consecutive distances differ by at most the targets' spacing (≈ 19 px) plus slack,
        // accounting for the seam of the closed path.
        for k in 1..<steps.count {
            let jump = abs(measure.signedDistance(from: steps[k - 1].distance, to: steps[k].distance))
            #expect(jump < 40, "jumped \(jump) px along the path at step \(k)")
        }
        // It went through the crossing (400, 300) and ended on the other lobe's upper stroke.
        #expect(steps.contains { $0.point.distance(to: Point(400, 300)) < 12 })
        #expect(steps.last!.point.x < 300 && steps.last!.point.y < 260)
    }
}

@Suite struct GalleryFixtureTests {
    /// The gallery renders `fixtures/scenes/*.json`; they must be exactly the library's showcase scenes
    /// (regenerate with `pathtext demo --scenes fixtures/scenes`).
    @Test func fixturesAreTheShowcaseScenes() throws {
        let root = String(fontsDir.dropLast("/Fonts".count))
        for (name, scene) in try Showcase.all(resolver: SceneResolver(fontsDir: fontsDir)) {
            let file = try SceneJSON.read(path: "\(root)/fixtures/scenes/\(name).json")
            #expect(file == scene, "fixtures/scenes/\(name).json is out of date")
        }
    }
}

/// The showcase writes the committed scene files.
@Suite struct ShowcaseSceneFileTests {
    @Test func sceneFilesAreWrittenByteForByteAsTheFixtures() throws {
        for (name, scene) in try Showcase.all(resolver: SceneResolver(fontsDir: fontsDir)) {
            let file = try String(contentsOfFile: "\(packageRoot)/fixtures/scenes/\(name).json", encoding: .utf8)
            #expect(String(decoding: SceneJSON.encode(scene), as: UTF8.self) + "\n" == file, "\(name)")
        }
    }
}

/// The package root.
let packageRoot = String(fontsDir.dropLast("/Fonts".count))
