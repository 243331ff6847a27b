import Testing
import Foundation
import PathText

/// The README's library example, verbatim apart from the output path.
@Suite struct ReadmeExampleTests {
    @Test func theLibraryExampleRunsAndDraws() throws {
        let fonts = try DefaultFonts.stack()                       // the embedded Noto stack
        let text = AttributedText("Hello שלום world", attributes: TextAttributes(fonts: fonts, size: 32))
        let path = try BezPath(svgPathData: "M 20 200 Q 200 20 380 200")
        var options = LabelOptions()
        options.align = .center
        let labels = try LabelLayout.layout(text, along: path, options: options)
        #expect(labels[0].glyphs.count == 16)
        #expect(labels[0].glyphs.contains { $0.font.name == "NotoSansHebrew-Regular.ttf" })
        var canvas = try RasterCanvas(width: 400, height: 240, background: .white)
        canvas.draw(labels[0])
        let out = NSTemporaryDirectory() + "readme-\(UUID().uuidString).png"
        try canvas.writePNG(to: out)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let back = try RasterCanvas(pngFile: out)
        var ink = 0
        for y in 0..<240 { for x in 0..<400 where back.pixel(x: x, y: y) != .white { ink += 1 } }
        #expect(ink > 1000)
    }
}
