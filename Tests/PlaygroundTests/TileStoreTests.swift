import Foundation
import Testing
@testable import Playground

/// `--tiles DIR`: tiles served read-only, and nothing outside the folder reachable.
@Suite struct TileStoreTests {
    /// A PNG's first bytes: the signature and an IHDR of `width` × `width`.
    static func pngHeader(width: UInt32) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        for _ in 0..<2 { d += Data([UInt8(width >> 24), UInt8(width >> 16 & 0xFF), UInt8(width >> 8 & 0xFF), UInt8(width & 0xFF)]) }
        return d + Data([8, 6, 0, 0, 0])
    }

    /// A folder with zooms 15 and 16, a secret file beside it, and links that lead out.
    static func folder() throws -> (root: String, secret: String) {
        let base = NSTemporaryDirectory() + "pathtext-tiles-\(UUID().uuidString)"
        let root = base + "/tiles", fm = FileManager.default
        for dir in ["15/5000", "16/10000", "16/10001"] { try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true) }
        try pngHeader(width: 256).write(to: URL(fileURLWithPath: root + "/15/5000/2500.png"))
        try pngHeader(width: 256).write(to: URL(fileURLWithPath: root + "/15/5000/2501.png"))
        try pngHeader(width: 256).write(to: URL(fileURLWithPath: root + "/16/10000/5000.png"))
        try Data(#"{"labels":[]}"#.utf8).write(to: URL(fileURLWithPath: root + "/16/10000/5000.json"))
        let secret = base + "/secret.png"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: secret))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: base + "/5000.png"))
        try fm.createSymbolicLink(atPath: root + "/16/10000/5001.png", withDestinationPath: secret)
        try fm.createSymbolicLink(atPath: root + "/16/10002", withDestinationPath: base)
        // A link that stays inside the folder is served.
        try fm.createSymbolicLink(atPath: root + "/16/10001/5000.png", withDestinationPath: root + "/16/10000/5000.png")
        return (root, secret)
    }

    static let service: (PlaygroundService, String) = {
        let (root, _) = try! folder()
        return (try! PlaygroundService(settings: .init(), tiles: try! TileStore(folder: root)), root)
    }()

    func get(_ path: String, method: String = "GET") -> HTTPResponse { Self.service.0.handle(HTTPRequest(method: method, path: path)) }

    @Test func findsTheZoomsTheExtentAndTheTileSize() throws {
        let store = try #require(Self.service.0.tiles)
        #expect(store.zooms == 15...16)
        #expect(store.bounds == TileStore.TileBounds(z: 15, minX: 5000, maxX: 5000, minY: 2500, maxY: 2501))
        #expect(store.tileSize == 256)
    }

    @Test func servesTilesAndTheirJSON() throws {
        let png = get("/tiles/16/10000/5000.png")
        #expect(png.status == 200 && png.contentType == "image/png")
        #expect(png.body == Array(Self.pngHeader(width: 256)))
        let json = get("/tiles/16/10000/5000.json")
        #expect(json.status == 200 && json.contentType == "application/json")
        #expect(String(decoding: json.body, as: UTF8.self) == #"{"labels":[]}"#)
        #expect(get("/tiles/16/10001/5000.png").status == 200)  // a link within the folder
        #expect(get("/tiles/16/10000/4999.png").status == 404)
    }

    @Test func nothingOutsideTheFolderIsReachable() {
        // Links out of the folder: 404 like a missing tile, and the secret's bytes never sent.
        for path in ["/tiles/16/10000/5001.png", "/tiles/16/10002/5000.png", "/tiles/16/10002/tiles/15/5000/2500.png"] {
            let r = get(path)
            #expect(r.status == 404 || r.status == 400, "\(path)")
            #expect(!String(decoding: r.body, as: UTF8.self).contains("secret\""), "\(path)")
            #expect(r.body != Array("secret".utf8))
        }
        // Names that are not three numbers and an extension never reach the file system.
        for (path, message) in [("/tiles/../secret.png", "expected /tiles/z/x/y"),
                                ("/tiles/16/../../secret.png", "expected /tiles/z/x/y"), ("/tiles/16/../5000.png", "whole numbers"),
                                ("/tiles/16/10000/..", "a tile is .png or .json"),
                                ("/tiles//etc/passwd", "expected /tiles/z/x/y"),
                                ("/tiles/16/10000/5000.png/x", "expected /tiles/z/x/y"),
                                ("/tiles/16/10000/5000.txt", "a tile is .png or .json"),
                                ("/tiles/16/10000/5000", "expected /tiles/z/x/y"),
                                ("/tiles/-1/0/0.png", "whole numbers"),
                                ("/tiles/+16/10000/5000.png", "whole numbers"),
                                ("/tiles/016/10000/5000.png", "whole numbers"),
                                ("/tiles/16/1e4/5000.png", "whole numbers"),
                                ("/tiles/31/0/0.png", "z must be at most 30"),
                                ("/tiles/99999999999/0/0.png", "whole numbers"),
                                ("/tiles/16/65536/0.png", "below 2^z = 65536"),
                                ("/tiles/0/0/1.png", "below 2^z = 1")] {
            let r = get(path)
            #expect(r.status == 400, "\(path)")
            #expect(String(decoding: r.body, as: UTF8.self).contains(message), "\(path): \(String(decoding: r.body, as: UTF8.self))")
        }
    }

    @Test func theTilesAreReadOnly() {
        for method in ["POST", "PUT", "DELETE"] {
            #expect(get("/tiles/16/10000/5000.png", method: method).status == 405)
            #expect(get("/map", method: method).status == 405)
        }
    }

    @Test func aFolderWithoutTilesIsAClearError() throws {
        let empty = NSTemporaryDirectory() + "pathtext-tiles-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty + "/notazoom", withIntermediateDirectories: true)
        #expect(throws: PlaygroundError.tiles("\(empty) holds no zoom folders (expected DIR/z/x/y.png, z from 0 to 30)")) { try TileStore(folder: empty) }
        #expect(throws: PlaygroundError.tiles("\(empty)/missing is not a folder")) { try TileStore(folder: empty + "/missing") }
        try FileManager.default.createDirectory(atPath: empty + "/12/3", withIntermediateDirectories: true)
        #expect(throws: PlaygroundError.tiles("\(empty)/12 holds no tiles (expected 12/x/y.png)")) { try TileStore(folder: empty) }
    }

    @Test func withoutTilesThereIsNoMap() throws {
        let plain = try PlaygroundService()
        for path in ["/map", "/tiles/0/0/0.png", "/leaflet/leaflet.js"] {
            let r = plain.handle(HTTPRequest(method: "GET", path: path))
            #expect(r.status == 404)
            #expect(String(decoding: r.body, as: UTF8.self).contains("--tiles DIR"))
        }
    }
}
