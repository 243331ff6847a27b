import Testing
import Foundation
import PathText

/// `make docs` (scripts/build-docs) writes a static DocC site into docs/ whose front page is the
/// getting-started article: served over HTTP (DocC pages load their content with JavaScript), headless
/// Chromium renders it, and the rendered page must hold the article's text and look like a page.
///
/// The first run builds the package with symbol graphs into `.build/docs` (1–2 minutes); later runs
/// rebuild incrementally and take about 10 seconds. Needs Chromium and python3 (scripts/install-deps).
@Suite struct DocsSiteTests {
    @Test func docsFrontPageShowsTheGettingStartedArticle() throws {
        let fm = FileManager.default
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: fm.isExecutableFile)
        let browser = try #require(chromium, "Chromium is missing: run scripts/install-deps")

        let build = try shell(["bash", packageRoot + "/scripts/build-docs"])
        try #require(build.status == 0, "scripts/build-docs failed:\n\(build.output.suffix(3000))")
        #expect(fm.fileExists(atPath: packageRoot + "/docs/index.html"))
        #expect(fm.fileExists(atPath: packageRoot + "/docs/documentation/pathtext/gettingstarted/index.html"))
        // Every article README links to is a page of the site.
        for article in ["paymentdial", "labelsonroads", "checkinglocales", "renderingsvg", "ownrenderer", "commandline",
                        "clibrary", "python", "playground", "labeloptionreference", "scenefiles", "placementrule",
                        "scriptsandfonts", "badinput", "browsercomparison", "performance"] {
            #expect(fm.fileExists(atPath: packageRoot + "/docs/documentation/pathtext/\(article)/index.html"), "no \(article) page")
        }

        // Serve docs/ on a port the system chooses; the server writes it to a file.
        let portFile = NSTemporaryDirectory() + "pathtext-docs-port-\(UUID().uuidString)"
        defer { try? fm.removeItem(atPath: portFile) }
        let serve = """
            import functools, http.server, os, sys
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            with open(sys.argv[2] + ".tmp", "w") as f: f.write(str(server.server_address[1]))
            os.rename(sys.argv[2] + ".tmp", sys.argv[2])
            server.serve_forever()
            """
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-c", serve, packageRoot + "/docs", portFile]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        // SIGKILL: the child inherits the test runner's blocked signal mask, so SIGTERM would stay pending.
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        var port: Int? = nil
        for _ in 0..<200 where port == nil {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { usleep(50_000) }
        }
        let served = try #require(port, "the HTTP server did not start")
        let url = "http://127.0.0.1:\(served)/"

        let common = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                      "--virtual-time-budget=10000", "--window-size=1280,1000"]
        let dom = try shell(common + ["--dump-dom", url], mergeErrors: false)
        #expect(dom.status == 0)
        for text in ["Getting started with PathText", "One call: text and path in, a label out", "PNG in memory",
                     "Many labels on one path", "Placements for your own renderer", "TextLabel"] {
            #expect(dom.output.contains(text), "the front page lacks \"\(text)\"")
        }

        // An article with a picture and a program: the payment dial.
        let dial = try shell(common + ["--dump-dom", url + "documentation/pathtext/paymentdial/"], mergeErrors: false)
        for text in ["A payment dial", "The same dial as a scene file", "bottom.flipped", "SHOW ME THE MONEY"] {
            #expect(dial.output.contains(text), "the payment dial page lacks \"\(text)\"")
        }
        #expect(dial.output.contains("dial.png"), "the payment dial page shows no picture")

        let shot = NSTemporaryDirectory() + "pathtext-docs-\(UUID().uuidString).png"
        defer { try? fm.removeItem(atPath: shot) }
        let screenshot = try shell(common + ["--screenshot=" + shot, url])
        #expect(screenshot.status == 0, "\(screenshot.output)")
        let picture = try RasterCanvas(pngFile: shot)
        #expect(picture.width == 1280 && picture.height == 1000)
        // A rendered page: dark text on a light background, not a blank or an error screen.
        var dark = 0, light = 0
        for y in stride(from: 0, to: picture.height, by: 2) {
            for x in stride(from: 0, to: picture.width, by: 2) {
                let p = picture.pixel(x: x, y: y), sum = Int(p.r) + Int(p.g) + Int(p.b)
                if sum < 200 { dark += 1 } else if sum > 600 { light += 1 }
            }
        }
        #expect(dark > 3000 && light > 100_000, "dark \(dark), light \(light)")
    }

    private func shell(_ arguments: [String], mergeErrors: Bool = true) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = mergeErrors ? out : FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
