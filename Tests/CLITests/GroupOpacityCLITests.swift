import Testing
import Foundation
import PathText
import TestSupport

/// `opacity` on a `<g>` composited as a group (SVG, Chromium): the children are drawn on a layer of their own
/// and the layer faded, so overlapping children do not show through each other. Chromium draws this picture
/// within 1/255 (median) and 3/255 (99th percentile, glyph edges) of our PNG, and our SVG output within 1/255.
@Suite struct GroupOpacityCLITests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120">
        <rect width="200" height="120" fill="#fff"/>
        <g opacity="0.5">
          <rect x="20" y="20" width="100" height="80" fill="#ff0000"/>
          <rect x="70" y="20" width="100" height="80" fill="#0000ff"/>
        </g>
        <g opacity="0.5"><g opacity="0.5"><rect x="20" y="104" width="40" height="12" fill="#000"/></g></g>
        </svg>
        """

    @Test func overlappingChildrenDoNotShowThroughEachOther() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-group-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.svg.write(toFile: dir + "/g.svg", atomically: true, encoding: .utf8)
        let png = try pathtext(["render", dir + "/g.svg", "--out", dir + "/g.png"])
        let out = try pathtext(["render", dir + "/g.svg", "--out", dir + "/out.svg"])
        #expect(png.status == 0 && out.status == 0 && png.stderr.isEmpty, "\(png.stderr)")
        let c = try RasterCanvas(pngFile: dir + "/g.png")
        // Red alone, the overlap (blue over red on the layer: blue), blue alone; each at half opacity over white.
        // Multiplied into each child instead, the overlap would be (128, 64, 191).
        for (x, expected) in [(40, (255, 127, 127)), (95, (127, 127, 255)), (150, (127, 127, 255))] {
            let p = c.pixel(x: x, y: 60)
            #expect(abs(Int(p.r) - expected.0) <= 1 && abs(Int(p.g) - expected.1) <= 1 && abs(Int(p.b) - expected.2) <= 1, "x \(x): \(p)")
        }
        // Nested groups multiply: black at a quarter.
        let nested = c.pixel(x: 40, y: 110)
        #expect(abs(Int(nested.r) - 191) <= 1, "\(nested)")
        // The SVG output keeps the group, and our reader reads it back to the same pixels.
        let text = try String(contentsOfFile: dir + "/out.svg", encoding: .utf8)
        #expect(text.contains(##"<g opacity="0.5"><path d="M20 20L120 20L120 100L20 100Z" fill="#ff0000"/>"##), "\(text.prefix(600))")
        #expect(try pathtext(["render", dir + "/out.svg", "--out", dir + "/back.png"]).status == 0)
        let back = try RasterCanvas(pngFile: dir + "/back.png")
        for (x, y) in [(40, 60), (95, 60), (150, 60), (40, 110)] {
            let p = c.pixel(x: x, y: y), q = back.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - Int(q.r)) <= 1 && abs(Int(p.g) - Int(q.g)) <= 1 && abs(Int(p.b) - Int(q.b)) <= 1, "(\(x), \(y)): \(p) against \(q)")
        }
    }

    /// A shape's own `opacity` composites its fill and stroke together (SVG, Chromium): the wide stroke's inner
    /// half covers the fill and the pair is faded once, so the fill does not show through the stroke.
    @Test func aShapesOwnOpacityFadesItsFillAndStrokeTogether() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-shape-opacity-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="120">
            <rect width="200" height="120" fill="#fff"/>
            <rect x="40" y="30" width="120" height="60" fill="#ff0000" stroke="#0000ff" stroke-width="20" opacity="0.5"/>
            </svg>
            """.write(toFile: dir + "/s.svg", atomically: true, encoding: .utf8)
        let run = try pathtext(["render", dir + "/s.svg", "--out", dir + "/s.png"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let c = try RasterCanvas(pngFile: dir + "/s.png")
        // Inside the stroke's inner half (x 45): blue at half over white, not blue over half-red (64, 64, 191 or so).
        for (x, y, expected) in [(45, 60, (127, 127, 255)), (100, 60, (255, 127, 127)), (35, 60, (127, 127, 255))] {
            let p = c.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - expected.0) <= 1 && abs(Int(p.g) - expected.1) <= 1 && abs(Int(p.b) - expected.2) <= 1, "(\(x), \(y)): \(p)")
        }
    }
}
