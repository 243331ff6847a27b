import Testing
import Foundation
import TestSupport
import PathText

/// README's quick starts: each at most 10 lines, and the command-line one run as written, line by line, by
/// the `pathtext` built beside these tests, from the package root. (The Swift one is ReadmeExampleTests',
/// the C one scripts/test-capi's and the Python one python/tests/test_readme.py's.)
@Suite(.serialized) struct ReadmeQuickStartTests {
    /// The code of the fenced block between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in `file`.
    static func block(_ name: String, in file: String = "README.md") throws -> String {
        let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- \(name):begin -->\n"), "no \(name) block in \(file)")
        let end = try #require(text.range(of: "<!-- \(name):end -->", range: begin.upperBound..<text.endIndex))
        let lines = text[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.first?.hasPrefix("```") == true && lines.dropLast().last == "```", "\(name) is not one fenced block")
        return lines.dropFirst().dropLast(2).joined(separator: "\n") + "\n"
    }

    @Test(arguments: [["package-dependency", "library-example"], ["quickstart-c"], ["quickstart-python"], ["quickstart-cli"]])
    func eachQuickStartIsAtMostTenLines(blocks: [String]) throws {
        let lines = try blocks.map { try Self.block($0).split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        #expect(lines.reduce(0, +) <= 10, "\(blocks): \(lines) lines")
        #expect(lines.allSatisfy { $0 >= 1 })
    }

    @Test func theCommandLineQuickStartRunsAsWritten() throws {
        let commands = try Self.block("quickstart-cli").split(separator: "\n").map(String.init)
        #expect(commands.count >= 3 && commands.allSatisfy { $0.hasPrefix("pathtext ") })
        let fm = FileManager.default
        for file in ["out/hello.png", "out/dial.png"] { try? fm.removeItem(atPath: packageRoot + "/" + file) }
        var outputs: [String] = []
        for command in commands {
            let run = try shell(command)
            #expect(run.status == 0, "\(command): exit \(run.status)\n\(run.stderr)")
            outputs.append(run.stdout)
        }
        // The label and the scene were drawn.
        let hello = try RasterCanvas(pngFile: packageRoot + "/out/hello.png")
        var dark = 0
        for y in 0..<hello.height {
            for x in 0..<hello.width {
                let p = hello.pixel(x: x, y: y)
                if p.a > 128 && Int(p.r) + Int(p.g) + Int(p.b) < 384 { dark += 1 }
            }
        }
        // Without --width and --height the canvas is fitted to the label with an 8 px margin, by the rule of
        // every door: the size Swift's TextLabel gives the same label (its png() default), 19 glyphs at 40 px on it.
        let swift = try TextLabel("Hello, curved world", along: "M 20 200 C 120 40 280 360 380 200", size: 40).image()
        #expect(hello.width == swift.width && hello.height == swift.height && hello.width < 400 && dark > 2000,
                "\(hello.width)×\(hello.height) against \(swift.width)×\(swift.height), \(dark) dark")
        let dial = try RasterCanvas(pngFile: packageRoot + "/out/dial.png")
        #expect(dial.width == 800 && dial.height == 800)
        // layout printed the placements of AVATAR's six letters, centred on the curve.
        let placements = try #require(try json(outputs[1]) as? [String: Any])
        let label = try #require((placements["labels"] as? [[String: Any]])?.first)
        #expect((label["glyphs"] as? [Any])?.count == 6)
        // check printed a row for every locale of the translation file.
        let locales = try String(contentsOfFile: packageRoot + "/fixtures/l10n/dial.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        #expect(locales.count == 31)
        for locale in locales { #expect(outputs[3].contains(locale), "check's table lacks \(locale)") }
    }

    /// Runs one README line with bash, the tests' `pathtext` first on PATH, from the package root.
    private func shell(_ command: String) throws -> Run {
        let bin = URL(fileURLWithPath: pathtextBinary).deletingLastPathComponent().path
        return try pathtext(["-c", command], environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")],
                            cwd: packageRoot, binary: "/bin/bash")
    }
}
