import Support

/// Web Mercator (EPSG:3857) in the pixels of XYZ map tiles: at zoom `z` the world is a square of
/// `tileSize · 2^z` pixels, x growing east from longitude −180°, y growing south from latitude
/// +85.0511…° (the latitude where the square closes).
///
///     x = (λ + 180) / 360 · W
///     y = (1/2 − ln((1 + sin φ) / (1 − sin φ)) / 4π) · W,      W = tileSize · 2^z
///
/// Tile `z/x/y` covers the world pixels `[x·tileSize, (x+1)·tileSize) × [y·tileSize, (y+1)·tileSize)`.
/// Latitudes beyond ±``maximumLatitude`` are clamped to it (the projection has no pixel for the poles).
public enum WebMercator {
    /// The latitude, degrees, at which the Mercator square closes: `atan(sinh(π))`.
    public static let maximumLatitude = 85.0511287798066
    /// The deepest zoom these coordinates are used at: its world (256 · 2²⁰ px at 256 px tiles, or twice
    /// that at 512) stays far within the placer's coordinate range.
    public static let maximumZoom = 20

    /// The side of the world square at `zoom`, pixels.
    public static func worldSize(zoom: Int, tileSize: Double = 256) -> Double {
        tileSize * Double(1 << max(0, min(zoom, maximumZoom)))
    }

    /// The world pixel of `longitude`, `latitude` (degrees, WGS 84) at `zoom`.
    public static func pixel(longitude: Double, latitude: Double, zoom: Int, tileSize: Double = 256) -> Point {
        let w = worldSize(zoom: zoom, tileSize: tileSize)
        let phi = max(-maximumLatitude, min(maximumLatitude, latitude)) * Double.pi / 180
        let s = sin(phi)
        return Point((longitude + 180) / 360 * w, (0.5 - log((1 + s) / (1 - s)) / (4 * Double.pi)) * w)
    }

    /// The longitude and latitude (degrees; as `x` and `y`) of the world pixel `p` at `zoom`.
    public static func lonLat(of p: Point, zoom: Int, tileSize: Double = 256) -> Point {
        let w = worldSize(zoom: zoom, tileSize: tileSize)
        let n = Double.pi * (1 - 2 * p.y / w)
        return Point(p.x / w * 360 - 180, (2 * atan(exp(n)) - Double.pi / 2) * 180 / Double.pi)
    }
}
