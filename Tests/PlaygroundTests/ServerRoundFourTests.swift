#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import PathText
@testable import Playground

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
}
