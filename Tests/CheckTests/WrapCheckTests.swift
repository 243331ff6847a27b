import Testing
import Foundation
import Layout
@testable import Requests
@testable import Check

/// The locale check with an overflow chain: labels that need two lines are reported as wrapped, with
/// their line count, in the table and the JSON.
@Suite struct WrapCheckTests {
    @Test func longTranslationsAreReportedWrapped() throws {
        var dial = try SceneJSON.read(path: packageRoot + "/fixtures/scenes/dial.json")
        dial.labels[0].options.overflow = .chain([.shrink(minimumSize: 28), .wrap, .ellipsis])
        var table = StringTable()
        table.set("KONTOSTAND", key: "ACCOUNT BALANCE", locale: "de")
        table.set("VERFÜGBARER KONTOSTAND HEUTE", key: "ACCOUNT BALANCE", locale: "de-long")
        table.set("VERFÜGBARER KONTOSTAND HEUTE UND MORGEN", key: "ACCOUNT BALANCE", locale: "de-two")
        table.set("VERFÜGBARER KONTOSTAND UND GESAMTGUTHABEN ALLER KONTEN", key: "ACCOUNT BALANCE", locale: "de-longest")
        table.set("VERFÜGBARER KONTOSTAND UND GESAMTGUTHABEN ALLER KONTEN BEI ALLEN BANKEN DER WELT UND ANDERSWO", key: "ACCOUNT BALANCE", locale: "de-cut")
        let results = try LocaleChecker.check(dial, strings: table, resolver: SceneResolver(fontsDir: fontsDir))
        let top = results.filter { $0.label == 0 }
        #expect(top[0].fit == .fits)
        // Shrinking reaches before wrapping is tried.
        guard case .shrunk(let to) = top[1].fit else { Issue.record("\(top[1].fit)"); return }
        #expect(to < 40 && to >= 28)
        // Too long for one line at 28 px: two lines at 40 px.
        #expect(top[2].fit == .wrapped(lines: 2, size: nil))
        #expect(top[2].issues == [.wrapped])
        // Too long for two lines at 40 px: two lines, shrunk.
        guard case .wrapped(2, let size?) = top[3].fit else { Issue.record("\(top[3].fit)"); return }
        #expect(size < 40 && size >= 28 && top[3].issues == [.wrapped, .shrunk])
        // Too long for two lines even at 28 px: the second is cut.
        #expect(top[4].fit == .ellipsized && top[4].issues.contains(.ellipsized))
        let text = CheckReport.table(results)
        #expect(text.contains("wrapped (2 lines)  "))
        #expect(text.contains("wrapped (2 lines) at \(CheckReport.number(size)) px"))
        let json = CheckReport.json(results)
        #expect(json.contains(#""result" : "wrapped""#) || json.contains(#""result":"wrapped""#))
        #expect(json.contains(#""lines" : 2"#) || json.contains(#""lines":2"#))
        #expect(CheckReport.summary(results).contains("2 wrapped"))
        // Diagnostics as the placements JSON gives them, numbers included.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require(parsed["results"] as? [[String: Any]])
        let wrapped = rows.flatMap { ($0["diagnostics"] as? [[String: Any]]) ?? [] }.filter { $0["code"] as? String == "wrapped" }
        #expect(!wrapped.isEmpty && wrapped.allSatisfy { $0["lines"] as? Double == 2 || $0["lines"] as? Int == 2 })
    }
}
