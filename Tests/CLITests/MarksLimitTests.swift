import Testing
import Foundation
import PathText

/// Issue #27 item 19 through the binary: one cluster of 49 000 combining marks (within the 100 KB text
/// limit) held HarfBuzz for seconds; it is refused before shaping, naming the count and where it starts.
@Suite struct MarksLimitTests {
    @Test func aClusterOfTensOfThousandsOfMarksIsRefused() throws {
        let text = "ab" + String(repeating: "\u{301}", count: 49_000)
        let r = try pathtext(["layout", "--text", text, "--path", "M 0 50 L 400 50"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("the number of combining marks in one cluster (from byte 2) (49000) is over the limit of 4096"), "\(r.stderr)")
        // Marks as real text has them pass: Vietnamese and a Devanagari conjunct with its signs.
        let ok = try pathtext(["layout", "--text", "Tiếng Việt क्षत्रिय", "--path", "M 0 50 L 900 50"])
        #expect(ok.status == 0, "\(ok.stderr)")
    }
}

/// Issue #27 item 20: small inconsistencies.
@Suite struct SmallInconsistencyTests {
    /// `badge --margin` out of range exited 1 (bad input) instead of 2 (bad command line).
    @Test func badgeMarginOutOfRangeIsACommandLineError() throws {
        for margin in ["1", "-0.5", "7"] {
            let r = try pathtext(["badge", "--text", "AB", "--out", "/tmp/never-written-\(getpid()).png", "--margin", margin])
            #expect(r.status == 2, "\(margin): \(r.stderr)")
            #expect(r.stderr.contains("--margin: expected a fraction in [0, 1)"), "\(r.stderr)")
        }
    }
}
