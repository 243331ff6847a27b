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
