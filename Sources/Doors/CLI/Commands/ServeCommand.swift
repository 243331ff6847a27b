import Support
import Dispatch
import Playground

/// `pathtext serve`: the playground page and its JSON API on a local HTTP server.
enum ServeCommand {
    static let command = CLI.Command(
        name: "serve", summary: "serve the playground page and its JSON API over HTTP (Ctrl-C stops it)",
        usage: """
        usage: pathtext serve [--host 127.0.0.1] [--port 8080] [--threads 8] [--time-limit 3] [--allow-origin ORIGIN]… [--tiles DIR] [--fonts-dir DIR] [--no-system-fonts]

        Serves the playground at http://HOST:PORT/: type text in any script, edit the path, and watch the
        label lay out live. The API takes the same label and scene JSON as every other front door:
          POST /api/layout[?ink=1]          label JSON in, placements JSON out
          POST /api/render?format=png|svg   scene JSON in, the image out
          GET  /api/fonts                   the embedded stack and the system's font families
          POST /api/drag                    {"path","from","to":[[x,y],…]} in, handle locations out
        With --tiles DIR (a folder of DIR/z/x/y.png and DIR/z/x/y.json, as `pathtext tiles --out DIR` writes):
          GET  /map                         the tiles in Leaflet (Debian's libjs-leaflet, served locally)
          GET  /tiles/z/x/y.png|json        a tile, read-only: z, x, y in digits, z ≤ 30, nothing outside DIR
        Errors are status 400 with {"error": message}. It listens on 127.0.0.1 unless --host says otherwise;
        bodies are limited to 1 MB, every request gets the playground's resource limits and --time-limit
        seconds (waiting included; 503 when the server is busy that long), and --threads requests are
        worked on at once. Only requests whose Host is this server (or localhost) are answered; requests
        from other web sites (an Origin other than the page's) are refused unless --allow-origin names
        that origin (https://example.org; repeatable), and API posts must be Content-Type: application/json.
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let settingsFlags = SettingsFlags.engine
        let args = try Arguments(words, command: "serve", valued: settingsFlags.valued.union(["host", "port", "threads", "allow-origin", "tiles"]),
                                 flags: settingsFlags.switches)
        var settings = try settingsFlags.read(args)
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        let host = args.value("host") ?? "127.0.0.1"
        let port = try args.integer("port", in: 1...65535) ?? 8080
        let threads = try args.integer("threads", in: 1...64) ?? 8
        // The server's time limit counts from a request's arrival (waiting included): the server applies it.
        let timeLimit = settings.timeLimit ?? 3
        settings.timeLimit = nil
        let origins = args.all("allow-origin")
        for origin in origins where !(origin.hasPrefix("http://") || origin.hasPrefix("https://")) || origin.contains(" ") {
            throw .usage("--allow-origin: expected an origin such as https://example.org, got \(origin)")
        }
        // Block SIGINT and SIGTERM before the server's threads start (they inherit the mask), then wait for
        // either on this thread and stop cleanly.
        Syscalls.blockStopSignals()
        let service: PlaygroundService
        let access = AccessPolicy(host: host, port: UInt16(port), allowedOrigins: origins)
        do {
            let tiles = try args.value("tiles").map { folder throws(PlaygroundError) in try TileStore(folder: folder) }
            service = try PlaygroundService(settings: settings, access: access, tiles: tiles)
        } catch { throw .failure(error.description) }
        let server: HTTPServer
        do {
            server = try HTTPServer(host: host, port: UInt16(port), threads: threads, timeLimit: timeLimit) { service.handle($0) }
        } catch { throw .failure(error.description) }
        printError("pathtext: the playground is at http://\(host):\(port)/ (Ctrl-C stops it)")
        if let tiles = service.tiles {
            printError("pathtext: the map of \(tiles.root) (zooms \(tiles.zooms.lowerBound)–\(tiles.zooms.upperBound)) is at http://\(host):\(port)/map")
        }
        _ = Syscalls.waitForStopSignal()
        // Stop within a second: every request's deadline passes now (the loops that check it stop), the
        // daemon is stopped on another thread, and if its threads are not done in a second (work that
        // does not check the deadline) the process ends anyway. A second signal ends it at once.
        Deadline.abandonAll()
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { server.stop(); stopped.signal() }
        let end = ContinuousClock.now.advanced(by: .seconds(1))
        while stopped.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if let second = Syscalls.waitForStopSignal(seconds: 0) { Syscalls.exitImmediately(128 + second) }
            if ContinuousClock.now >= end {
                printError("pathtext: requests still running after 1 s: stopped without them")
                Syscalls.exitImmediately(0)
            }
        }
    }
}
