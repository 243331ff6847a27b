import Testing
import Foundation

/// `pathtext check` lists the faces drawn with a synthesized weight per locale and label: the dial's Bold
/// ring labels in Thai and Arabic, with shipped fonts only (the embedded stack has no Bold Thai or Arabic).
@Suite struct CheckSynthesisTests {
    let scene = packageRoot + "/fixtures/scenes/dial.json"
    let strings = packageRoot + "/fixtures/l10n/dial.csv"

    @Test func synthesizedWeightIsListedPerLocaleAndLabel() throws {
        let r = try pathtext(["check", scene, "--strings", strings, "--shipped-fonts-only", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try json(r.stdout) as? [String: Any])
        let results = try #require(o["results"] as? [[String: Any]])
        func row(_ locale: String, _ label: Int) -> [String: Any]? {
            results.first { $0["locale"] as? String == locale && $0["label"] as? Int == label }
        }
        for (locale, face) in [("th", "NotoSansThai-Regular.ttf"), ("ar", "NotoSansArabic-Regular.ttf")] {
            let top = try #require(row(locale, 0))
            let synthesized = top["synthesized"] as? [[String: Any]] ?? []
            #expect(synthesized.count == 1 && synthesized.first?["name"] as? String == face
                    && synthesized.first?["bold"] as? Bool == true && synthesized.first?["oblique"] as? Bool == false, "\(synthesized)")
            #expect((top["issues"] as? [String] ?? []).contains("synthesized"))
            let codes = (top["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(codes.contains("synthesized-weight"))
        }
        // Latin labels are drawn from the real Bold face; the Regular labels have nothing to synthesize.
        #expect((row("de", 0)?["synthesized"] as? [Any])?.isEmpty == true)
        #expect((row("th", 3)?["synthesized"] as? [Any])?.isEmpty == true)
        // The table has the column, and --fail-on synthesized exits 1.
        let table = try pathtext(["check", scene, "--strings", strings, "--shipped-fonts-only"])
        #expect(table.stdout.split(separator: "\n").first?.contains("synthesized") == true)
        #expect(table.stdout.split(separator: "\n").contains { $0.hasPrefix("th ") && $0.contains("NotoSansThai-Regular.ttf (bold)") })
        let fail = try pathtext(["check", scene, "--strings", strings, "--shipped-fonts-only", "--fail-on", "synthesized"])
        #expect(fail.status == 1, "\(fail.stderr)")
    }
}
