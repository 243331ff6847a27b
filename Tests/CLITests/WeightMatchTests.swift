import Testing
import Foundation
import PathText

/// Weights that match: a Bold label whose Thai falls back from Noto Sans Bold to the embedded (Regular)
/// Noto Sans Thai takes the system's Noto Sans Thai Bold instead (fonts-noto-core, scripts/install-deps).
@Suite struct WeightMatchTests {
    let text = "Bold ไทย"

    func inkOfThai(systemFonts: Bool) throws -> (ink: Double, fonts: Set<String>) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-weight-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The Thai alone, drawn with a Bold primary (whose Latin face has no Thai).
        var args = ["render", "--text", "ไทย", "--font", "NotoSans-Bold.ttf", "--size", "80", "--path", "M 20 150 L 580 150",
                    "--width", "600", "--height", "220", "--background", "#ffffff", "--out", dir + "/thai.png", "--json", dir + "/thai.json"]
        // Without the system's fonts the Regular Thai face is drawn as it is (no synthesized bold).
        if !systemFonts { args += ["--no-system-fonts", "--font-synthesis", "none"] }
        let r = try pathtext(args)
        #expect(r.status == 0, "\(r.stderr)")
        let canvas = try RasterCanvas(pngFile: dir + "/thai.png")
        var ink = 0.0
        for y in 0..<canvas.height { for x in 0..<canvas.width { ink += 1 - Double(canvas.pixel(x: x, y: y).r) / 255 } }
        let placements = try #require(try json(String(contentsOfFile: dir + "/thai.json", encoding: .utf8)) as? [String: Any])
        let glyphs = (placements["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]] ?? []
        return (ink, Set(glyphs.compactMap { $0["font"] as? String }))
    }

    @Test func boldThaiIsDrawnFromTheBoldFaceAndIsHeavier() throws {
        let bold = try inkOfThai(systemFonts: true), regular = try inkOfThai(systemFonts: false)
        #expect(bold.fonts == ["NotoSansThai-Bold.ttf"], "\(bold.fonts)")
        #expect(regular.fonts == ["NotoSansThai-Regular.ttf"], "\(regular.fonts)")
        // Measurably heavier: at least 15 % more ink for the same three letters.
        #expect(bold.ink > 1.15 * regular.ink, "bold \(bold.ink), regular \(regular.ink)")
        // Latin in the same label keeps its own Bold face.
        let r = try pathtext(["layout", "--text", text, "--font", "NotoSans-Bold.ttf", "--path", "M 0 100 L 900 100"])
        let o = try #require(try json(r.stdout) as? [String: Any])
        let glyphs = (o["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]] ?? []
        #expect(Set(glyphs.compactMap { $0["font"] as? String }) == ["NotoSans-Bold.ttf", "NotoSansThai-Bold.ttf"])
    }
}
