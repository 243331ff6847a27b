import Foundation
import Testing

/// `pathtext serve --tiles DIR` through the binary: a folder it cannot serve stops it at once, with the
/// flag and the reason on stderr (the routes are PlaygroundTests' TileStoreTests; the page in Chromium is
/// Tests/browser/test_map.py).
@Suite struct ServeTilesTests {
    @Test func aFolderItCannotServeIsAClearErrorBeforeListening() throws {
        let empty = NSTemporaryDirectory() + "pathtext-serve-tiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        for (folder, message) in [(empty + "/missing", "--tiles: \(empty)/missing is not a folder"),
                                  (empty, "--tiles: \(empty) holds no zoom folders (expected DIR/z/x/y.png, z from 0 to 30)")] {
            let r = try pathtext(["serve", "--port", "\(20_000 + Int.random(in: 0..<20_000))", "--tiles", folder])
            #expect(r.status == 1)
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        let usage = try pathtext(["serve", "--help"])
        #expect(usage.stdout.contains("[--tiles DIR]") || usage.stderr.contains("[--tiles DIR]"))
    }
}
