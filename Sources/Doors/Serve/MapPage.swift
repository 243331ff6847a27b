/// The page at `/map`: the tiles of ``TileStore`` in Leaflet (served from `/leaflet/`, see ``LeafletAssets``).
///
/// The view starts on the lowest zoom's tiles; `/map?z=Z&x=X&y=Y` starts it centred on the north-west
/// corner of tile `Z/X/Y` at zoom `Z` instead (a link to a place, and how the browser test finds a
/// metatile edge). The page keeps the map in `window.map` and the tile layer in `window.tiles`.
enum MapPage {
    /// The page for `store`.
    static func html(_ store: TileStore) -> [UInt8] {
        let b = store.bounds
        let config = "{\"minZoom\":\(store.zooms.lowerBound),\"maxZoom\":\(store.zooms.upperBound),\"tileSize\":\(store.tileSize),"
            + "\"bounds\":{\"z\":\(b.z),\"minX\":\(b.minX),\"maxX\":\(b.maxX),\"minY\":\(b.minY),\"maxY\":\(b.maxY)}}"
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>PathText tiles</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/leaflet/leaflet.css">
            <style>html, body, #map { margin: 0; height: 100%; background: #efece6; }</style>
            <script src="/leaflet/leaflet.js"></script>
            </head><body><div id="map"></div>
            <script>
            const config = \(config);
            // The north-west corner of tile (z, x, y) (Web Mercator, 2^z tiles a side).
            function corner(z, x, y) {
              const n = Math.pow(2, z);
              return L.latLng(Math.atan(Math.sinh(Math.PI * (1 - 2 * y / n))) * 180 / Math.PI, x / n * 360 - 180);
            }
            const b = config.bounds;
            const extent = L.latLngBounds(corner(b.z, b.minX, b.maxY + 1), corner(b.z, b.maxX + 1, b.minY));
            window.map = L.map("map", { minZoom: config.minZoom, maxZoom: config.maxZoom, fadeAnimation: false });
            window.tiles = L.tileLayer("/tiles/{z}/{x}/{y}.png", {
              tileSize: config.tileSize, minZoom: config.minZoom, maxZoom: config.maxZoom, bounds: extent,
              attribution: "Labels by PathText"
            }).addTo(map);
            const q = new URLSearchParams(location.search);
            if (q.has("z") && q.has("x") && q.has("y")) {
              const z = Number(q.get("z"));
              map.setView(corner(z, Number(q.get("x")), Number(q.get("y"))), z);
            } else {
              map.fitBounds(extent);
            }
            </script></body></html>
            """
        return Array(page.utf8)
    }
}
