#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import PathText
@testable import Playground

/// Issue #27 through the real door: `pathtext serve`'s server and service on a loopback port, spoken to
/// with raw HTTP. Each test is an input that broke the server before.
@Suite(.serialized) struct ServerHardeningTests {
    /// Item 1: step counts beyond Int's range trapped (SIGILL) in `Int(length / step)`.
    @Test func measureWithAStepCountBeyondIntIsAnsweredAndTheServerStaysUp() throws {
        let server = try TestServer()
        for body in [#"{"path":"M0 0 L100 0","step":1e-300}"#, #"{"path":"M0 0 L1e20 0","step":1}"#] {
            let reply = try #require(server.client.post("/api/measure", body), "no reply to \(body): the server died")
            #expect(reply.status == 200, "\(body): \(reply.text)")
            let ticks = jsonObject(reply)["ticks"] as? [[String: Any]] ?? []
            #expect(ticks.count == 1_000, "\(body)")
        }
        #expect(server.client.request("GET", "/api/fonts")?.status == 200)
    }

    /// Item 9: Host allow-list, Origin check, JSON content type, --allow-origin.
    @Test func otherSitesAndRebindingHostsAreRefused() throws {
        let server = try TestServer(allowedOrigins: ["https://embed.example"])
        let c = server.client, port = c.port
        let label = #"{"text":"A","path":"M0 0 L90 0"}"#
        #expect(c.post("/api/layout", label)?.status == 200)
        #expect(c.post("/api/layout", label, headers: ["Host": "localhost:\(port)"])?.status == 200)
        // DNS rebinding: the page's own name in Host.
        let rebound = c.post("/api/layout", label, headers: ["Host": "attacker.example:\(port)"])
        #expect(rebound?.status == 403)
        #expect(c.request("GET", "/", headers: ["Host": "attacker.example"])?.status == 403)
        #expect(c.post("/api/layout", label, headers: ["Host": nil])?.status == 403)
        #expect(c.post("/api/layout", label, headers: ["Host": "127.0.0.1:1"])?.status == 403)
        // Another site's page.
        let foreign = c.post("/api/layout", label, headers: ["Origin": "http://evil.example"])
        #expect(foreign?.status == 403)
        #expect((jsonObject(foreign)["error"] as? String)?.contains("--allow-origin") == true)
        #expect(c.post("/api/layout", label, headers: ["Origin": "null"])?.status == 403)
        #expect(c.post("/api/layout", label, headers: ["Origin": "http://127.0.0.1:\(port)"])?.status == 200)
        // A form or text/plain post (no preflight in a browser).
        for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            #expect(c.post("/api/layout", label, headers: ["Content-Type": type])?.status == 415, "\(type)")
        }
        #expect(c.post("/api/layout", label, headers: ["Content-Type": "application/json; charset=utf-8"])?.status == 200)
        // An origin allowed with --allow-origin gets CORS headers and its preflight.
        let embedded = try #require(c.post("/api/layout", label, headers: ["Origin": "https://embed.example"]))
        #expect(embedded.status == 200)
        #expect(embedded.headers["access-control-allow-origin"] == "https://embed.example")
        let preflight = c.request("OPTIONS", "/api/layout", headers: ["Origin": "https://embed.example",
                                                                      "Access-Control-Request-Method": "POST"])
        #expect(preflight?.status == 204)
        #expect(preflight?.headers["access-control-allow-headers"] == "Content-Type")
    }

    /// Item 5: /api/drag walked one pixel at a time (16 s per target on a 10⁹ px path, 1 000 targets allowed).
    @Test func dragOnAHugePathIsAnsweredAtOnceAndExact() throws {
        let server = try TestServer()
        let targets = (0..<1_000).map { "[\(Double($0) * 1e6),\($0 % 7 - 3)]" }.joined(separator: ",")
        let reply = try #require(server.client.post("/api/drag", #"{"path":"M0 0 L1e9 0","from":0,"to":[\#(targets)]}"#))
        #expect(reply.status == 200, "\(reply.text.prefix(200))")
        let steps = jsonObject(reply)["steps"] as? [[String: Double]] ?? []
        #expect(steps.count == 1_000)
        for (k, step) in steps.enumerated() where k % 97 == 0 {
            #expect(abs((step["distance"] ?? -1) - Double(k) * 1e6) <= 1e-6 * max(1, Double(k) * 1e6), "target \(k): \(step)")
        }
    }

    /// Item 5: every request has a time budget that is enforced: work past it stops with 503 and a message.
    @Test func aRequestPastItsTimeLimitStopsWith503() throws {
        let server = try TestServer(timeLimit: 0.3)
        // 4 000 bent W at the size limit: seconds of work, stopped at 0.3 s.
        let text = String(repeating: "W", count: 4_000)
        let scene = #"{"width":2000,"height":2000,"labels":[{"text":"\#(text)","path":"M 1001 1000 A 1 1 0 1 1 999 1000 A 1 1 0 1 1 1001 1000 Z","size":1000,"warp":"bend","closedPath":"wrap"}]}"#
        let start = ContinuousClock.now
        let reply = try #require(server.client.post("/api/render?format=svg", scene))
        let elapsed = ContinuousClock.now - start
        #expect(reply.status == 503, "\(reply.status) \(reply.text.prefix(300))")
        #expect((jsonObject(reply)["error"] as? String)?.contains("time limit of 0.3 s") == true, "\(reply.text.prefix(300))")
        #expect(elapsed < .seconds(3), "\(elapsed)")
        #expect(server.client.post("/api/layout", #"{"text":"still here","path":"M0 0 L200 0"}"#)?.status == 200)
    }

    /// Item 5, the acceptance test: while 4 of the most expensive valid requests run, a trivial layout is
    /// answered in under 1 s, and every expensive request gets a reply (none is closed unanswered).
    @Test func aTrivialLayoutIsAnsweredQuicklyWhileFourExpensiveRequestsRun() async throws {
        let server = try TestServer()
        let text = String(repeating: "W", count: 4_000)
        let bent = #"{"width":4096,"height":4096,"labels":[{"text":"\#(text)","path":"M 2049 2048 A 1 1 0 1 1 2047 2048 A 1 1 0 1 1 2049 2048 Z","size":1000,"warp":"bend","closedPath":"wrap","decoration":["underline","overline"]}]}"#
        let long = (0..<1_000).map { "[\(Double($0) * 1e6),3]" }.joined(separator: ",")
        let expensive: [(String, String)] = [
            ("/api/render?format=svg", bent), ("/api/render?format=png", bent),
            ("/api/drag", #"{"path":"M0 0 L1e9 0","from":0,"to":[\#(long)]}"#),
            ("/api/layout", #"{"text":"\#(String(repeating: "x", count: 3_000))","path":"M0 0 L1e9 0","letterSpacing":3000,"decoration":["underline"]}"#),
        ]
        let client = server.client
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for (path, body) in expensive {
                group.addTask { client.post(path, body, timeout: 60)?.status }
            }
            try await Task.sleep(for: .milliseconds(300))
            let start = ContinuousClock.now
            let trivial = client.post("/api/layout", #"{"text":"A","path":"M0 0 L50 0"}"#)
            let elapsed = ContinuousClock.now - start
            #expect(trivial?.status == 200)
            #expect(elapsed < .seconds(1), "the trivial layout took \(elapsed)")
            for try await status in group {
                #expect(status != nil, "an expensive request was closed without a reply")
            }
        }
    }

    /// Item 6: slow clients (headers one line at a time) from one address no longer fill the connection table.
    @Test func slowClientsFromOneAddressLeaveRoomForService() throws {
        let server = try TestServer(connectionTimeout: 2)
        let c = server.client
        var slow: [Int32] = []
        defer { for fd in slow { close(fd) } }
        for _ in 0..<400 {
            let fd = c.connect(from: "127.0.0.2", timeout: 10)
            if fd >= 0 {
                LoopbackClient.send(fd, Array("POST /api/layout HTTP/1.1\r\nHost: 127.0.0.1:\(c.port)\r\n".utf8))
                slow.append(fd)
            }
        }
        #expect(slow.count > 32)
        // A normal client is answered at once, during the attack.
        let start = ContinuousClock.now
        #expect(c.post("/api/layout", #"{"text":"A","path":"M0 0 L50 0"}"#, timeout: 5)?.status == 200)
        #expect(ContinuousClock.now - start < .seconds(1))
        // The server closed all but its per-address share at once, and the rest after the header timeout.
        Glibc.sleep(4)
        var open = 0
        for fd in slow {
            var byte: UInt8 = 0
            var tv = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { open += 1 }
        }
        #expect(open == 0, "\(open) slow connections still open after the header timeout")
    }

    /// Item 16: invalid UTF-8 in /api/layout and /api/render was replaced with U+FFFD.
    @Test func invalidUTF8BodiesAreRefused() throws {
        let server = try TestServer()
        let bad = Array(#"{"text":"ab"#.utf8) + [0xFF, 0xFE] + Array(#"","path":"M0 0 L90 0"}"#.utf8)
        let layout = try #require(server.client.request("POST", "/api/layout", body: bad))
        #expect(layout.status == 400)
        #expect(jsonObject(layout)["error"] as? String == "the request body is not valid UTF-8 (at byte 11)")
        let scene = Array(#"{"width":10,"height":10,"labels":[{"text":"a"#.utf8) + [0xC3] + Array(#"","path":"M0 5 L9 5"}]}"#.utf8)
        let render = try #require(server.client.request("POST", "/api/render?format=svg", body: scene))
        #expect(render.status == 400)
        #expect((jsonObject(render)["error"] as? String)?.hasPrefix("the request body is not valid UTF-8") == true)
    }
}
