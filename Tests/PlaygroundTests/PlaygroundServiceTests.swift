import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import PathText
import Showcase
@testable import Playground

/// The playground's routes, called directly (the browser tests in Tests/browser go through HTTP and Chromium).
@Suite struct PlaygroundServiceTests {
    static let service = try! PlaygroundService()  // the embedded fonts: cannot fail

    func post(_ path: String, _ body: String, query: [String: String] = [:]) -> HTTPResponse {
        Self.service.handle(HTTPRequest(method: "POST", path: path, query: query, body: Array(body.utf8)))
    }

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func pageIsSelfContained() throws {
        let page = Self.service.handle(HTTPRequest(method: "GET", path: "/"))
        #expect(page.status == 200)
        #expect(page.contentType.hasPrefix("text/html"))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<title>PathText playground</title>"))
        // No external request: every src/href is local or a data URL.
        for attribute in ["src=\"http", "href=\"http", "url(http", "import("] { #expect(!html.contains(attribute), "\(attribute)") }
    }

    @Test func layoutEqualsTheLibrary() throws {
        let request = #"{"text":"AVATAR","path":"M 0 100 C 100 0 300 0 400 100","size":40,"align":"center"}"#
        let reply = post("/api/layout", request)
        #expect(reply.status == 200)
        let resolver = SceneResolver()
        let label = try SceneJSON.decodeLabel(Array(request.utf8))
        let placed = try resolver.resolve(label, index: 0).layout()
        #expect(String(decoding: reply.body, as: UTF8.self) == PlacementsJSON.encode(placed))
    }

    @Test func badRequestsAre400WithTheKeyNamed() throws {
        let cases: [(String, String, [String: String], String)] = [
            ("/api/layout", #"{"text":"A","path":"M0 0 L9 0","align":"middle-ish"}"#, [:], "align: expected start|center|end"),
            ("/api/layout", "not json", [:], "JSON"),
            ("/api/layout", #"{"text":"A","path":"M0 0 L9 0","font":["../x.ttf"]}"#, [:], "font: fonts are taken by name here"),
            ("/api/render", #"{"width":10,"height":10}"#, ["format": "gif"], "format: expected png|svg"),
            ("/api/drag", #"{"path":"M0 0 L9 0","from":"x","to":[]}"#, [:], "from: expected a number"),
            ("/api/sleep", #"{"bedtime":0,"wake":60,"drag":"nose","to":[1,2]}"#, [:], "drag: expected bedtime, wake or whole"),
        ]
        for (path, body, query, message) in cases {
            let reply = post(path, body, query: query)
            #expect(reply.status == 400, "\(path) \(body)")
            let error = try #require(try json(reply)["error"] as? String)
            #expect(error.contains(message), "\(error)")
            // The key at fault is given apart too, as the catalog spells it (the query parameter, the request key).
            let key = String(message.prefix { $0 != ":" })
            if ["align", "format", "font"].contains(key) { #expect(try json(reply)["key"] as? String == key, "\(error)") }
        }
        // An engine setting is the server's, not a query's.
        let refused = post("/api/layout", #"{"text":"A","path":"M0 0 L9 0"}"#, query: ["timeLimit": "9"])
        let refusal = try json(refused)["error"] as? String ?? ""
        #expect(refused.status == 400 && refusal.hasPrefix("timeLimit: is the server's setting"), "\(refusal)")
        #expect(Self.service.handle(HTTPRequest(method: "GET", path: "/nope")).status == 404)
        #expect(Self.service.handle(HTTPRequest(method: "GET", path: "/api/layout")).status == 405)
    }

    @Test func renderGivesPNGAndSVG() throws {
        let scene = #"{"width":120,"height":60,"labels":[{"text":"Hi","path":"M 10 40 L 110 40"}]}"#
        let png = post("/api/render", scene, query: ["format": "png"])
        #expect(png.contentType == "image/png")
        let canvas = try RasterCanvas(pngData: png.body)
        #expect(canvas.width == 120 && canvas.height == 60)
        let svg = post("/api/render", scene, query: ["format": "svg"])
        #expect(svg.contentType == "image/svg+xml")
        #expect(String(decoding: svg.body, as: UTF8.self).hasPrefix("<svg") || String(decoding: svg.body, as: UTF8.self).hasPrefix("<?xml"))
    }

    /// `POST /api/render` with an SVG body (issue #25): drawn through the SVG reader; entities are refused
    /// with 400, and `strict=1` makes a pattern a 400 naming pattern.
    @Test func renderTakesAnSVGDocument() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><defs><pattern id="g"/></defs><rect width="20" height="20" fill="url(#g) red"/><text x="30" y="35" font-size="24">SVG</text></svg>"##
        let png = post("/api/render", svg, query: ["format": "png"])
        #expect(png.status == 200 && png.contentType == "image/png")
        let canvas = try RasterCanvas(pngData: png.body)
        #expect(canvas.width == 150 && canvas.height == 50)
        let strict = post("/api/render", svg, query: ["format": "png", "strict": "1"])
        #expect(strict.status == 400)
        #expect((try json(strict)["error"] as? String)?.contains("pattern") == true)
        let xxe = post("/api/render", ##"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>"##)
        #expect(xxe.status == 400)
        #expect((try json(xxe)["error"] as? String)?.contains("entities") == true)
    }

    @Test func sleepDragAcrossMidnightUsesTheLibrarysRange() throws {
        // Bedtime 23:00 dragged to the 01:00 position: 6 h, as SleepRange computes.
        let angle = 60.0 / 1440 * 2 * Double.pi
        let to = [400 + 290 * sin(angle), 400 - 290 * cos(angle)]
        let reply = try json(post("/api/sleep", #"{"bedtime":1380,"wake":420,"drag":"bedtime","to":[\#(to[0]),\#(to[1])]}"#))
        #expect(abs((reply["bedtime"] as? Double ?? -1) - 60) < 1e-6)
        #expect(reply["durationText"] as? String == "6 h")
        // The whole arc turned back by an hour across midnight keeps the duration.
        let from = [400 + 290 * sin(angle), 400 - 290 * cos(angle)], back = [400.0, 110.0]
        let whole = try json(post("/api/sleep", #"{"bedtime":60,"wake":420,"drag":"whole","from":[\#(from[0]),\#(from[1])],"to":[\#(back[0]),\#(back[1])]}"#))
        #expect(abs((whole["bedtime"] as? Double ?? -1) - 0) < 1e-6)
        #expect(whole["durationText"] as? String == "6 h")
    }

    @Test func dragEqualsPathMeasureDrag() throws {
        let reply = try json(post("/api/drag", #"{"path":"M 0 0 L 100 0","from":10,"to":[[50,5],[90,-3]]}"#))
        let steps = try #require(reply["steps"] as? [[String: Double]])
        let expected = try PathMeasure(BezPath(svgPathData: "M 0 0 L 100 0")).drag(from: 10, through: [Point(50, 5), Point(90, -3)])
        #expect(steps.count == expected.count)
        for (s, e) in zip(steps, expected) { #expect(abs(s["distance"]! - e.distance) < 1e-6) }
    }

    @Test func fontsListTheEmbeddedStackAndSystemFamilies() throws {
        let reply = try json(Self.service.handle(HTTPRequest(method: "GET", path: "/api/fonts")))
        #expect((reply["embedded"] as? [String])?.first == "NotoSans-Regular.ttf")
        #expect((reply["system"] as? [String])?.contains("Noto Sans") == true)
    }
}

/// The libmicrohttpd server itself: requests reach the handler whole, bodies over the limit get 413.
@Suite struct HTTPServerTests {
    @Test func servesRequestsAndLimitsBodies() async throws {
        var server: HTTPServer?
        var port: UInt16 = 0
        for candidate in UInt16(19_000 + Int(getpid()) % 5_000)..<UInt16(25_000) {
            if let s = try? HTTPServer(port: candidate, threads: 2, maximumBodySize: 1_000, handler: { request in
                HTTPResponse(contentType: "text/plain", body: Array("\(request.method) \(request.path) \(request.query["format"] ?? "-") \(request.body.count)".utf8))
            }) { server = s; port = candidate; break }
        }
        let running = try #require(server)
        defer { running.stop() }
        func send(_ path: String, body: Int) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 65, count: body)
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        #expect(try await send("/x?format=svg", body: 999) == (200, "POST /x svg 999"))
        #expect(try await send("/y", body: 1_001).0 == 413)
    }

    @Test func refusesABadAddress() {
        #expect(throws: PlaygroundError.self) { try HTTPServer(host: "not-an-address", port: 1, handler: { _ in HTTPResponse(contentType: "", body: []) }) }
    }
}

/// Issue #38 row 14 over HTTP: an SVG document's errors are said in the document's terms (element and line),
/// as `pathtext render` says them, not as the scene-JSON paths the reader made.
@Suite struct SVGErrorWordingOverHTTPTests {
    @Test func aBadStrokeWidthIsNamedByElementAndLine() throws {
        let service = try PlaygroundService(fontsDir: nil)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\n<rect width=\"10\" height=\"10\"/>\n"
            + "<rect width=\"10\" height=\"10\" stroke=\"red\" stroke-width=\"1e300\"/>\n</svg>\n"
        let reply = service.handle(HTTPRequest(method: "POST", path: "/api/render", body: Array(svg.utf8)))
        let text = String(decoding: reply.body, as: UTF8.self)
        #expect(reply.status == 400 && text.contains("line 3: <rect> stroke-width: expected a width above 0") && !text.contains("shapes["), "\(text)")
    }
}
