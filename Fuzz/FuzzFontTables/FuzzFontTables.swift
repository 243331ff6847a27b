// libFuzzer target: real fonts damaged inside their tables → Typeface → shape → lay out → rasterize.
//
// The corpus holds whole font files (fixtures/fuzz/FuzzFontTables: Noto Sans Hebrew as TTF, WOFF and
// WOFF2, and the same font with each kind of damage of issue 13). A custom mutator keeps the inputs
// fonts: it reads the table directory and changes bytes *inside* one table (overwrite, bit flips,
// interesting 16/32-bit values, runs of 0x00/0xFF, copies), or a directory entry, or truncates within
// a table, and fixes the table's checksum or not. Random bytes alone rarely get past a font's
// directory; these reach the table parsers of the validator, FreeType and HarfBuzz.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file defines LLVMFuzzerTestOneInput and
// LLVMFuzzerCustomMutator, and libFuzzer supplies `main`. Built plainly it replays files (or the seed
// corpus), and `FuzzFontTables --make-seeds DIR` writes the damaged seed fonts made by FontDamage.
import Foundation
import FuzzSupport
import Geometry
import Shaping
import Layout
import Render

/// A path and options shared by every input: a gentle arc 300 px long.
let arc: BezPath = (try? BezPath(svgPathData: "M10 60 C90 10 190 10 290 60")) ?? BezPath()

/// One input: load the font (errors are fine), then shape, lay out and rasterize a short string in it,
/// with the font alone (no fallback) so every glyph drawn comes from it. Traps and memory errors are bugs.
func fuzzFontTables(_ bytes: UnsafeRawBufferPointer) {
    guard let font = try? Typeface(bytes: Array(bytes), name: "fuzz") else { return }
    precondition(font.unitsPerEm >= 16 && font.glyphCount > 0)
    let metrics = font.metrics(size: 20)
    precondition(metrics.ascender.isFinite && metrics.descender.isFinite)
    for text in ["Hello שָׁלוֹם", "אבג 123"] {
        let line = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [font], size: 20, systemFallback: false)))
        for g in line.glyphs {
            precondition(g.advance.isFinite && g.xOffset.isFinite && g.yOffset.isFinite)
            // A damaged cmap or GSUB can give glyph ids past the font's glyphs: placing them must be an error.
            if g.glyph >= UInt32(font.glyphCount) {
                precondition((try? LabelLayout.place(line, along: arc)) == nil, "glyph \(g.glyph) of \(font.glyphCount) was placed")
            }
        }
        guard let labels = try? LabelLayout.place(line, along: arc) else { continue }
        // Every placed glyph's outline loaded (LabelLayout checks), so drawing finds it cached.
        if var canvas = try? RasterCanvas(width: 64, height: 40, background: .white) {
            for label in labels { canvas.draw(label) }
        }
    }
}

/// A small deterministic generator seeded by libFuzzer's seed.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
}

/// Mutates the font in `data[0..<size]` in place (never growing it past `maxSize`); returns the new size.
func mutateFont(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt32) -> Int {
    var rng = SplitMix(state: UInt64(seed) | UInt64(size) << 32)
    let buffer = UnsafeMutableRawBufferPointer(start: data, count: size)
    func put(_ at: Int, _ v: UInt64, bytes n: Int) {
        for k in 0..<n where at + k < size { data[at + k] = UInt8(truncatingIfNeeded: v >> UInt64(8 * (n - 1 - k))) }
    }
    guard size >= 12, let dir = try? SfntDirectory(UnsafeRawBufferPointer(buffer), name: "fuzz") else {
        // Not a readable sfnt (a WOFF, or already broken): a few random bytes, or a shorter file.
        guard size > 0 else { return 0 }
        if rng.below(8) == 0 { return max(1, rng.below(size)) }
        for _ in 0..<1 + rng.below(4) { data[rng.below(size)] = UInt8(truncatingIfNeeded: rng.next()) }
        return size
    }
    let inFile = dir.tables.filter { $0.length > 0 && $0.offset < size && $0.offset + $0.length <= size }
    guard !inFile.isEmpty else { data[rng.below(size)] ^= 0xFF; return size }
    let t = inFile[rng.below(inFile.count)]
    let interesting: [UInt64] = [0, 1, 2, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x1_0000, 0x7FFF_FFFF,
                                 0x8000_0000, 0xFFFF_FFFF, UInt64(t.length), UInt64(t.length + 1), UInt64(size)]
    var newSize = size
    for _ in 0..<1 + rng.below(3) {
        let at = t.offset + rng.below(t.length)
        switch rng.below(9) {
        case 0:  // overwrite a few bytes
            for k in 0..<1 + rng.below(8) where at + k < t.offset + t.length { data[at + k] = UInt8(truncatingIfNeeded: rng.next()) }
        case 1:  // flip one bit
            data[at] ^= UInt8(1) << UInt8(rng.below(8))
        case 2:  // an interesting 16-bit value at an even offset in the table
            put(t.offset + (at - t.offset) & ~1, interesting[rng.below(interesting.count)], bytes: 2)
        case 3:  // an interesting 32-bit value at a 4-aligned offset
            put(t.offset + (at - t.offset) & ~3, interesting[rng.below(interesting.count)], bytes: 4)
        case 4:  // a run of 0x00 or 0xFF
            let value: UInt8 = rng.below(2) == 0 ? 0 : 0xFF
            for k in 0..<1 + rng.below(64) where at + k < t.offset + t.length { data[at + k] = value }
        case 5:  // copy a run from elsewhere in the table
            let from = t.offset + rng.below(t.length), n = 1 + rng.below(32)
            for k in 0..<n where at + k < t.offset + t.length && from + k < t.offset + t.length { data[at + k] = data[from + k] }
        case 6:  // the directory entry: offset or length nudged or replaced
            let field = t.recordOffset + (rng.below(2) == 0 ? 8 : 12)
            let old = UInt64(field == t.recordOffset + 8 ? t.offset : t.length)
            let value = rng.below(2) == 0 ? old &+ UInt64(bitPattern: Int64(rng.below(33) - 16)) : interesting[rng.below(interesting.count)]
            put(field, value & 0xFFFF_FFFF, bytes: 4)
        case 7:  // truncate within this table
            newSize = min(newSize, max(12, at))
        default:  // a whole table zeroed or inverted (rare, as in glyf-flipped)
            let invert = rng.below(2) == 0
            for i in t.offset..<t.offset + t.length { data[i] = invert ? ~data[i] : 0 }
        }
    }
    if rng.below(2) == 0 && t.offset + t.length <= newSize {  // make the checksum right, or leave it wrong
        let sum = SfntDirectory.checksum(UnsafeRawBufferPointer(start: data, count: newSize), offset: t.offset, length: t.length)
        put(t.recordOffset + 4, UInt64(sum), bytes: 4)
    }
    return min(newSize, maxSize)
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzFontTables) }

@_cdecl("LLVMFuzzerCustomMutator")
public func LLVMFuzzerCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data else { return 0 }
    return mutateFont(data, size: size, maxSize: maxSize, seed: seed)
}
#else
@main enum FuzzFontTablesReplay {
    static func main() {
        let args = CommandLine.arguments
        if let i = args.firstIndex(of: "--make-seeds"), i + 1 < args.count {
            makeSeeds(into: args[i + 1])
            return
        }
        // Each replayed file also goes through a few rounds of the mutator, so it is exercised too.
        FuzzReplay.main(name: "FuzzFontTables", sourceFile: #filePath) { bytes in
            fuzzFontTables(bytes)
            var copy = Array(bytes)
            for seed in UInt32(0)..<8 where !copy.isEmpty {
                let n = copy.withUnsafeMutableBufferPointer { mutateFont($0.baseAddress!, size: $0.count, maxSize: $0.count, seed: seed) }
                copy.removeLast(copy.count - n)
                copy.withUnsafeBytes { fuzzFontTables($0) }
            }
        }
    }

    /// Writes Noto Sans Hebrew with each ``FontDamage`` applied to `dir`/NAME.ttf.
    static func makeSeeds(into dir: String) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
        guard let font = FileManager.default.contents(atPath: root + "/Fonts/NotoSansHebrew-Regular.ttf").map({ [UInt8]($0) }),
              let typeface = try? Typeface(bytes: font) else { fatalError("cannot read Fonts/NotoSansHebrew-Regular.ttf") }
        // The glyph for א, whose outline the glyph-unloadable seed breaks.
        let alef = Shaper.shape(AttributedText("א", attributes: TextAttributes(fonts: [typeface], size: 10))).glyphs.first?.glyph ?? 1
        for damage in FontDamage.allCases {
            let bytes = damage.apply(to: font, glyph: Int(alef))
            _ = FileManager.default.createFile(atPath: dir + "/" + damage.rawValue + ".ttf", contents: Data(bytes))
        }
        print("wrote \(FontDamage.allCases.count) damaged fonts to \(dir)")
    }
}
#endif
