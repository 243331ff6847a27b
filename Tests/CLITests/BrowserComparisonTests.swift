import Testing
import Foundation
import TestSupport

/// Whether the Chromium comparison runs: with `PATHTEXT_BROWSER=1`, which `scripts/test-browser` (and so
/// `make test` and CI) sets. It is then never skipped: a missing `chromium` fails the comparison, so a missing
/// install step cannot hide behind a skip.
let browserComparisonEnabled: Bool = ProcessInfo.processInfo.environment["PATHTEXT_BROWSER"] == "1"

/// Runs `scripts/compare-browser` with `arguments` and `--json -`, and parses its report.
private func compareBrowser(_ arguments: [String]) throws -> [String: Any] { try comparisonReport("compare-browser", arguments) }

/// Runs the comparison script `scripts/NAME` with `arguments` and `--json -` (and this build's pathtext),
/// and parses its JSON report; a non-zero exit is a failure naming the script's stderr.
func comparisonReport(_ name: String, _ arguments: [String]) throws -> [String: Any] {
    let r = try runProgram(packageRoot + "/scripts/" + name, arguments + ["--json", "-"], environment: ["PATHTEXT": pathtextBinary])
    #expect(r.status == 0, "\(r.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
}

/// PathText against headless Chromium (fixtures/browser/results.md has the figures these thresholds come
/// from). The plain `swift test` run leaves it to `scripts/test-browser`, which runs it with
/// `PATHTEXT_BROWSER=1` in `make test` and CI, where a missing `chromium` fails it.
@Suite("Browser comparison (needs PATHTEXT_BROWSER=1 and chromium; skipped otherwise)",
       .enabled(if: browserComparisonEnabled), .serialized)
struct BrowserComparisonTests {
    /// Chromium's textPath against `pathtext layout`, cluster by cluster.
    @Test("textPath glyph origins and angles agree with Chromium (skipped without PATHTEXT_BROWSER=1 and chromium)")
    func textPathAgreesWithChromium() throws {
        let report = try compareBrowser([])
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.count >= 13)
        for c in cases {
            let name = c["name"] as? String ?? "?"
            let rows = c["rows"] as? [[String: Any]] ?? []
            let compared = c["compared"] as? Int ?? 0
            #expect(compared > 0, "\(name): nothing compared")
            // Chromium's advances are ours rounded up to the next 1/64 px (LayoutUnit), never more, never less.
            for r in rows {
                let d = r["dAdvance"] as? Double ?? .nan
                #expect(d >= -1e-3 && d <= 1.0 / 64 + 1e-3, "\(name) cluster \(r["cluster"] ?? "?"): advance differs by \(d)")
            }
            // With Chromium's own pen and advances on our path, what is left is the two path measures.
            let geometryPx = c["maxGeometryPx"] as? Double ?? .nan
            let geometryDeg = c["maxGeometryDeg"] as? Double ?? .nan
            let maxPx = c["maxPx"] as? Double ?? .nan, meanPx = c["meanPx"] as? Double ?? .nan
            let maxDeg = c["maxDeg"] as? Double ?? .nan
            if name == "latin-line" {
                // A line is measured exactly by both: the rule is the same to float precision, and only
                // the 1/64 px rounding of the advances accumulates (at most 1/64 px per cluster before).
                #expect(geometryPx <= 0.001, "\(name): \(geometryPx) px")
                #expect(maxDeg <= 0.0001)
                #expect(maxPx <= Double(compared) / 64, "\(name): \(maxPx) px")
            } else {
                #expect(geometryPx <= 0.35, "\(name): \(geometryPx) px with Chromium's advances")
                #expect(geometryDeg <= 0.08, "\(name): \(geometryDeg)° with Chromium's advances")
            }
            guard c["compare"] as? String == "positions" else { continue }
            #expect(maxPx <= 0.8, "\(name): max \(maxPx) px")
            #expect(meanPx <= 0.45, "\(name): mean \(meanPx) px")
            #expect(maxDeg <= 0.15, "\(name): max \(maxDeg)°")
            if name.hasPrefix("latin") || name.hasPrefix("anchor") {
                #expect(maxDeg <= 0.12, "\(name): max \(maxDeg)°")
            }
            if name == "circle-closed" {
                // Chromium does not wrap: the clusters we wrap to the path's start are hidden there.
                let skipped = c["skippedClusters"] as? [[String: Any]] ?? []
                #expect(!skipped.isEmpty)
                #expect(skipped.allSatisfy { $0["why"] as? String == "wrapped (closed path)" })
            }
            if name == "arabic-latin-spaced" {
                // Cursive tracking: Chromium's advances (dAdvance above) match ours with no spacing after
                // each of the 12 Arabic letters and 12 px after each space and after a, b and c.
                let spaced = rows.filter { $0["spacing"] as? Double == 12 }.compactMap { $0["chars"] as? String }
                let unspaced = rows.filter { $0["spacing"] as? Double == 0 }.compactMap { $0["chars"] as? String }
                #expect(spaced.sorted() == [" ", " ", "a", "b", "c"], "\(spaced)")
                #expect(unspaced.count == 12 && unspaced.allSatisfy { $0.unicodeScalars.allSatisfy { (0x0600...0x06FF).contains($0.value) } },
                        "\(unspaced)")
            }
            if name == "devanagari-arc" {
                // Every character of a cluster gets the cluster's start position in Chromium.
                let inner = c["innerChars"] as? [[String: Any]] ?? []
                #expect(!inner.isEmpty)
                for i in inner {
                    let cluster = i["cluster"] as? Int
                    let row = try #require(rows.first { $0["cluster"] as? Int == cluster })
                    let start = try #require(i["s"] as? [Double]), first = try #require(row["chromium"] as? [Double])
                    #expect(abs(start[0] - first[0]) < 1e-3 && abs(start[1] - first[1]) < 1e-3)
                }
            }
        }
    }

    /// Chromium drawing our SVG against our own PNG of the same picture.
    @Test("the demo SVGs in Chromium match our PNGs (skipped without PATHTEXT_BROWSER=1 and chromium)")
    func svgMatchesPNG() throws {
        let report = try compareBrowser(["--svg"])
        let pictures = try #require(report["pictures"] as? [[String: Any]])
        #expect(pictures.count >= 5)
        for p in pictures {
            let name = p["name"] as? String ?? "?"
            let mean = p["mean"] as? [Double] ?? []
            #expect(mean.count == 4 && mean.allSatisfy { $0 <= 0.6 }, "\(name): mean |Δ| \(mean)")
            let over = p["over32"] as? Double ?? .nan
            #expect(over <= 0.005, "\(name): \(over * 100)% of pixels differ by more than 32/255")
        }
    }
}
