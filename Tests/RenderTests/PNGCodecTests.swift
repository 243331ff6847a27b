#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
import TestSupport
import Shaping
@testable import Render

@Suite struct PNGCodecTests {
    /// A fresh empty folder under /tmp.
    func tempFolder() -> String {
        var template = Array("/tmp/pathtext-render-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: p!)
    }

    func entries(_ folder: String) -> [String] {
        guard let d = opendir(folder) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    func sampleCanvas() throws -> RasterCanvas {
        var c = try RasterCanvas(width: 64, height: 40, background: RGBAColor(r: 250, g: 240, b: 220))
        c.fill(BezPath.circle(center: Point(20, 20), radius: 15), color: RGBAColor(r: 200, g: 30, b: 30, a: 160))
        c.stroke(TestSupport.rect(30, 5, 28, 28), style: StrokeOptions(width: 3, join: .round), color: RGBAColor(r: 0, g: 80, b: 160))
        c.fill(TestSupport.rect(40, 12, 10, 10), color: .black, mode: .destinationOut)
        return c
    }

    @Test func roundTripKeepsPixels() throws {
        let c = try sampleCanvas()
        let data = try c.pngData()
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let back = try RasterCanvas(pngData: data)
        #expect(back.width == 64 && back.height == 40)
        var worst = 0, opaque = 0
        for y in 0..<40 {
            for x in 0..<64 {
                let a = c.premultipliedPixel(x: x, y: y), b = back.premultipliedPixel(x: x, y: y)
                if a.a == 255 {
                    opaque += 1
                    #expect(a == b, "opaque pixel (\(x), \(y)) changed")
                } else {
                    #expect(a.a == b.a)
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
        }
        #expect(opaque > 1000)
        #expect(worst <= 1)  // premultiplied → straight → premultiplied is within one step
        // Straight alpha in the file: a knocked-out pixel is fully transparent, others keep their colour.
        #expect(back.pixel(x: 45, y: 17) == .transparent)
        #expect(back.pixel(x: 62, y: 38) == RGBAColor(r: 250, g: 240, b: 220))
    }

    @Test func writeIsAtomicAndReadable() throws {
        let folder = tempFolder()
        let path = folder + "/out.png"
        let c = try sampleCanvas()
        try c.writePNG(to: path)
        try c.writePNG(to: path)  // replaces
        #expect(entries(folder) == ["out.png"])
        let back = try RasterCanvas(pngFile: path)
        #expect(back.pixel(x: 62, y: 38) == RGBAColor(r: 250, g: 240, b: 220))
        unlink(path); rmdir(folder)
    }

    @Test func failedWritesLeaveNoFile() throws {
        let c = try sampleCanvas()
        let folder = tempFolder()
        // A missing folder.
        #expect(throws: RenderError.self) { try c.writePNG(to: folder + "/missing/out.png") }
        // The destination is a folder: rename fails after the temporary file was written.
        mkdir(folder + "/taken.png", 0o755)
        do {
            try c.writePNG(to: folder + "/taken.png")
            Issue.record("writing over a folder should fail")
        } catch {
            guard case .cannotWrite(let p, let reason) = error else { Issue.record("\(error)"); return }
            #expect(p == folder + "/taken.png" && !reason.isEmpty)
        }
        #expect(entries(folder) == ["taken.png"])
        // An unwritable folder (only meaningful when not running as root).
        if geteuid() != 0 {
            let locked = folder + "/locked"
            mkdir(locked, 0o500)
            #expect(throws: RenderError.self) { try c.writePNG(to: locked + "/out.png") }
            #expect(entries(locked).isEmpty)
            rmdir(locked)
        }
        rmdir(folder + "/taken.png"); rmdir(folder)
    }

    @Test func badDataIsAnErrorNotACrash() throws {
        #expect(throws: RenderError.self) { try RasterCanvas(pngData: []) }
        #expect(throws: RenderError.self) { try RasterCanvas(pngData: Array("not a png at all".utf8)) }
        var data = try sampleCanvas().pngData()
        data.removeLast(data.count / 2)  // truncated
        #expect(throws: RenderError.self) { try RasterCanvas(pngData: data) }
        #expect(throws: RenderError.cannotRead(path: "/nonexistent/x.png", reason: String(cString: strerror(ENOENT)))) {
            try RasterCanvas(pngFile: "/nonexistent/x.png")
        }
    }

    @Test func decodingRespectsThePixelLimit() throws {
        let data = try sampleCanvas().pngData()
        #expect(throws: RenderError.canvasTooLarge(width: 64, height: 40, limit: 1000)) {
            try RasterCanvas(pngData: data, pixelLimit: 1000)
        }
    }
}
