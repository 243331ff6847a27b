import Testing
import Foundation

@Suite struct CommandLineTests {
    @Test func helpAndVersion() throws {
        let help = try pathtext(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("layout") && help.stdout.contains("render") == help.stdout.contains("render"))
        let version = try pathtext(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("pathtext 0.1.0"))
        #expect(version.stdout.contains("HarfBuzz 6.0.0"))
    }

    @Test func unknownFlagIsOneLineAndExitCode2() throws {
        for args in [["--frobnicate"], ["layout", "--frobnicate"], ["nonsense"]] {
            let r = try pathtext(args)
            #expect(r.status == 2)
            #expect(r.stderr.hasPrefix("pathtext: "))
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func layoutPrintsTheSchema() throws {
        let r = try pathtext(["layout", "--text", "AVATAR", "--path", "M 0 100 L 500 100", "--size", "48", "--offset", "-40"])
        #expect(r.status == 0, "\(r.stderr)")
        let root = try #require(try json(r.stdout) as? [String: Any])
        let label = try #require((root["labels"] as? [[String: Any]])?.first)
        #expect(label["pathLength"] as? Double == 500)
        #expect(label["flipped"] as? Bool == false)
        #expect(label["overflow"] as? Bool == true)  // the first cluster starts 40 px before the path
        #expect(label["size"] as? Double == 48)
        let glyphs = try #require(label["glyphs"] as? [[String: Any]])
        let first = try #require(glyphs.first)
        for key in ["glyph", "cluster", "font", "size", "x", "y", "angle", "advance"] { #expect(first[key] != nil, "missing \(key)") }
        #expect(first["font"] as? String == "NotoSans-Regular.ttf")
        #expect(first["y"] as? Double == 100)
    }

    @Test func negativeNumbersAndPercentagesAreValues() throws {
        let r = try pathtext(["layout", "--text", "Hi", "--path", "M0 0 L 400 0", "--offset", "-25%", "--dy", "-12", "--align", "end"])
        #expect(r.status == 0, "\(r.stderr)")
        let label = try #require(((try json(r.stdout) as? [String: Any])?["labels"] as? [[String: Any]])?.first)
        let glyphs = try #require(label["glyphs"] as? [[String: Any]])
        #expect(glyphs.allSatisfy { ($0["y"] as? Double) == 12 })   // 12 px down: dy is up-positive
    }

    @Test func badInputIsAClearMessageAndExitCode1() throws {
        let cases: [([String], String)] = [
            (["layout", "--text", "Hi", "--path", "M 0 0 L"], "pathtext: --path: bad path data at character 7: expected a number"),
            (["layout", "--text", "Hi", "--path", "M 0 0 L 9 0", "--font", "/no/such.ttf"], "pathtext: --font: cannot read font file /no/such.ttf: no such file"),
            (["layout", "--text", "", "--path", "M 0 0 L 9 0"], "pathtext: --text: the text is empty: there is nothing to lay out"),
            (["layout", "--text", "Hi", "--path", "M 5 5 L 5 5"], "pathtext: --path: the path has zero length: there is nothing to lay text along"),
        ]
        for (args, message) in cases {
            let r = try pathtext(args)
            #expect(r.status == 1, "\(args)")
            #expect(r.stderr == message + "\n")
        }
    }

    @Test func missingFontsFolderIsAClearError() throws {
        let r = try pathtext(["layout", "--text", "Hi", "--path", "M0 0 L 9 0"], environment: ["PATHTEXT_FONTS": "/no/fonts"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot find the fonts folder"))
        let ok = try pathtext(["layout", "--text", "Hi", "--path", "M0 0 L 9 0"], environment: ["PATHTEXT_FONTS": packageRoot + "/Fonts"], cwd: "/")
        #expect(ok.status == 0)
    }

    @Test func shapeMatchesHBShapeForm() throws {
        let r = try pathtext(["shape", "--text", "AV", "--size", "1000"])
        #expect(r.status == 0)
        let glyphs = try #require(try json(r.stdout) as? [[String: Any]])
        // Noto Sans at upem 1000: A = 36 with advance 599 after kerning against V (hb-shape: A=36 ... +599).
        #expect(glyphs.map { $0["g"] as? Int } == [36, 57])
        #expect(glyphs.first?["ax"] as? Double == 599)
    }
}
