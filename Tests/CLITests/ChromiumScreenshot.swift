import Testing
import Foundation
import PathText
import TestSupport

/// Headless Chromium's executable. Required: the suites that call it run only with `PATHTEXT_BROWSER=1`
/// (``browserComparisonEnabled``), where `scripts/install-deps --test` has installed it, so a missing one fails.
func chromiumExecutable() throws -> String {
    try #require(["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) })
}

/// Chromium's screenshot of the page file `page` in a window of `width` × `height` CSS pixels at device
/// scale factor `scale` (a picture `scale` times that size), written beside the page in `dir` and read back.
func chromiumScreenshot(_ page: String, width: Int, height: Int, scale: Int = 1, in dir: String) throws -> RasterCanvas {
    let shot = dir + "/" + (page as NSString).lastPathComponent + ".png"
    _ = try runProgram(try chromiumExecutable(), ["--headless", "--disable-gpu", "--no-sandbox", "--allow-file-access-from-files",
                                                  "--force-device-scale-factor=\(scale)", "--hide-scrollbars", "--no-first-run",
                                                  "--user-data-dir=" + dir + "/profile", "--screenshot=" + shot,
                                                  "--window-size=\(width),\(height)", "--virtual-time-budget=3000", "file://" + page])
    return try RasterCanvas(pngFile: shot)
}

/// An opaque picture, rows top to bottom: what the Chromium comparisons compare.
struct Picture {
    var width: Int, height: Int, pixels: [RGBAColor]
    func pixel(x: Int, y: Int) -> RGBAColor { pixels[y * width + x] }
}

extension Picture {
    /// `big` (straight alpha) composited on white and averaged down by `k` × `k` blocks: a render or a
    /// screenshot at device scale `k` at the page's size (Fontconfig's hinting cannot move glyphs by
    /// whole pixels there; notes/testing-tools.md).
    init(onWhite big: RasterCanvas, averagedDownBy k: Int) {
        width = big.width / k; height = big.height / k; pixels = []
        pixels.reserveCapacity(width * height)
        let n = k * k
        for y in 0..<height { for x in 0..<width {
            var r = 0, g = 0, b = 0
            for dy in 0..<k { for dx in 0..<k {
                let p = big.pixel(x: k * x + dx, y: k * y + dy), a = Int(p.a)
                r += (Int(p.r) * a + 255 * (255 - a)) / 255; g += (Int(p.g) * a + 255 * (255 - a)) / 255; b += (Int(p.b) * a + 255 * (255 - a)) / 255
            } }
            pixels.append(RGBAColor(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n), a: 255))
        } }
    }
}

/// The largest of the three colour channels' differences between two pixels (0…255).
func largestChannelDifference(_ p: RGBAColor, _ q: RGBAColor) -> Int {
    max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
}

/// The mean and the 99th percentile of the largest channel difference over pixels either image inks, in
/// columns `columns`.
func channelDifference(_ a: RasterCanvas, _ b: RasterCanvas, columns: [Range<Int>]) -> (mean: Double, p99: Int, count: Int) {
    var d: [Int] = []
    for y in 0..<a.height { for r in columns { for x in r {
        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
        if min(p.r, p.g, p.b) == 255 && min(q.r, q.g, q.b) == 255 { continue }
        d.append(largestChannelDifference(p, q))
    } } }
    d.sort()
    return (Double(d.reduce(0, +)) / Double(max(d.count, 1)), d.isEmpty ? 0 : d[d.count * 99 / 100], d.count)
}
