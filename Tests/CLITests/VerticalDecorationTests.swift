import Testing
import Foundation
import PathText

/// Issue #27 items 21 and 22 through the binary: vertical writing, where the path is the column's centre.
@Suite struct VerticalDecorationTests {
    /// The decoration bands' x coordinates (the path runs down x = 150).
    func bands(_ decoration: String) throws -> [String: [Double]] {
        let r = try pathtext(["layout", "--text", "日本語", "--path", "M 150 20 L 150 280", "--size", "40",
                              "--writing-mode", "vertical", "--decoration", decoration])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try json(r.stdout) as? [String: Any])
        let list = try #require((o["labels"] as? [[String: Any]])?.first?["decorations"] as? [[String: Any]])
        var out: [String: [Double]] = [:]
        for band in list {
            let d = band["d"] as? String ?? ""
            let numbers = d.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
            out[band["kind"] as? String ?? "?"] = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        }
        return out
    }

    /// Item 21: the underline went through the glyphs and the overline half an em outside the em box. In
    /// vertical text (CSS text-underline-position for Japanese) the underline lies on the column's right
    /// side, the overline on its left, both just outside the em box (±20 px), and line-through on the centre.
    @Test func decorationsLieOnTheColumnsSides() throws {
        let b = try bands("underline,overline,line-through")
        let under = try #require(b["underline"]), over = try #require(b["overline"]), through = try #require(b["line-through"])
        #expect(under.allSatisfy { $0 >= 170 - 1e-6 && $0 <= 174 }, "\(under)")
        #expect(over.allSatisfy { $0 <= 130 + 1e-6 && $0 >= 126 }, "\(over)")
        #expect(through.allSatisfy { abs($0 - 150) <= 3 }, "\(through)")
        #expect(Set(through.map { ($0 * 1000).rounded() }).count == 2)  // a band of some thickness round the centre
    }

    /// Item 22: a space beside kana was set upright with a 1 em advance; UTR #50 makes U+0020 sideways
    /// (vo=R), with its horizontal advance, as between Latin letters.
    @Test func aSpaceBesideKanaLiesSidewaysWithItsHorizontalAdvance() throws {
        let r = try pathtext(["layout", "--text", " スト a", "--path", "M 0 0 L 0 300", "--size", "33", "--writing-mode", "vertical"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try json(r.stdout) as? [String: Any])
        let glyphs = try #require((o["labels"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        let text = Array(" スト a".utf8)
        for g in glyphs {
            let cluster = try #require(g["cluster"] as? Int)
            let angle = try #require(g["angle"] as? Double), advance = try #require(g["advance"] as? Double)
            if text[cluster] == 0x20 {
                #expect(g["orientation"] as? String == "sideways" && abs(angle - 90) < 1e-9, "space at \(cluster): \(g)")
                #expect(advance > 1 && advance < 33 / 2, "space at \(cluster): \(advance)")
            } else if text[cluster] >= 0x80 {
                #expect(g["orientation"] as? String == "upright" && abs(angle) < 1e-9 && abs(advance - 33) < 1e-9, "\(g)")
            }
        }
    }
}
