import Testing
import Foundation
import TestSupport
import PathText

@Suite struct CommandLineTests {
    @Test func helpAndVersion() throws {
        let help = try pathtext(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("layout") && help.stdout.contains("render") == help.stdout.contains("render"))
        let version = try pathtext(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("pathtext \(PathTextVersion.string) ("))
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
        let args = ["layout", "--text", "Hi", "--path", "M0 0 L 9 0"]
        let r = try pathtext(args, environment: ["PATHTEXT_FONTS": "/no/fonts"])
        #expect(r.status == 1)
        #expect(r.stderr == "pathtext: $PATHTEXT_FONTS: cannot find the fonts folder /no/fonts (unset PATHTEXT_FONTS to use the embedded fonts)\n")
        let flag = try pathtext(args + ["--fonts-dir", "/no/fonts"], environment: ["PATHTEXT_FONTS": packageRoot + "/Fonts"])
        #expect(flag.status == 1)
        #expect(flag.stderr == "pathtext: --fonts-dir: cannot find the fonts folder /no/fonts\n")
        let ok = try pathtext(args, environment: ["PATHTEXT_FONTS": packageRoot + "/Fonts"], cwd: "/")
        #expect(ok.status == 0)
    }

    @Test func theEmbeddedFontsNeedNoFolder() throws {
        // The binary copied into an empty temporary folder and run there, with no PATHTEXT_FONTS: no Fonts/
        // folder is beside it, above it or in the working folder, so the fonts can only be the embedded ones.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A hard link where the file system allows it: a copy is open for writing for a moment, and a process
        // another test forks then can hold it open, so running it fails with "Text file busy" (ETXTBSY).
        do { try FileManager.default.linkItem(atPath: pathtextBinary, toPath: dir + "/pathtext") } catch {
            try FileManager.default.copyItem(atPath: pathtextBinary, toPath: dir + "/pathtext")
        }
        let args = ["layout", "--text", "Hi שלום नमस्ते", "--path", "M0 0 L 400 0"]
        var attempt = 0
        func runCopy() throws -> Run {
            while true {
                do { return try pathtext(args, unset: ["PATHTEXT_FONTS"], cwd: dir, binary: dir + "/pathtext") } catch {
                    attempt += 1
                    guard attempt < 20, "\(error)".contains("Text file busy") else { throw error }
                    usleep(50_000)
                }
            }
        }
        let embedded = try runCopy()
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(embedded.stderr == "")
        for name in ["NotoSans-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf"] {
            #expect(embedded.stdout.contains("\"font\":\"\(name)\""), "\(name)")
        }
        // The same placements as from the files themselves; only the fonts table differs: an embedded font
        // has no file, so it is named by its stable name ("embedded") instead of a path.
        let files = try pathtext(args + ["--fonts-dir", packageRoot + "/Fonts"], unset: ["PATHTEXT_FONTS"], cwd: "/tmp")
        #expect(files.status == 0)
        #expect(embedded.stdout.contains("{\"embedded\":\"NotoSans-Regular.ttf\","))
        #expect(!embedded.stdout.contains("\"path\""))
        let filePaths = files.stdout.replacingOccurrences(of: #"\{"path":"[^"]*/Fonts/([^"]*)","#, with: #"{"embedded":"$1","#,
                                                          options: .regularExpression)
        #expect(embedded.stdout == filePaths)
        // The real binary from /tmp, and an embedded font by name.
        let serif = try pathtext(args + ["--font", "NotoSerif-Regular.ttf"], unset: ["PATHTEXT_FONTS"], cwd: "/tmp")
        #expect(serif.status == 0, "\(serif.stderr)")
        #expect(serif.stdout.contains("\"font\":\"NotoSerif-Regular.ttf\""))
        let png = try pathtext(["render", packageRoot + "/fixtures/scenes/sleep-clock.json", "--out", dir + "/clock.png"],
                               unset: ["PATHTEXT_FONTS"], cwd: "/tmp")
        #expect(png.status == 0, "\(png.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/clock.png"))
    }

    @Test func shapeMatchesHBShapeForm() throws {
        let r = try pathtext(["shape", "--text", "AV", "--size", "1000"])
        #expect(r.status == 0)
        let glyphs = try #require(try json(r.stdout) as? [[String: Any]])
        // Noto Sans at upem 1000: A = 36 with advance 599 after kerning against V (hb-shape: A=36 ... +599).
        #expect(glyphs.map { $0["g"] as? Int } == [36, 57])
        #expect(glyphs.first?["ax"] as? Double == 599)
    }

    /// Runs `pathtext` through `/bin/sh -c` so that arguments can hold bytes a Swift `String` cannot.
    func shell(_ script: String) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        p.environment = ProcessInfo.processInfo.environment.merging(["PATHTEXT": pathtextBinary]) { $1 }
        p.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// #13 row 13: invalid UTF-8 in an argument is an error naming it, not text silently changed to U+FFFD.
    @Test func invalidUTF8InAnArgumentIsAnError() throws {
        let r = try shell(#"text=$(printf 'caf\351'); "$PATHTEXT" layout --text "$text" --path "M0 0 L99 0""#)
        #expect(r.status == 2)
        #expect(r.stderr == "pathtext: --text: not valid UTF-8: \"caf\\xE9\"\n")
        #expect(r.stdout.isEmpty)
        let positional = try shell(#"f=$(printf '\377.json'); "$PATHTEXT" render "$f" --out out/x.png"#)
        #expect(positional.status == 2)
        #expect(positional.stderr == "pathtext: argument 2: not valid UTF-8: \"\\xFF.json\"\n")
    }

    /// #13 row 11 / Deliver 6: control bytes in a font name are escaped, never sent to the terminal raw.
    @Test func controlCharactersInMessagesAreEscaped() throws {
        let r = try shell(#"f=$(printf 'evil\033[2J.ttf'); "$PATHTEXT" layout --text Hi --path "M0 0 L99 0" --font "$f""#)
        #expect(r.status == 1)
        #expect(!r.stderr.contains("\u{1B}"), "raw ESC reached stderr: \(r.stderr)")
        #expect(r.stderr.contains("evil\\u{1B}[2J.ttf"))
        let unknown = try shell(#"k=$(printf 'x\033]0;owned\007'); "$PATHTEXT" layout --text Hi --path "M0 0 L99 0" "--$k" 1"#)
        #expect(unknown.status == 2)
        #expect(!unknown.stderr.contains("\u{1B}") && !unknown.stderr.contains("\u{07}"))
    }

    /// Deliver 6: a long value in a message is shortened to 80 characters.
    @Test func longFontNamesAreShortenedInMessages() throws {
        let name = "/no/" + String(repeating: "x", count: 5000) + ".ttf"
        let r = try pathtext(["layout", "--text", "Hi", "--path", "M0 0 L99 0", "--font", name])
        #expect(r.status == 1)
        #expect(r.stderr == "pathtext: --font: cannot read font file /no/" + String(repeating: "x", count: 75) + "…: the path is too long\n")
    }

    /// The label flags, `--help` and `pathtext help options` come from the catalog.
    @Test func flagsAndHelpComeFromTheCatalog() throws {
        let help = try pathtext(["layout", "--help"]).stdout
        let flags = SceneLabel.catalog.compactMap(\.flag)
        for flag in flags { #expect(help.contains("--\(flag) "), "--\(flag) missing from layout --help") }
        // Every flag the help lists is one the label catalog or the settings catalog declares (or --batch / --run).
        let listed = help.split(separator: "\n").compactMap { line -> String? in
            let t = line.drop { $0 == " " }
            guard t.hasPrefix("--") else { return nil }
            return String(t.dropFirst(2).prefix { $0 != " " })
        }
        #expect(Set(listed) == Set(flags + RequestSettings.catalog.compactMap(\.flag) + ["batch", "run"]))
        let table = try pathtext(["help", "options", "--markdown"])
        #expect(table.stdout == OptionTable.markdown(SceneLabel.catalog) + "\n")
        // Each flag is accepted with a value its scene key takes.
        let r = try pathtext(["layout", "--text", "Hi", "--path", "M0 0 L 400 0", "--align", "right", "--blend", "knockout",
                              "--overflow", "shrink", "--min-size", "4", "--fit", "stretch", "--length", "300", "--max-angle", "90"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// #13 row 1: an empty family (also ":" and "::") was a crash (exit 132); it is a usage error.
    @Test func emptyFontFamilyIsAUsageError() throws {
        for family in ["", ":", "::"] {
            let r = try pathtext(["layout", "--text", "Hi", "--path", "M0 0 L99 0", "--font-family", family])
            #expect(r.status == 2)
            #expect(r.stderr == "pathtext: --font-family: expected a font family such as \"Noto Sans\" or \"Noto Sans:Bold\", got \"\(family)\"\n")
        }
    }
}
