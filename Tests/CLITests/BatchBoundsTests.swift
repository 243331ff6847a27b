import Testing
import Foundation
import PathText

/// Issue #27 items 11 and 16 through `pathtext layout --batch`: a line is bounded while it is read, and a
/// line that is not UTF-8 is refused, not repaired.
@Suite struct BatchBoundsTests {
    /// Item 11: a 300 MB line used 600 MB, and a 1.5 GB line aborted. Now it is skipped, under 2 GB of
    /// address space, and the lines after it are answered.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["PATHTEXT_SANITIZER"] != nil, "sanitizers cannot run under ulimit -v"))
    func aHugeLineIsSkippedWithoutHoldingIt() throws {
        let script = """
            ulimit -v 2000000
            { echo '{"text":"A","path":"M0 0 L90 0"}'; head -c 1500000000 /dev/zero | tr '\\0' x; echo
              echo '{"text":"B","path":"M0 0 L90 0"}'; } | exec "$0" layout --batch
            """
        let r = try runShell(script)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines.map { $0.prefix(100) })")
        #expect(lines.first?.hasPrefix("{\"fonts\"") == true)
        #expect(lines.dropFirst().first == #"{"error":"line 2: the request is longer than 16777216 bytes (1500000000 bytes); it was skipped"}"#)
        #expect(lines.last?.hasPrefix("{\"fonts\"") == true)
    }

    /// Item 16: invalid UTF-8 became U+FFFD, and the cluster offsets then pointed into the replaced text.
    @Test func invalidUTF8IsRefusedWithItsOffset() throws {
        let script = #"""
            printf '{"text":"ab\xff\xfe","path":"M0 0 L90 0"}\n{"text":"ok","path":"M0 0 L90 0"}\n' | exec "$0" layout --batch
            """#
        let r = try runShell(script)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == #"{"error":"line 1: not valid UTF-8 (at byte 11)"}"#)
        #expect(lines.last?.hasPrefix("{\"fonts\"") == true)
    }
}

/// Issue #27 item 7 through the binary: skip-ink underlines were O(glyphs²): 100 000 glyphs did not finish
/// in 120 s. Each glyph's gap is now placed in one sorted pass.
@Suite struct SkipInkScaleTests {
    @Test func aHundredThousandGlyphsWithSkipInkFinishWithEveryGap() throws {
        let n = 99_999
        let r = try pathtext(["layout", "--text", String(repeating: "g", count: n), "--path", "M 0 50 L 10000000 50",
                              "--size", "20", "--decoration", "underline", "--decoration-skip-ink", "true"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try json(r.stdout) as? [String: Any])
        let band = try #require(((o["labels"] as? [[String: Any]])?.first?["decorations"] as? [[String: Any]])?.first)
        #expect((band["d"] as? String ?? "").filter { $0 == "M" }.count == n + 1)
    }
}
