import Testing
import Foundation

/// The DocC article "Checking every locale" (Sources/Doors/PathText/PathText.docc/CheckingLocales.md): its
/// commands, run as written from the package root, print what the article shows and exit as it says.
@Suite struct CheckingLocalesArticleTests {
    static let article = "Sources/Doors/PathText/PathText.docc/CheckingLocales.md"

    /// The words of the one command in the article's block `name`.
    static func command(_ name: String) throws -> [String] {
        let lines = try ReadmeQuickStartTests.block(name, in: article).split(separator: "\n")
        try #require(lines.count == 1 && lines[0].hasPrefix("pathtext "), "\(name): \(lines)")
        return BadInputTableTests.shellWords(String(lines[0])).dropFirst().map { $0 }
    }

    @Test func theCheckPrintsTheArticlesTable() throws {
        let run = try pathtext(try Self.command("check-example"), cwd: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (try ReadmeQuickStartTests.block("check-output", in: Self.article)))
    }

    @Test func theGateFailsOnWhatTheArticleSays() throws {
        let run = try pathtext(try Self.command("check-gate"), cwd: packageRoot)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    }
}
