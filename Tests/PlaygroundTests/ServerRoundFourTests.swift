#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import PathText
@testable import Playground
import TestSupport

extension LoopbackClient {
    /// Sends `head` (the request line and headers, `\r\n` separated, without the blank line) and `body` as
    /// they are, and reads the reply.
    func raw(_ head: String, body: [UInt8] = [], timeout: Double = 30) -> Reply? {
        let fd = connect(timeout: timeout)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard Self.send(fd, Array((head + "\r\n\r\n").utf8) + body), let bytes = Self.readAll(fd) else { return nil }
        return Self.parse(bytes)
    }
}

/// Issue #38 (hardening round four) through the server's real door: raw HTTP on a loopback port.
@Suite(.serialized) struct ServerRoundFourTests {
    /// Row 1: a road coordinate beyond 9.2e15 trapped in `RoadMerger.NodeKey` and killed the server.
    @Test func placeWithAHugeCoordinateIsA400AndTheServerStaysUp() throws {
        let server = try TestServer()
        for d in ["M0 0 L1e16 0", "M0 0 L1.7e308 0", "M-1e300 5 L0 5"] {
            let body = #"{"width":400,"height":200,"labels":[{"text":"A","path":"\#(d)"}]}"#
            let reply = try #require(server.client.post("/api/place", body), "no reply to \(d): the server died")
            #expect(reply.status == 400, "\(d): \(reply.status) \(reply.text)")
            let message = jsonObject(reply)["error"] as? String ?? ""
            #expect(message.hasPrefix("labels[0].path: a coordinate"), "\(message)")
        }
        let obstacle = #"{"width":400,"height":200,"labels":[],"obstacles":[{"path":"M0 0 L1e16 0","width":2}]}"#
        #expect(server.client.post("/api/place", obstacle)?.status == 400)
        #expect(server.client.post("/api/place", #"{"width":400,"height":200,"labels":[{"text":"A","path":"M0 20 L300 20"}]}"#)?.status == 200)
    }

    /// Row 13: invalid UTF-8 in a place request was turned into U+FFFD and answered 200.
    @Test func invalidUTF8InAPlaceRequestIsA400() throws {
        let server = try TestServer()
        var body = Array(#"{"width":400,"height":200,"labels":[{"text":"A"#.utf8)
        let at = body.count
        body += [0xFF, 0xFE]
        body += Array(#"","path":"M0 20 L300 20"}]}"#.utf8)
        let reply = try #require(server.client.request("POST", "/api/place", body: body))
        #expect(reply.status == 400, "\(reply.text)")
        #expect((jsonObject(reply)["error"] as? String)?.contains("not valid UTF-8 (at byte \(at))") == true, "\(reply.text)")
    }

    /// Row 16: two Host or Origin headers (the hostile one first), conflicting Content-Length, and
    /// Content-Length with chunked encoding were answered 200.
    @Test func ambiguousHeadersAreRefusedWith400() throws {
        let server = try TestServer()
        let port = server.client.port
        let label = #"{"text":"A","path":"M0 0 L90 0"}"#
        let n = label.utf8.count
        let base = "POST /api/layout HTTP/1.1\r\nConnection: close\r\nContent-Type: application/json"
        let cases = [
            "\(base)\r\nHost: attacker.example:\(port)\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(n)",
            "\(base)\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\nOrigin: http://127.0.0.1:\(port)\r\nContent-Length: \(n)",
            "\(base)\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(n)\r\nContent-Length: 3",
            "\(base)\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(n), \(n)",
        ]
        for head in cases {
            let reply = try #require(server.client.raw(head, body: Array(label.utf8)), "no reply: \(head)")
            #expect(reply.status == 400, "\(head): \(reply.status) \(reply.text)")
        }
        let chunked = "\(base)\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(n)\r\nTransfer-Encoding: chunked"
        let body = Array((String(n, radix: 16) + "\r\n" + label + "\r\n0\r\n\r\n").utf8)
        let reply = try #require(server.client.raw(chunked, body: body))
        #expect(reply.status == 400, "\(reply.status) \(reply.text)")
        // One of each is answered.
        let good = try #require(server.client.raw("\(base)\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(n)", body: Array(label.utf8)))
        #expect(good.status == 200, "\(good.text)")
    }

    /// Row 2: the `<use>` chain of texts ran 10-28 s per request against the 3 s limit; now the label
    /// budget (or the deadline, checked as `<use>` expands) stops it within the limit.
    @Test func aUseChainOfTextsIsStoppedWithinTheTimeLimit() throws {
        let server = try TestServer(timeLimit: 3)
        var defs = #"<text id="g0" x="10" y="20" font-size="12">Hello</text>"#
        for k in 1...15 { defs += ##"<g id="g\##(k)"><use href="#g\##(k - 1)"/><use href="#g\##(k - 1)" y="1"/></g>"## }
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><defs>"## + defs + ##"</defs><use href="#g15"/></svg>"##
        let start = ContinuousClock.now
        let reply = try #require(server.client.request("POST", "/api/render?format=png", body: Array(svg.utf8), headers: ["Content-Type": "application/json"]))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(reply.status == 400 || reply.status == 503, "\(reply.status) \(reply.text.prefix(200))")
        let message = jsonObject(reply)["error"] as? String ?? ""
        #expect(message.contains("labels budget ran out") || message.contains("time limit"), "\(message)")
        #expect(server.client.request("GET", "/api/fonts")?.status == 200)
    }

    /// Row 8: 40 connections from 127.0.0.1 sending a byte a second filled the 32-per-address limit, and
    /// every other local client was refused as long as they lasted. A request's headers and body now
    /// have `readLimit` seconds to arrive, however steadily they trickle.
    @Test func tricklingClientsAreDroppedSoTheLocalAddressIsNotStarved() throws {
        let server = try TestServer(connectionTimeout: 3, readLimit: 2)
        let c = server.client
        var slow: [Int32] = []
        defer { for fd in slow { close(fd) } }
        for _ in 0..<40 {
            let fd = c.connect(timeout: 10)
            if fd >= 0 { slow.append(fd) }
        }
        let head = Array("POST /api/layout HTTP/1.1\r\nHost: 127.0.0.1:\(c.port)\r\nX-Slow: ".utf8)
        // A byte a second on each (well within the 3 s idle timeout) for 5 s.
        let start = ContinuousClock.now
        var k = 0
        while ContinuousClock.now - start < .seconds(5) {
            for fd in slow { _ = LoopbackClient.send(fd, [head[min(k, head.count - 1)]]) }
            k += 1
            Glibc.usleep(1_000_000)
        }
        // Every trickling connection was closed by the server after 2 s, and a local client is answered.
        var open = 0
        for fd in slow {
            var byte: UInt8 = 0
            let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { open += 1 }
        }
        #expect(open == 0, "\(open) trickling connections still open")
        #expect(c.post("/api/layout", #"{"text":"A","path":"M0 0 L50 0"}"#, timeout: 5)?.status == 200)
    }

    /// The extreme spellings every number of every door is tried with (raw JSON text; the last four are
    /// not JSON numbers at all).
    static let extremes = ["1e308", "-1e308", "1.7976931348623157e308", "1e-320", "-1e-320", "-0", "0", "9007199254740993",
                           "-9007199254740993", "123456789012345678901234567890", "1e400", "-1e400", "0x10", "NaN", "Infinity", "-Infinity"]

    /// The numeric keys of one object of the request schema (`label`, `shape`, `scene`).
    static func numericKeys(_ definition: String) throws -> [String] {
        let url = URL(fileURLWithPath: PackagePaths.file("schema/request.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let properties = try #require((defs[definition] as? [String: Any])?["properties"] as? [String: Any])
        return properties.compactMap { key, value in
            let text = String(decoding: (try? JSONSerialization.data(withJSONObject: value)) ?? Data(), as: UTF8.self)
            return text.contains("\"number\"") || text.contains("\"integer\"") ? key : nil
        }.sorted()
    }

    /// Issue #38, "numbers everywhere": every numeric key of the catalog (labels, shapes, scenes, place
    /// requests' labels, placement and obstacles, SVG attributes) with every extreme spelling, over HTTP:
    /// each is a 400 with a message or a bounded 200 (or 503 at the time limit), never a trap; the server
    /// answers every one and is up at the end.
    @Test func everyNumberOfEveryRouteWithExtremeValues() throws {
        let server = try TestServer(timeLimit: 2)
        let c = server.client
        var requests: [(path: String, body: String, what: String)] = []
        let label = #"{"text":"A","path":"M0 50 L100 50""#
        for key in try Self.numericKeys("label") {
            for v in Self.extremes {
                requests.append(("/api/layout", label + #","\#(key)":\#(v)}"#, "label \(key) \(v)"))
                requests.append(("/api/place", #"{"width":200,"height":100,"labels":[\#(label),"\#(key)":\#(v)}]}"#, "place label \(key) \(v)"))
            }
        }
        for key in try Self.numericKeys("shape") {
            for v in Self.extremes {
                requests.append(("/api/render?format=svg", ##"{"width":100,"height":100,"shapes":[{"type":"rect","x":1,"y":1,"width":5,"height":5,"fill":"#000","\##(key)":\##(v)}]}"##, "shape \(key) \(v)"))
            }
        }
        for key in try Self.numericKeys("scene") {
            for v in Self.extremes {
                requests.append(("/api/render?format=svg", #"{"width":100,"height":100,"labels":[\#(label)}],"\#(key)":\#(v)}"#, "scene \(key) \(v)"))
            }
        }
        for key in ["spacing", "padding", "maxTurn", "splitAngle", "step", "candidateBudget", "cellSize"] {
            for v in Self.extremes {
                requests.append(("/api/place", #"{"width":200,"height":100,"placement":{"\#(key)":\#(v)},"labels":[\#(label)}]}"#, "placement \(key) \(v)"))
            }
        }
        for key in ["priority", "minDistance"] {
            for v in Self.extremes {
                requests.append(("/api/place", #"{"width":200,"height":100,"labels":[\#(label),"\#(key)":\#(v)}]}"#, "place \(key) \(v)"))
            }
        }
        for v in Self.extremes {
            requests.append(("/api/place", #"{"width":200,"height":100,"labels":[],"obstacles":[{"box":[\#(v),0,\#(v),1]}]}"#, "obstacle box \(v)"))
            requests.append(("/api/place", #"{"width":200,"height":100,"labels":[],"obstacles":[{"path":"M0 0 L\#(v) 1","width":\#(v)}]}"#, "obstacle path \(v)"))
            requests.append(("/api/place", #"{"width":200,"height":100,"labels":[{"text":"A","path":"M0 50 L\#(v) 50"}]}"#, "place path \(v)"))
            requests.append(("/api/measure", #"{"path":"M0 0 L100 0","step":\#(v)}"#, "measure step \(v)"))
            requests.append(("/api/drag", #"{"path":"M0 0 L100 0","from":\#(v),"to":[[\#(v),1]]}"#, "drag \(v)"))
            for attribute in ["x", "font-size", "letter-spacing", "stroke-width", "width"] {
                let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="5" y="50" \#(attribute)="\#(v)">A</text><rect width="5" height="5" stroke="red" \#(attribute)="\#(v)"/></svg>"#
                requests.append(("/api/render?format=png", svg, "svg \(attribute) \(v)"))
            }
            requests.append(("/api/render?format=png", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(v) \#(v)" width="\#(v)"><rect transform="scale(\#(v))" width="5" height="5"/></svg>"#, "svg viewBox \(v)"))
        }
        #expect(requests.count > 700)
        for (path, body, what) in requests {
            guard let reply = c.post(path, body, timeout: 30) else {
                Issue.record("\(what): no reply (the server died)")
                return
            }
            #expect([200, 400, 503].contains(reply.status), "\(what): \(reply.status) \(reply.text.prefix(200))")
            if reply.status != 200 { #expect(!(jsonObject(reply)["error"] as? String ?? "").isEmpty, "\(what): \(reply.text.prefix(200))") }
            if ["0x10", "NaN", "Infinity", "-Infinity"].contains(where: { body.contains(":\($0)") || body.contains(",\($0)") || body.contains("[\($0)") }), !path.contains("render?format=png") {
                #expect(reply.status == 400, "\(what): not JSON, answered \(reply.status)")
            }
        }
        #expect(c.request("GET", "/api/fonts")?.status == 200)
    }
}
