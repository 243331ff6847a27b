import Testing
import Foundation

/// `pathtext layout --writing-mode vertical` on a path running down the canvas: every CJK glyph at angle
/// 0 with `hb-shape --direction=ttb`'s glyph and advance; "Tokyo" turned 90° from them. Needs IPAex Gothic
/// (found through Fontconfig) and hb-shape, as scripts/install-deps --test installs them.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape")))
struct VerticalLayoutCommandTests {
    func glyphs(_ text: String) throws -> [[String: Any]] {
        let r = try pathtext(["layout", "--writing-mode", "vertical", "--text", text, "--path", "M 100 20 L 100 400",
                              "--font", "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"])
        try #require(r.status == 0, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require((root["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
    }

    @Test func cjkIsUprightWithHBShapeTTBAdvancesAndLatinIsTurned() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        p.arguments = ["--direction=ttb", "--no-glyph-names", "--output-format=json", "--font-size=32",
                       "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf", "東京タワー"]
        let out = Pipe(); p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let cjk = try glyphs("東京タワー")
        #expect(cjk.count == reference.count)
        for (g, r) in zip(cjk, reference) {
            #expect(g["angle"] as? Double == 0)
            #expect(g["glyph"] as? Int == r["g"] as? Int)
            #expect(abs((g["advance"] as? Double ?? 0) + Double(r["ay"] as? Int ?? 0)) < 1e-3, "hb-shape ay \(r["ay"] ?? "")")
        }
        let latin = try glyphs("Tokyo")
        #expect(latin.count == 5 && latin.allSatisfy { $0["angle"] as? Double == 90 })
    }
}
