#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import PathText
@testable import Playground

/// Issue #27, the costs a request could run up and the files it could read, through the server on loopback.
@Suite(.serialized) struct ServerBudgetTests {
    /// Item 2: a family named in 600 runs was read 600 times (a 26 MB CJK font: 16 GB asked for).
    @Test func aFamilyNamedInManyRunsIsReadOnce() throws {
        let server = try TestServer()
        let file = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"
        let runs = (0..<600).map { _ in #"{"text":"ab","fontFamily":"Noto Serif"}"# }.joined(separator: ",")
        let before = FontCache.loadCount(path: file)
        let reply = try #require(server.client.post("/api/layout", #"{"runs":[\#(runs)],"path":"M0 0 L90000 0"}"#))
        #expect(reply.status == 200, "\(reply.text.prefix(300))")
        let fonts = jsonObject(reply)["fonts"] as? [[String: Any]] ?? []
        #expect(fonts.contains { $0["family"] as? String == "Noto Serif" })
        #expect(FontCache.loadCount(path: file) - before <= 1)
        // Named again in another request: not read again.
        let again = FontCache.loadCount(path: file)
        #expect(server.client.post("/api/layout", #"{"runs":[\#(runs)],"path":"M0 0 L90000 0"}"#)?.status == 200)
        #expect(FontCache.loadCount(path: file) == again)
    }

    /// Item 18: fifty links to one font file in the fonts folder were fifty copies.
    @Test func linksToOneFontFileShareOneCopy() throws {
        let folder = NSTemporaryDirectory() + "pathtext-links-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in DefaultFonts.stackFileNames {
            try FileManager.default.copyItem(atPath: packageRoot + "/Fonts/" + name, toPath: folder + "/" + name)
        }
        let real = folder + "/NotoSans-Regular.ttf"
        for i in 0..<50 { try FileManager.default.createSymbolicLink(atPath: folder + "/link\(i).ttf", withDestinationPath: real) }
        let server = try TestServer(fontsDir: folder)
        for i in 0..<50 {
            let reply = server.client.post("/api/layout", #"{"text":"A","font":"link\#(i).ttf","path":"M0 0 L90 0"}"#)
            #expect(reply?.status == 200, "\(reply?.text.prefix(200) ?? "no reply")")
        }
        #expect(FontCache.loadCount(path: real) == 1)
    }

    /// Item 8: a bare font name opened that file in the server's working folder, and the error showed its
    /// first bytes (or, for a real font, the folder's absolute path).
    @Test func aFontNameNeverReadsTheWorkingFolder() throws {
        let server = try TestServer()
        let cwd = FileManager.default.currentDirectoryPath
        let secret = "secret-\(getpid()).txt", font = "cwd-font-\(getpid()).ttf"
        try Data("TOPSECRET".utf8).write(to: URL(fileURLWithPath: cwd + "/" + secret))
        try FileManager.default.copyItem(atPath: packageRoot + "/Fonts/NotoSans-Regular.ttf", toPath: cwd + "/" + font)
        defer {
            try? FileManager.default.removeItem(atPath: cwd + "/" + secret)
            try? FileManager.default.removeItem(atPath: cwd + "/" + font)
        }
        for name in [secret, font, "no-such-file.ttf", "NotoSans-Regular.ttf\\u0000.x"] {
            let reply = try #require(server.client.post("/api/layout", #"{"text":"A","font":"\#(name)","path":"M0 0 L90 0"}"#))
            #expect(reply.status == 400, "\(name): \(reply.text.prefix(300))")
            let error = jsonObject(reply)["error"] as? String ?? ""
            // A name holding NUL is refused as a name before any font is looked up.
            let refused = name.contains("\\u0000") ? "expected a non-empty string without NUL" : "no embedded font is called"
            #expect(error.contains(refused), "\(name): \(error)")
            for leak in ["54 4F 50 53", "TOPS", cwd, "starts with"] { #expect(!error.contains(leak), "\(name): \(error)") }
        }
        // An embedded font by name still works.
        #expect(server.client.post("/api/layout", #"{"text":"A","font":"NotoSans-Bold.ttf","path":"M0 0 L90 0"}"#)?.status == 200)
    }

    /// Item 3: 4 000 bent W at 1 000 px round a 1 px circle gave 1.17 GB of SVG; the vector budget stops it.
    @Test func bentSVGIsBoundedByTheVectorBudget() throws {
        let server = try TestServer(timeLimit: 120)
        let text = String(repeating: "W", count: 4_000)
        let scene = #"{"width":2000,"height":2000,"labels":[{"text":"\#(text)","path":"M 1001 1000 A 1 1 0 1 1 999 1000 A 1 1 0 1 1 1001 1000 Z","size":1000,"warp":"bend","closedPath":"wrap"}]}"#
        let reply = try #require(server.client.post("/api/render?format=svg", scene, timeout: 120))
        #expect(reply.status == 400, "\(reply.status) \(reply.text.prefix(300))")
        #expect((jsonObject(reply)["error"] as? String)?.contains("path commands") == true, "\(reply.text.prefix(300))")
        // A modest bent label is still drawn.
        let small = #"{"width":400,"height":400,"labels":[{"text":"bend","path":"M 100 200 A 100 100 0 1 1 300 200","size":40,"warp":"bend"}]}"#
        let svg = try #require(server.client.post("/api/render?format=svg", small))
        #expect(svg.status == 200 && svg.text.contains("<path"))
    }

    /// Item 7: skip-ink underlines cost O(glyphs²) (8 000 glyphs 1.35 s, 100 000 never finished); each
    /// descender's gap now costs O(log n).
    @Test func skipInkOnThousandsOfGlyphsIsAnsweredAndEveryGapIsThere() throws {
        let server = try TestServer(timeLimit: 60)
        let n = 3_900
        let label = #"{"text":"\#(String(repeating: "g", count: n))","path":"M 0 150 L 100000 150","size":20,"decoration":["underline"],"decorationSkipInk":true}"#
        let reply = try #require(server.client.post("/api/layout", label, timeout: 120))
        #expect(reply.status == 200, "\(reply.text.prefix(300))")
        // The underline is one piece per space between descenders: n + 1 pieces.
        let labels = jsonObject(reply)["labels"] as? [[String: Any]] ?? []
        let bands = labels.first?["decorations"] as? [[String: Any]] ?? []
        let d = bands.first?["d"] as? String ?? ""
        #expect(d.filter { $0 == "M" }.count == n + 1)
    }
}
