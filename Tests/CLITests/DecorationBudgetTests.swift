import Testing
import Foundation
import PathText

/// Issue #27 item 4 through the binary: decorations were sampled every pixel (270 bytes per pixel of label
/// length: a 10⁷ px label took 5–10 s and 2.7 GB), and letter spacing let a label be 10¹² px long.
@Suite struct DecorationBudgetTests {
    @Test func aTenMillionPixelUnderlineIsAFewPointsAndTooLongALabelIsRefused() throws {
        let dir = NSTemporaryDirectory() + "pathtext-decoration-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Four letters 3.3·10⁶ px apart: a label of 10⁷ px on a straight path, underlined.
        let r = try pathtext(["render", "--text", "abcd", "--path", "M 0 50 L 20000000 50", "--letter-spacing", "3300000",
                              "--decoration", "underline,line-through", "--width", "400", "--height", "100", "--out", "d.svg"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: dir + "/d.svg", encoding: .utf8)
        let first = try #require(svg.range(of: "<path d=\""))
        let d = svg[first.upperBound...].prefix { $0 != "\"" }
        // A straight band: move, 3 lines, close (the sampling used to put a point every pixel).
        #expect(d.filter { $0 == "L" || $0 == "l" }.count <= 3, "\(d.prefix(200))")
        #expect(svg.utf8.count < 100_000)
        // The underline still spans the whole label: four letters and four spacings, 1.32·10⁷ px.
        #expect(d.contains("L13200072.672 "), "\(d.prefix(300))")
        // Letter spacing of 10⁹: a label of 3·10⁹ px is over the length limit.
        let long = try pathtext(["layout", "--text", "abcd", "--path", "M 0 50 L 100 50", "--letter-spacing", "1e9",
                                 "--decoration", "underline"], cwd: dir)
        #expect(long.status == 1)
        #expect(long.stderr.contains("label's length in px (with letter spacing)"), "\(long.stderr)")
        #expect(long.stderr.contains("over the limit of 100000000"), "\(long.stderr)")
    }

    /// Decorations on a curve stay within the flattening tolerance, with points only where it bends.
    @Test func aCurvedUnderlineFollowsTheCurveClosely() throws {
        let dir = NSTemporaryDirectory() + "pathtext-decoration-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try pathtext(["render", "--text", "Hello, curved world", "--path", "M 200 300 A 150 150 0 1 1 500 300",
                              "--decoration", "underline", "--width", "700", "--height", "400", "--out", "c.svg"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: dir + "/c.svg", encoding: .utf8)
        let first = try #require(svg.range(of: "<path d=\""))
        let d = String(svg[first.upperBound...].prefix { $0 != "\"" })
        let numbers = d.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        var points: [(Double, Double)] = []
        for i in stride(from: 0, to: numbers.count - 1, by: 2) { points.append((numbers[i], numbers[i + 1])) }
        #expect(points.count > 20 && points.count < 2_000, "\(points.count)")
        // Every point of the band lies at the underline's offset from the circle (radius 150 round (350, 300)),
        // within 1 px of the band's thickness.
        for (x, y) in points {
            let r = ((x - 350) * (x - 350) + (y - 300) * (y - 300)).squareRoot()
            #expect(r > 150 - 8 && r < 150 - 1, "\(x), \(y): \(r)")
        }
    }
}
