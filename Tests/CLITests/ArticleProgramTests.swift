import Testing
import Foundation
import PathText

/// A complete program in a DocC article (Sources/Doors/PathText/PathText.docc), between
/// `<!-- program:NAME:begin -->` and `<!-- program:NAME:end -->`: ReadmeExampleTests builds each as an
/// executable of its fresh package, runs it in an empty folder and hands its output to `check`.
struct ArticleProgram: Sendable {
    /// The executable's name, and the marker's.
    var name: String
    /// The article's file name.
    var article: String
    /// Checks what the program printed and wrote into its folder.
    var check: @Sendable (_ stdout: String, _ folder: String) throws -> Void

    /// The program's code, as the article shows it.
    func code() throws -> String {
        try ReadmeQuickStartTests.block("program:\(name)", in: "Sources/Doors/PathText/PathText.docc/" + article)
    }

    static let all: [ArticleProgram] = [
        ArticleProgram(name: "dial", article: "PaymentDial.md") { stdout, folder in
            #expect(stdout == "false true\n", "the article says the bottom label is flipped: \(stdout)")
            let png = try RasterCanvas(pngFile: folder + "/dial.png")
            #expect(png.width == 800 && png.height == 800)
            // White letters on the teal canvas, above the centre and below it (both labels drawn).
            func white(_ rows: Range<Int>) -> Int {
                var n = 0
                for y in rows { for x in 0..<800 { let p = png.pixel(x: x, y: y); if p.r > 200 && p.g > 200 && p.b > 200 { n += 1 } } }
                return n
            }
            #expect(white(60..<160) > 1500 && white(640..<740) > 1500, "top \(white(60..<160)), bottom \(white(640..<740))")
        },
        ArticleProgram(name: "svg", article: "RenderingSVG.md") { stdout, folder in
            #expect(stdout.hasPrefix("warning: line 7: <rect> fill: url(#sky) refers to <pattern>"), "\(stdout)")
            #expect(stdout.hasSuffix("\n15 glyphs on the curve\n"), "\(stdout)")
            let png = try RasterCanvas(pngFile: folder + "/drawing.png")
            #expect(png.width == 400 && png.height == 240)
        },
    ]
}

/// The programs' markers are where ReadmeExampleTests looks for them.
@Suite struct ArticleProgramTests {
    @Test(arguments: ArticleProgram.all.map(\.name))
    func eachArticleHoldsItsProgram(name: String) throws {
        let program = try #require(ArticleProgram.all.first { $0.name == name })
        let code = try program.code()
        #expect(code.hasPrefix("import PathText\n"))
    }
}
