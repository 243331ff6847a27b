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

/// The mean and the 99th percentile of the largest channel difference over pixels either image inks, in
/// columns `columns`.
func channelDifference(_ a: RasterCanvas, _ b: RasterCanvas, columns: [Range<Int>]) -> (mean: Double, p99: Int, count: Int) {
    var d: [Int] = []
    for y in 0..<a.height { for r in columns { for x in r {
        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
        if min(p.r, p.g, p.b) == 255 && min(q.r, q.g, q.b) == 255 { continue }
        d.append(max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))))
    } } }
    d.sort()
    return (Double(d.reduce(0, +)) / Double(max(d.count, 1)), d.isEmpty ? 0 : d[d.count * 99 / 100], d.count)
}
