import Testing
import Foundation

/// Runs `scripts/compare-svg --json -` and parses its report.
private func compareSVG() throws -> [String: Any] { try comparisonReport("compare-svg", []) }

/// The files fixtures/svg/README.md lists under "Known differences" (first column, in backticks).
private func knownDifferences() throws -> Set<String> {
    let text = try String(contentsOfFile: packageRoot + "/fixtures/svg/README.md", encoding: .utf8)
    guard let start = text.range(of: "## Known differences") else { return [] }
    var names = Set<String>()
    for line in text[start.upperBound...].split(separator: "\n") {
        if line.hasPrefix("## ") { break }
        guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
        names.insert(String(line[line.index(line.startIndex, offsetBy: 3)..<end]))
    }
    return names
}

/// The SVG suite (fixtures/svg) drawn by PathText and by headless Chromium, compared by IoU of ink.
@Suite("SVG input against Chromium (needs PATHTEXT_BROWSER=1 and chromium; skipped otherwise)",
       .enabled(if: browserComparisonEnabled), .serialized)
struct SVGBrowserComparisonTests {
    @Test("every fixture's IoU against Chromium, the median, and the round trip (skipped without PATHTEXT_BROWSER=1)")
    func suiteMatchesChromium() throws {
        let report = try compareSVG()
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count >= 30)
        let median = try #require(report["median"] as? Double)
        #expect(median >= 0.90, "median IoU \(median)")
        let known = try knownDifferences()
        #expect(!known.isEmpty)
        for f in files {
            let name = f["name"] as? String ?? "?"
            let iou = f["iou"] as? Double ?? .nan, trip = f["roundTripIoU"] as? Double ?? .nan
            // Our own SVG output, drawn by Chromium, matches our PNG (the round trip).
            #expect(trip >= 0.85, "\(name): round trip IoU \(trip)")
            // Text-only pictures land between 0.80 and 0.95: Chromium hints glyph outlines and puts glyph
            // origins on whole pixels, PathText draws unhinted outlines at exact positions. Anything lower
            // is a semantic difference, and must be documented per file in fixtures/svg/README.md.
            if !known.contains(name) { #expect(iou >= 0.80, "\(name): IoU \(iou) (document it in fixtures/svg/README.md, or fix it)") }
        }
        for name in known { #expect(files.contains { $0["name"] as? String == name }, "README names \(name), which is not a fixture") }
    }
}
