import Foundation
import Testing
@testable import Playground

/// Leaflet from Debian's libjs-leaflet (scripts/install-deps --test installs it), served locally.
@Suite struct LeafletAssetsTests {
    @Test func servesTheSystemCopy() throws {
        let assets = try LeafletAssets()
        let js = assets.reply("leaflet.js")
        #expect(js.status == 200 && js.contentType.hasPrefix("text/javascript"))
        #expect(String(decoding: js.body.prefix(200), as: UTF8.self).contains("Leaflet"))
        #expect(js.body == Array(try Data(contentsOf: URL(fileURLWithPath: LeafletAssets.defaultFolder + "/leaflet.js"))))
        #expect(assets.reply("leaflet.css").contentType.hasPrefix("text/css"))
        #expect(assets.reply("images/layers.png").contentType == "image/png")
        for name in ["../leaflet/leaflet.js", "leaflet.min.js.map", "/etc/passwd", "images/../leaflet.js"] {
            #expect(assets.reply(name).status == 404, "\(name)")
        }
    }

    @Test func missingLeafletIsAClearError() {
        let folder = NSTemporaryDirectory() + "no-leaflet-\(UUID().uuidString)"
        #expect(throws: PlaygroundError.leafletMissing(folder: folder)) { try LeafletAssets(folder: folder) }
        let message = PlaygroundError.leafletMissing(folder: folder).description
        #expect(message.contains("libjs-leaflet") && message.contains(folder + "/leaflet.js"))
        // A server with tiles does not start without it.
        #expect(throws: PlaygroundError.leafletMissing(folder: folder)) {
            try PlaygroundService(settings: .init(), tiles: try TileStore(folder: try TileStoreTests.folder().root), leafletFolder: folder)
        }
    }
}
