import Testing
import Geometry

/// Web Mercator pixels against known tile corners.
@Suite struct WebMercatorTests {
    @Test func theWorldsCornersAndCentreAreWhereTilesPutThem() {
        let c = WebMercator.pixel(longitude: 0, latitude: 0, zoom: 0)
        #expect(abs(c.x - 128) < 1e-9 && abs(c.y - 128) < 1e-9)
        let nw = WebMercator.pixel(longitude: -180, latitude: WebMercator.maximumLatitude, zoom: 1)
        #expect(abs(nw.x) < 1e-9 && abs(nw.y) < 1e-6)
        let se = WebMercator.pixel(longitude: 180, latitude: -90, zoom: 2, tileSize: 512)
        #expect(abs(se.x - 2048) < 1e-9 && abs(se.y - 2048) < 1e-6)
    }

    @Test func helsinkiIsInTheTileMapsShowIt() {
        // Helsinki's railway station (24.9414 E, 60.1710 N) is in tile 16/37308/18969 (OpenStreetMap's numbering).
        let p = WebMercator.pixel(longitude: 24.9414, latitude: 60.1710, zoom: 16)
        #expect(Int(p.x / 256) == 37308 && Int(p.y / 256) == 18969)
        let back = WebMercator.lonLat(of: p, zoom: 16)
        #expect(abs(back.x - 24.9414) < 1e-9 && abs(back.y - 60.1710) < 1e-9)
    }
}
