// libFuzzer target: arbitrary bytes as a font file.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus when given none, through the same function.
import Foundation
import FuzzSupport
import Geometry
import Shaping

/// One input: `Typeface(bytes:)`, and when it loads, metrics, the outlines of the first 50 glyphs and
/// shaping "Hello". Load errors are fine; traps and memory errors are bugs.
func fuzzFontBytes(_ bytes: UnsafeRawBufferPointer) {
    guard let font = try? Typeface(bytes: Array(bytes), name: "fuzz") else { return }
    precondition(font.unitsPerEm > 0 && font.glyphCount >= 0)
    _ = font.metrics(size: 16)
    _ = font.metrics(size: 0.5)
    _ = font.familyName.count + font.styleName.count
    for axis in font.axes { _ = axis.description }
    for g in 0..<UInt32(min(font.glyphCount, 50)) {
        let unscaled = font.outline(glyph: g)
        let scaled = font.outline(glyph: g, size: 24)
        precondition(unscaled.subpaths.count == scaled.subpaths.count)
        if let m = try? PathMeasure(scaled) { _ = m.sample(at: m.length / 2) }
    }
    // Glyph ids past the end are refused by FreeType, not read out of bounds.
    _ = font.outline(glyph: UInt32(font.glyphCount))
    _ = font.outline(glyph: .max)
    for s in ["A", "é", "\u{5D0}"] { _ = font.covers(Unicode.Scalar(s)!) }
    let line = Shaper.shape(AttributedText("Hello", attributes: TextAttributes(fonts: [font], size: 32, systemFallback: false)))
    for g in line.glyphs { precondition(g.advance.isFinite && g.xOffset.isFinite && g.yOffset.isFinite) }
    let rtl = Shaper.shape(AttributedText("שלום fi", attributes: TextAttributes(fonts: [font], size: 32, features: [FeatureSetting(tag: "liga"), FeatureSetting(tag: "kern", value: 0)], systemFallback: false)),
                           direction: .rtl)
    _ = rtl.glyphs.count
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzFontBytes) }
#else
@main enum FuzzFontBytesReplay { static func main() { FuzzReplay.main(name: "FuzzFontBytes", sourceFile: #filePath, fuzzFontBytes) } }
#endif
