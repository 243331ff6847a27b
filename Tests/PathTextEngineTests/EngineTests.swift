import Foundation
import Testing
import PathText
@testable import PathTextEngine
import TestSupport

/// The embedded fonts (`Fonts/`).
let fontsDir = PackagePaths.fonts

@Suite struct EngineTests {
    let engine = try! Engine(fontsDir: fontsDir)

    @Test func aLabelRequestGivesThePlacementsOfTheSwiftCall() throws {
        let json = try engine.layoutJSON(#"{"text":"Hello","path":"M 20 200 Q 200 20 380 200","size":40,"align":"center"}"#)
        // The same label through the library directly.
        var options = LabelOptions()
        options.align = .center
        let text = AttributedText("Hello", attributes: TextAttributes(fonts: try DefaultFonts.stack(folder: fontsDir), size: 40))
        let direct = try LabelLayout.layout(text, along: try BezPath(svgPathData: "M 20 200 Q 200 20 380 200"), options: options)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let glyphs = try #require(((object["labels"] as? [[String: Any]])?.first?["glyphs"]) as? [[String: Any]])
        #expect(glyphs.count == 5)
        for (g, d) in zip(glyphs, direct[0].glyphs) {
            #expect(abs((g["x"] as! Double) - d.origin.x) < 1e-6)
            #expect(abs((g["y"] as! Double) - d.origin.y) < 1e-6)
            #expect(g["glyph"] as? Int == Int(d.glyph))
        }
    }

    @Test func theFontsTableNamesAbsoluteFilesAndGlyphsReferToIt() throws {
        let json = try engine.layoutJSON(#"{"text":"Aב","path":"M 0 100 L 400 100"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fonts = try #require(object["fonts"] as? [[String: Any]])
        #expect(fonts.map { $0["name"] as? String } == ["NotoSans-Regular.ttf", "NotoSansHebrew-Regular.ttf"])
        for f in fonts {
            let path = try #require(f["path"] as? String)
            #expect(path.hasPrefix("/") && FileManager.default.fileExists(atPath: path))
            #expect(f["faceIndex"] as? Int == 0)
        }
        let glyphs = try #require(((object["labels"] as? [[String: Any]])?.first?["glyphs"]) as? [[String: Any]])
        #expect(glyphs.map { $0["fontIndex"] as? Int } == [0, 1])
    }

    @Test func theTransformMapsTheGlyphOriginAndCarriesRotationAndStretch() throws {
        // On a vertical line going down, the baseline turns by 90°; stretch scales x only.
        let json = try engine.layoutJSON(#"{"text":"AB","path":"M 100 0 L 100 300","fit":"stretch","length":150}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let g = try #require((((object["labels"] as? [[String: Any]])?.first?["glyphs"]) as? [[String: Any]])?.first)
        let m = try #require(g["transform"] as? [Double])
        let sx = try #require(g["scaleX"] as? Double)
        #expect(sx > 1.5)
        #expect(abs(m[0]) < 1e-6 && abs(m[1] - sx) < 1e-6)   // x axis → down, scaled
        #expect(abs(m[2] + 1) < 1e-6 && abs(m[3]) < 1e-6)    // y axis → left
        #expect(abs(m[4] - (g["x"] as! Double)) < 1e-6 && abs(m[5] - (g["y"] as! Double)) < 1e-6)
    }

    @Test func variableFontsReportTheirCoordinates() throws {
        let inter = "/usr/share/fonts/truetype/inter-vf/InterVariable.ttf"
        guard FileManager.default.fileExists(atPath: inter) else { return }
        let font = try Typeface(path: inter, variations: [FontVariation(tag: "wght", value: 700)])
        let text = AttributedText("Hi", attributes: TextAttributes(fonts: [font], size: 20))
        let placed = try LabelLayout.layout(text, along: try BezPath(svgPathData: "M 0 50 L 200 50"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(PlacementsJSON.encode(placed).utf8)) as? [String: Any])
        let fonts = try #require(object["fonts"] as? [[String: Any]])
        #expect((fonts[0]["variations"] as? [String: Double])?["wght"] == 700)
    }

    @Test(arguments: [
        ("{\"text\":", "not valid JSON"),
        ("[1]", "expected a label object"),
        (#"{"text":"Hi","path":"M 0 0 L 10"}"#, "path: bad path data at character 10"),
        (#"{"text":"Hi","path":"M 0 0 L 10 0","align":"middle-ish"}"#, #"align: expected start|center|end, got "middle-ish""#),
        (#"{"text":"Hi","path":"M 0 0 L 10 0","font":["/no/such.ttf"]}"#, "font: cannot read font file /no/such.ttf"),
        (#"{"text":"Hi","path":"M 0 0 L 10 0","colour":"red"}"#, "colour: unknown key (did you mean color?)"),
        (#"{"text":"","path":"M 0 0 L 10 0"}"#, "text: the text is empty"),
        // Text that would change meaning inside the scene the request is wrapped in.
        (#"{"text":"a","path":"M 0 0 L 10 0"}],"labelz":[{"#, "not valid JSON"),
        (#"{"text":"a","path":"M 0 0 L 10 0"},{"text":"b","path":"M 0 0 L 10 0"}"#, "not valid JSON"),
        (#"{"text":"a}]","path":"M 0 0 L 10"}"#, "path: bad path data"),
    ])
    func badRequestsAreErrorsNamingTheKey(request: String, message: String) {
        #expect(throws: EngineError.self) { try engine.layoutJSON(request) }
        let line = engine.batchLine(request)
        #expect(line.hasPrefix("{\"error\":") && line.hasSuffix("}\n") && !line.dropLast().contains("\n"))
        #expect(line.contains(message.replacingOccurrences(of: "\"", with: "\\\"")), "\(line)")
    }

    @Test func rendersPNGAndSVG() throws {
        let scene = ##"{"width":120,"height":60,"background":"#ffffff","labels":[{"text":"Hi","path":"M 10 40 L 110 40"}]}"##
        let png = try engine.render(scene, format: .png)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let canvas = try RasterCanvas(pngData: png)
        #expect(canvas.width == 120 && canvas.height == 60)
        let svg = String(decoding: try engine.render(scene, format: .svg), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("width=\"120\""))
        #expect(throws: EngineError.self) { try engine.render(#"{"width":0,"height":10}"#, format: .png) }
        // An SVG document is read as `pathtext render drawing.svg` reads it (the C library's pt_render and
        // Python's Engine.render go through here).
        let document = #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><text x="10" y="50" font-size="30">SVG in</text></svg>"#
        let fromSVG = try engine.render(document, format: .png)
        #expect(fromSVG.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let xxe = #"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>"#
        #expect(throws: EngineError.self) { try engine.render(xxe, format: .png) }
    }

    @Test func oneEngineServesManyThreadsWithTheSameAnswers() async throws {
        let requests = (0..<24).map { i in
            #"{"text":"Label \#(i) שלום","path":"M 0 100 C 100 0 300 0 400 100","size":\#(20 + i),"align":"center"}"#
        }
        let expected = try requests.map { try engine.layoutJSON($0) }
        let shared = engine
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for round in 0..<4 {
                for (i, r) in requests.enumerated() {
                    group.addTask { (i, (try? shared.layoutJSON(r)) ?? "failed \(round)") }
                }
            }
            var out: [(Int, String)] = []
            for await x in group { out.append(x) }
            return out
        }
        #expect(results.count == 96)
        for (i, json) in results { #expect(json == expected[i]) }
    }
}
