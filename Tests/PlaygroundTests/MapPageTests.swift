import Foundation
import Testing
@testable import Playground

/// `/map`: Leaflet over the tiles, from this server only.
@Suite struct MapPageTests {
    @Test func pageLoadsLeafletLocallyAndKnowsTheTiles() throws {
        let reply = TileStoreTests.service.0.handle(HTTPRequest(method: "GET", path: "/map"))
        #expect(reply.status == 200 && reply.contentType.hasPrefix("text/html"))
        let page = String(decoding: reply.body, as: UTF8.self)
        #expect(page.contains(#"<script src="/leaflet/leaflet.js"></script>"#))
        #expect(page.contains(#"href="/leaflet/leaflet.css""#))
        #expect(page.contains(#""/tiles/{z}/{x}/{y}.png""#))
        #expect(page.contains(#"{"minZoom":15,"maxZoom":16,"tileSize":256,"bounds":{"z":15,"minX":5000,"maxX":5000,"minY":2500,"maxY":2501}}"#))
        // No request to another site.
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("//unpkg"))
        for asset in ["/leaflet/leaflet.js", "/leaflet/leaflet.css"] {
            #expect(TileStoreTests.service.0.handle(HTTPRequest(method: "GET", path: asset)).status == 200)
        }
    }
}
