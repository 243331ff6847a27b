#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Render
import TestSupport

/// Paths, fonts and image metrics shared by the Render tests.
enum TestSupport {
    /// The package root (three levels above this file).
    static let packageRoot = PackagePaths.root

    /// The path of a font in `Fonts/`.
    static func font(_ name: String) -> String { packageRoot + "/Fonts/" + name }

    /// A closed polygon through `points`.
    static func polygon(_ points: [Point]) -> BezPath {
        var p = BezPath()
        p.move(to: points[0])
        for q in points.dropFirst() { p.line(to: q) }
        p.close()
        return p
    }

    /// A rectangle; `clockwise` on a y-down canvas when true.
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool = true) -> BezPath {
        let pts = [Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)]
        return polygon(clockwise ? pts : pts.reversed())
    }

    /// Mean and maximum absolute difference of two masks over the union of their bounds, in 1/255 units.
    static func difference(_ a: CoverageMask, _ b: CoverageMask) -> (mean: Double, max: Int, pixels: Int) {
        let x0 = min(a.bounds.x, b.bounds.x), y0 = min(a.bounds.y, b.bounds.y)
        let x1 = max(a.bounds.maxX, b.bounds.maxX), y1 = max(a.bounds.maxY, b.bounds.maxY)
        guard x1 > x0, y1 > y0 else { return (0, 0, 0) }
        var total = 0, worst = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let d = abs(Int(a[x, y]) - Int(b[x, y]))
                total += d; worst = max(worst, d)
            }
        }
        let n = (x1 - x0) * (y1 - y0)
        return (Double(total) / Double(n), worst, n)
    }
}
