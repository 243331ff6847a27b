import Foundation
import Testing
import PathText
@testable import Playground

/// The playground's paint controls (issue #36): the page builds one control per catalog row of
/// `GET /api/options`, so the paint keys (fill gradient, stroke, dashes, opacities, paint order) are offered
/// in the "Paint & stroke" group, and a render with the values those controls send paints them.
@Suite struct PlaygroundPaintControlsTests {
    static let service = try! PlaygroundService()

    static let paintKeys = ["fillGradient", "fillOpacity", "stroke", "strokeGradient", "strokeWidth", "strokeOpacity", "strokeLinejoin",
                            "strokeMiterlimit", "strokeDasharray", "strokeDashoffset", "opacity", "paintOrder"]

    @Test func everyPaintKeyIsAControlInThePaintGroup() throws {
        let reply = Self.service.handle(HTTPRequest(method: "GET", path: "/api/options"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        let rows = try #require(catalog["label"] as? [[String: Any]])
        for key in Self.paintKeys {
            let row = try #require(rows.first { $0["key"] as? String == key }, "\(key) is not in the catalog")
            #expect(row["group"] as? String == "paint", "\(key) is in \(row["group"] ?? "no group")")
            #expect(row["schema"] is [String: Any] && row["help"] as? String != "", "\(key)")
        }
        // A scene shape's stroke gradient is in the shape rows the page's scene editor reads.
        let shape = try #require(catalog["shape"] as? [[String: Any]])
        #expect(shape.contains { $0["key"] as? String == "strokeGradient" })
        // The page makes its controls from these rows (no key is spelled in the page itself).
        let page = String(decoding: PlaygroundPage.html, as: UTF8.self)
        #expect(page.contains("/api/options") && !page.contains("strokeDasharray"))
    }

    @Test func aRenderWithThePaintControlsValuesPaintsThem() throws {
        // What the controls send: the gradient and colour as text, the width and dashes as the schema's numbers.
        let label = ##"{"text":"HILL","path":"M 20 130 L 380 130","size":100,"fillGradient":"linear-gradient(0 0 1 0, #ff0000, #0000ff)","##
            + ##""stroke":"#00ff00","strokeWidth":6,"strokeDasharray":[12,12]}"##
        let scene = ##"{"width":400,"height":180,"background":"#ffffff","labels":["## + label + "]}"
        let png = Self.service.handle(HTTPRequest(method: "POST", path: "/api/render", query: ["format": "png"], body: Array(scene.utf8)))
        #expect(png.status == 200, "\(String(decoding: png.body, as: UTF8.self))")
        let c = try RasterCanvas(pngData: png.body)
        var red = 0, blue = 0, green = 0
        for y in 0..<c.height { for x in 0..<c.width {
            let p = c.pixel(x: x, y: y)
            if p.r > 200 && p.g < 60 && p.b < 60 { red += 1 }
            if p.b > 200 && p.r < 60 && p.g < 60 { blue += 1 }
            if p.g > 200 && p.r < 60 && p.b < 60 { green += 1 }
        } }
        // The fill runs red to blue across the label; the dashed stroke is green.
        #expect(red > 200 && blue > 200 && green > 500, "red \(red), blue \(blue), green \(green)")
        let layout = Self.service.handle(HTTPRequest(method: "POST", path: "/api/layout", body: Array(label.utf8)))
        let placements = String(decoding: layout.body, as: UTF8.self)
        #expect(placements.contains(#""dasharray":[12,12]"#) && placements.contains(#""type":"linear""#), "\(placements.prefix(400))")
    }
}
