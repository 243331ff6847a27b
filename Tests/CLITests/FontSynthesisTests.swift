import Testing
import Foundation
import PathText

/// Synthesized weight and slant (`fontSynthesis`): a Bold or Italic label whose Thai falls back to the
/// embedded Noto Sans Thai Regular, with the system's fonts off so that no real Bold or Italic face is
/// found (WeightMatchTests covers that case), is emboldened or slanted in every output: the PNG, the SVG
/// (read back through our rasterizer) and the placements JSON; `fontSynthesis: none` draws the face as it is.
@Suite struct FontSynthesisTests {
    static let italic = "/usr/share/fonts/truetype/noto/NotoSans-Italic.ttf"  // fonts-noto-core (scripts/install-deps)
    static let size = 80.0

    struct Output {
        var png: RasterCanvas, svg: RasterCanvas
        var glyphs: [[String: Any]], diagnostics: [[String: Any]], advance: Double
        /// The x where the Thai starts: the first Thai glyph's origin.
        var thaiX: Double
        var stderr: String
    }

    /// `text` rendered with `font` first, the system's fonts off, to PNG, SVG and placements JSON.
    func render(_ text: String, font: String, synthesis: String?) throws -> Output {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-synth-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var common = ["--text", text, "--font", font, "--size", "80", "--path", "M 20 150 L 780 150",
                      "--width", "800", "--height", "220", "--background", "#ffffff", "--no-system-fonts"]
        if let synthesis { common += ["--font-synthesis", synthesis] }
        let r = try pathtext(["render"] + common + ["--out", dir + "/a.png", "--json", dir + "/a.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try pathtext(["render"] + common + ["--out", dir + "/a.svg"])
        #expect(s.status == 0, "\(s.stderr)")
        // The SVG drawn back by our own SVG reader and rasterizer.
        let back = try pathtext(["render", dir + "/a.svg", "--out", dir + "/svg.png"])
        #expect(back.status == 0, "\(back.stderr)")
        let placements = try #require(try json(String(contentsOfFile: dir + "/a.json", encoding: .utf8)) as? [String: Any])
        let label = try #require((placements["labels"] as? [[String: Any]])?.first)
        let glyphs = label["glyphs"] as? [[String: Any]] ?? []
        let thai = glyphs.first { ($0["font"] as? String) == "NotoSansThai-Regular.ttf" }
        return Output(png: try RasterCanvas(pngFile: dir + "/a.png"), svg: try RasterCanvas(pngFile: dir + "/svg.png"),
                      glyphs: glyphs, diagnostics: label["diagnostics"] as? [[String: Any]] ?? [],
                      advance: label["advance"] as? Double ?? 0, thaiX: thai?["x"] as? Double ?? 0, stderr: r.stderr)
    }

    /// The ink (coverage summed over pixels, 1 per fully black pixel) in the columns from `fromX` on.
    func ink(_ c: RasterCanvas, fromX: Double) -> Double {
        var ink = 0.0
        for y in 0..<c.height { for x in max(0, Int(fromX))..<c.width { ink += 1 - Double(c.pixel(x: x, y: y).r) / 255 } }
        return ink
    }

    @Test func boldLatinAndThaiEmboldensTheThaiInEveryOutput() throws {
        let synthesized = try render("Bold ไทย", font: "NotoSans-Bold.ttf", synthesis: nil)
        let plain = try render("Bold ไทย", font: "NotoSans-Bold.ttf", synthesis: "none")
        // The Latin is the same real Bold face in both, so the Thai starts at the same x.
        #expect(abs(synthesized.thaiX - plain.thaiX) < 1e-9 && plain.thaiX > 200)
        // Measurably heavier. Emboldening by s = size/24 = 3.33 px grows every stroke of this 80 px Thai
        // (stems about 7 px wide) by s in width: a stroke's ink grows by about s / 7 ≈ 48 %, less where
        // strokes overlap or counters close. The real Noto Sans Thai Bold has 15 % more ink than the
        // Regular (WeightMatchTests); a synthesized bold at least 30 % more is clearly bold, and twice
        // would mean counters filling in.
        for (name, a, b) in [("PNG", synthesized.png, plain.png), ("SVG", synthesized.svg, plain.svg)] {
            let heavy = ink(a, fromX: plain.thaiX - 2), regular = ink(b, fromX: plain.thaiX - 2)
            #expect(heavy > 1.3 * regular && heavy < 2 * regular, "\(name): synthesized \(heavy), regular \(regular)")
            // The Latin (left of the Thai) is untouched.
            #expect(abs((ink(a, fromX: 0) - heavy) - (ink(b, fromX: 0) - regular)) < 1, "\(name): the Latin changed")
        }
        // The placements say it: each Thai glyph's advance widened by size/24 (zero advances stay zero),
        // its emboldening strength given, the Latin untouched.
        #expect(synthesized.glyphs.count == plain.glyphs.count)
        var widened = 0
        for (g, p) in zip(synthesized.glyphs, plain.glyphs) {
            let a = g["advance"] as? Double ?? 0, b = p["advance"] as? Double ?? 0
            if (g["font"] as? String) == "NotoSansThai-Regular.ttf" {
                #expect(abs((g["synthesizedBold"] as? Double ?? 0) - Self.size / 24) < 1e-12)
                #expect(b == 0 ? a == 0 : abs(a - b - Self.size / 24) < 1e-9, "\(a) vs \(b)")
                if b != 0 { widened += 1 }
            } else {
                #expect(g["synthesizedBold"] == nil && a == b)
            }
            #expect(p["synthesizedBold"] == nil)
        }
        #expect(widened == 3)
        #expect(abs(synthesized.advance - plain.advance - 3 * Self.size / 24) < 1e-9)
        // And the diagnostic, naming the face and the run; none with `none`.
        let d = try #require(synthesized.diagnostics.first { $0["code"] as? String == "synthesized-weight" })
        #expect(d["font"] as? String == "NotoSansThai-Regular.ttf")
        #expect((d["message"] as? String ?? "").contains("for run 0, whose first font NotoSans-Bold.ttf is Bold"))
        #expect(d["clusters"] as? [Int] == [5])
        #expect(synthesized.stderr.contains("warning: synthesized-weight: NotoSansThai-Regular.ttf (Regular) is emboldened"))
        #expect(!plain.diagnostics.contains { ($0["code"] as? String ?? "").hasPrefix("synthesized") })
        // `style` synthesizes no weight.
        let styleOnly = try render("Bold ไทย", font: "NotoSans-Bold.ttf", synthesis: "style")
        #expect(styleOnly.advance == plain.advance && styleOnly.diagnostics.isEmpty)
    }

    /// The horizontal shift of the ink's centre between its top and bottom quarters, per pixel of height
    /// between them: the shear of the ink, for the columns from `fromX` on.
    func inkShear(_ c: RasterCanvas, fromX: Double) -> Double {
        var rows: [(y: Double, x: Double, w: Double)] = []
        for y in 0..<c.height {
            var sx = 0.0, w = 0.0
            for x in max(0, Int(fromX))..<c.width { let a = 1 - Double(c.pixel(x: x, y: y).r) / 255; sx += a * Double(x); w += a }
            if w > 0 { rows.append((Double(y), sx / w, w)) }
        }
        guard rows.count >= 8 else { return .nan }
        let q = rows.count / 4
        func centre(_ part: ArraySlice<(y: Double, x: Double, w: Double)>) -> (y: Double, x: Double) {
            let w = part.reduce(0) { $0 + $1.w }
            return (part.reduce(0) { $0 + $1.y * $1.w } / w, part.reduce(0) { $0 + $1.x * $1.w } / w)
        }
        let top = centre(rows.prefix(q)), bottom = centre(rows.suffix(q))
        return (top.x - bottom.x) / (bottom.y - top.y)
    }

    @Test func italicLatinAndThaiSlantsTheThai() throws {
        let slanted = try render("Ital ไทย", font: Self.italic, synthesis: "style")
        let upright = try render("Ital ไทย", font: Self.italic, synthesis: "none")
        // The ink leans forward by the shear, 0.25 per pixel of height (14°): measured on the Thai's ink
        // between its top and bottom quarters, where the upright Thai's own shape gives a lean of a few
        // hundredths either way.
        for (name, a, b) in [("PNG", slanted.png, upright.png), ("SVG", slanted.svg, upright.svg)] {
            let lean = inkShear(a, fromX: upright.thaiX - 2), plain = inkShear(b, fromX: upright.thaiX - 2)
            #expect(abs(lean - plain - 0.25) < 0.05, "\(name): slanted \(lean), upright \(plain)")
        }
        // The placements: the slant in the transform (c = −0.25 on a straight path) and said as such; the
        // advances unchanged.
        for (g, p) in zip(slanted.glyphs, upright.glyphs) {
            let t = g["transform"] as? [Double] ?? [], u = p["transform"] as? [Double] ?? []
            if (g["font"] as? String) == "NotoSansThai-Regular.ttf" {
                #expect(g["synthesizedSlant"] as? Double == 0.25 && t.count == 6 && abs(t[2] - (u[2] - 0.25)) < 1e-12)
            } else {
                #expect(g["synthesizedSlant"] == nil && t == u)
            }
            #expect(g["advance"] as? Double == p["advance"] as? Double)
        }
        let d = try #require(slanted.diagnostics.first { $0["code"] as? String == "synthesized-style" })
        #expect(d["font"] as? String == "NotoSansThai-Regular.ttf")
        #expect(!upright.diagnostics.contains { ($0["code"] as? String ?? "").hasPrefix("synthesized") })
    }

    @Test func aLabelInItsOwnFaceSynthesizesNothing() throws {
        // Bold Latin in the Bold face, and a Regular label whose Thai falls back: nothing to synthesize.
        let r = try pathtext(["layout", "--text", "Bold", "--font", "NotoSans-Bold.ttf", "--path", "M 0 100 L 900 100"])
        let s = try pathtext(["layout", "--text", "Plain ไทย", "--path", "M 0 100 L 900 100", "--no-system-fonts"])
        for out in [r, s] {
            #expect(out.status == 0 && !out.stdout.contains("synthesized") && !out.stderr.contains("synthesized"), "\(out.stderr)")
        }
    }
}
