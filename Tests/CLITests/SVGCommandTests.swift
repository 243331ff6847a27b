import Testing
import Foundation

/// `pathtext render DRAWING.svg` and `pathtext layout DRAWING.svg`.
@Suite struct SVGCommandTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "pathtext-svg-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func write(_ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func fixture(_ name: String) -> String { packageRoot + "/fixtures/svg/\(name).svg" }

    /// Ink pixels of a PNG are checked through the placements: the PNG must exist and be a PNG.
    func isPNG(_ path: String) -> Bool {
        guard let d = FileManager.default.contents(atPath: path), d.count > 8 else { return false }
        return Array(d.prefix(4)) == [0x89, 0x50, 0x4E, 0x47]
    }

    @Test(arguments: [
        ("xxe", """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text y="20">&xxe;</text></svg>
        """),
        ("billion-laughs", """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ <!ENTITY a "aaaaaaaaaa"> <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"> <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"> <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"> ]>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text y="20">&d;&d;&d;&d;</text></svg>
        """),
    ])
    func entityDocumentsAreRefused(name: String, svg: String) throws {
        let input = try write(name + ".svg", svg)
        let out = dir + "/" + name + ".png"
        let r = try pathtext(["render", input, "--out", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(name).svg: the document declares or uses XML entities"), "\(r.stderr)")
        #expect(r.stderr.contains("XXE") && r.stderr.contains("billion laughs"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let l = try pathtext(["layout", input])
        #expect(l.status == 1 && l.stdout.isEmpty && l.stderr.contains("entities"))
    }

    @Test func aPatternIsAWarningNamingPatternAndTheRestRenders() throws {
        let out = dir + "/pattern.png"
        let r = try pathtext(["render", fixture("pattern-unsupported"), "--out", out, "--json", dir + "/pattern.json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning:") && r.stderr.contains("<rect> fill:") && r.stderr.contains("pattern"), "\(r.stderr)")
        #expect(isPNG(out))
        let placements = try json(String(contentsOfFile: dir + "/pattern.json", encoding: .utf8)) as? [String: Any]
        let labels = placements?["labels"] as? [[String: Any]] ?? []
        #expect(labels.count == 1 && (labels.first?["glyphs"] as? [Any])?.count == 8)   // "the rest"
        // --strict: an error (exit 1), nothing written.
        let strictOut = dir + "/strict.png"
        let s = try pathtext(["render", fixture("pattern-unsupported"), "--out", strictOut, "--strict"])
        #expect(s.status == 1 && s.stderr.contains("pattern") && s.stderr.contains("--strict"), "\(s.stderr)")
        #expect(!FileManager.default.fileExists(atPath: strictOut))
    }

    @Test func anInkscapeDocumentRenders() throws {
        let out = dir + "/inkscape.png"
        let r = try pathtext(["render", fixture("inkscape"), "--out", out, "--json", "-"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(isPNG(out))
        let labels = (try json(r.stdout) as? [String: Any])?["labels"] as? [[String: Any]] ?? []
        #expect(labels.count == 2)
        #expect((labels.first?["glyphs"] as? [Any])?.count == "Inkscape on a path".count)
    }

    @Test func layoutPrintsThePlacements() throws {
        let r = try pathtext(["layout", fixture("textpath-href")])
        #expect(r.status == 0, "\(r.stderr)")
        let labels = (try json(r.stdout) as? [String: Any])?["labels"] as? [[String: Any]] ?? []
        #expect(labels.count == 1 && (labels[0]["glyphs"] as? [Any])?.count == "Along the curve".count)
        // Label flags do not mix with a document's own labels.
        let bad = try pathtext(["layout", fixture("textpath-href"), "--text", "x"])
        #expect(bad.status == 2)
    }

    /// The root element decides when the extension does not: an SVG document piped on stdin.
    @Test func theRootElementIsEnoughOnStdin() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: pathtextBinary)
        p.arguments = ["render", "-", "--json", "-"]
        let input = Pipe(), output = Pipe(), err = Pipe()
        p.standardInput = input; p.standardOutput = output; p.standardError = err
        try p.run()
        input.fileHandleForWriting.write(Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><text x="5" y="30">stdin</text></svg>"##.utf8))
        try input.fileHandleForWriting.close()
        let o = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let labels = (try json(String(decoding: o, as: UTF8.self)) as? [String: Any])?["labels"] as? [[String: Any]] ?? []
        #expect((labels.first?["glyphs"] as? [Any])?.count == 5)
    }

    @Test func malformedXMLIsBadInput() throws {
        let input = try write("bad.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n</svg>")
        let r = try pathtext(["render", input, "--out", dir + "/bad.png"])
        #expect(r.status == 1 && r.stderr.contains("bad.svg: not well-formed XML at line 3"), "\(r.stderr)")
    }
}
