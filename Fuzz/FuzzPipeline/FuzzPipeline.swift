// libFuzzer target: bytes → text, attributes, a path and options → LabelLayout.layout (and the bend warp)
// → rasterized on a small canvas.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus when given none, through the same function.
import Foundation
import FuzzSupport
import Geometry
import Shaping
import Layout
import Render

/// The embedded fonts, loaded once: Latin, Arabic, Hebrew, Devanagari, Thai.
let stack: [Typeface] = {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fonts").standardized.path
    do { return try DefaultFonts.stack(folder: dir) } catch { fatalError("cannot load the embedded fonts: \(error)") }
}()

/// Reads choices from the fuzzer's bytes; past the end every read gives zero.
struct Input {
    let bytes: UnsafeRawBufferPointer
    var i = 0
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    var isAtEnd: Bool { i >= bytes.count }
    mutating func byte() -> UInt8 {
        guard i < bytes.count else { return 0 }
        defer { i += 1 }
        return bytes[i]
    }
    mutating func int(_ n: Int) -> Int { n <= 1 ? 0 : Int(byte()) % n }
    mutating func bool() -> Bool { byte() & 1 == 1 }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
    mutating func u16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }
    /// A value from `table`, or (for the last choice) one made from two bytes scaled by `scale`.
    mutating func number(_ table: [Double], scale: Double = 1) -> Double {
        let k = int(table.count + 1)
        if k < table.count { return table[k] }
        return Double(Int16(bitPattern: u16())) * scale
    }
}

let tokens: [String] = [
    // Latin, ligatures, spaces, punctuation, digits, brackets, controls.
    "Hello", "fi", "ffl", "A", " ", "  ", "World", "…", "123", "(", ")", "[", "]", "\t", "\n", "\u{0}", "-",
    // Combining marks, joiners, variation selectors.
    "\u{301}", "\u{308}", "\u{327}", "\u{64B}", "\u{651}", "\u{93C}", "\u{94D}", "\u{200D}", "\u{200C}",
    "\u{34F}", "\u{FE0F}", "\u{FE00}", "\u{E0100}", "\u{AD}", "\u{2060}", "\u{FEFF}",
    // Bidi controls: embeddings, overrides, isolates, marks.
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{200E}", "\u{200F}", "\u{61C}",
    // Unassigned, private use, noncharacters, CJK the fonts lack, emoji.
    "\u{378}", "\u{2FFFF}", "\u{E000}", "\u{FFFF}", "\u{10FFFF}", "\u{FFFD}", "漢字", "👨‍👩‍👧", "🇫🇷",
    // Arabic (with vowels, lam-alef, digits), Hebrew, Devanagari, Thai.
    "سلام", "لا", "مُحَمَّد", "١٢٣", "ـ", "ﷺ", "שָׁלוֹם", "א", "נמס", "नमस्ते", "क्ष", "र्", "ि", "क़", "สวัสดี", "ำ", "กิ่",
]

let featureTable: [String] = [
    "kern=0", "liga=0", "smcp", "+smcp", "-liga", "ss01", "smcp[2:5]", "aalt=3", "kern[5:2]", "liga[999999:]",
    "xx[", "", "=", "c2sc[:3]=1", "dlig", "init[0:1]=0", "  calt  ", "\u{0}kern", "salt=4294967295",
]

let sizes: [Double] = [1e-6, 0.01, 0.5, 1, 8, 16, 32, 72, 500, 10_000]
let spacings: [Double] = [0, 1, -1, -5, -50, 10, 200, 1e4, -1e4, 1e-3]
let coordinates: [Double] = [0, 1, -1, 10, 100, 250, 1000, 1e-9, 1e6, -1e6, 1e12, 1e154, -1e300, .leastNonzeroMagnitude]

func makeText(_ inp: inout Input) -> AttributedText {
    var text = AttributedText(pieces: [])
    let runCount = 1 + inp.int(3)
    for _ in 0..<runCount {
        var s = ""
        for _ in 0..<inp.int(12) {
            if inp.int(8) == 0 {
                // A raw scalar anywhere in Unicode (unassigned ones included).
                let v = UInt32(inp.byte()) << 12 | UInt32(inp.byte()) << 4 | UInt32(inp.byte() & 0xF)
                if let u = Unicode.Scalar(v % 0x110000) { s.unicodeScalars.append(u) }
            } else {
                s += inp.pick(tokens)
            }
        }
        let fonts: [Typeface] = switch inp.int(6) {
        case 0: []
        case 1: [stack[inp.int(stack.count)]]
        case 2: stack.reversed()
        case 3: [stack[1], stack[0]]
        default: stack
        }
        var a = TextAttributes(fonts: fonts, size: inp.number(sizes, scale: 0.25).magnitude.clamped(1e-6, 10_000))
        for _ in 0..<inp.int(3) {
            if inp.int(6) == 0 {
                let n = inp.int(12)
                if let f = try? FeatureSetting(parsing: String(decoding: (0..<n).map { _ in inp.byte() }, as: UTF8.self)) { a.features.append(f) }
            } else {
                if let f = try? FeatureSetting(parsing: inp.pick(featureTable)) { a.features.append(f) }
            }
        }
        a.language = inp.pick([nil, "ar", "hi", "he", "th", "en", "sr-Latn", "x-garbage-!", "", "zz-ZZZZ-99"])
        a.letterSpacing = inp.number(spacings, scale: 0.1)
        a.baselineShift = inp.pick([0, 3, -3, 40, -40])
        text.append(s, attributes: a)
    }
    return text
}

func point(_ inp: inout Input, previous: Point) -> Point {
    if inp.int(5) == 0 { return previous }   // repeated points
    return Point(inp.number(coordinates), inp.number(coordinates))
}

let pathDataTable: [String] = [
    "M0 0", "M0 0 L0 0", "M0 0 L0 0 L0 0 Z", "M0 0 A0 0 0 0 1 100 0", "M0 0 A100 0 0 1 1 100 0",
    "M10 10 A1 1 0 0 0 10 10", "M1e15 1e15 L-1e15 -1e15", "M0 0 L1e308 0", "M0 0 Q0 0 0 0", "M0 0 C0 0 0 0 0 0",
    "M0 0 C100 0 0 0 100 0", "M0 0 C100 100 0 100 100 0", "M0 0 h1e-300", "M50 50 a50 50 0 1 1 0 1e-9 z",
    "M0 0 L100 0 L100 0 L100 100", "M0 0 L300 0 M0 50 L300 50", "M0 0 L100 0 L0 0 L100 0", "M0 0 Z M0 0 L10 0",
    "M0,0 c0,0 1e-12,1e-12 0,0", "M0 0 L100 100 Z", "M 0 0 L 1e-7 0",
]

func makePath(_ inp: inout Input) -> BezPath {
    switch inp.int(4) {
    case 0:
        return (try? BezPath(svgPathData: inp.pick(pathDataTable))) ?? BezPath()
    case 1:
        let c = Point(inp.number(coordinates), inp.number(coordinates))
        let r = inp.number([0, 1e-9, 1, 50, 200, 1e6, 1e200], scale: 0.5)
        let a0 = inp.number([0, .pi, -.pi / 2, 2 * .pi, 1e9], scale: 0.01)
        let a1 = inp.number([0, .pi, -.pi / 2, 2 * .pi, 4 * .pi], scale: 0.01)
        switch inp.int(5) {
        case 0: return BezPath.circle(center: c, radius: r, startAngle: .radians(a0), clockwise: inp.bool())
        case 1: return BezPath.ellipse(center: c, radii: Vector(r, inp.number([0, 1, 100])), rotation: .radians(a1),
                                    startAngle: .radians(a0), clockwise: inp.bool())
        case 2: return BezPath.ringSector(center: c, innerRadius: inp.number([0, 1, 50, 500]), outerRadius: r,
                                       startAngle: .radians(a0), endAngle: .radians(a1), clockwise: inp.bool())
        case 3: return BezPath.roundedRectangle(origin: c, width: r, height: inp.number([0, 1, 100, 1e6]),
                                             cornerRadius: inp.number([0, 5, 1e9, -1]))
        default: return BezPath.arc(center: c, radius: r, startAngle: .radians(a0), endAngle: .radians(a1), clockwise: inp.bool())
        }
    default:
        var p = BezPath()
        var cur = Point(inp.number(coordinates), inp.number(coordinates))
        p.move(to: cur)
        for _ in 0..<(1 + inp.int(10)) {
            switch inp.int(7) {
            case 0: cur = point(&inp, previous: cur); p.move(to: cur)
            case 1, 2: cur = point(&inp, previous: cur); p.line(to: cur)
            case 3: let c = point(&inp, previous: cur); cur = point(&inp, previous: cur); p.quad(to: cur, control: c)
            case 4:
                let c1 = point(&inp, previous: cur), c2 = point(&inp, previous: c1)
                cur = point(&inp, previous: cur)
                p.cubic(to: cur, control1: c1, control2: c2)
            case 5:
                // An SVG arc, radii possibly zero, or a centre-parameter arc.
                let to = point(&inp, previous: cur)
                if inp.bool() {
                    let radii = Vector(inp.number([0, 1, 100, 1e-9, 1e9]), inp.number([0, 1, 100, 1e-9]))
                    if let seg = Segment.svgArc(from: cur, to: to, radii: radii, xRotationDegrees: inp.number([0, 30, 90, 1e10]),
                                                largeArc: inp.bool(), sweep: inp.bool()) {
                        p.append(seg); cur = to
                    }
                } else {
                    // Sweeps up to ~50 turns: measuring costs time in proportion to the turns, and an arc
                    // of millions of turns (which no path data, scene or flag can give) takes minutes.
                    let arc = EllipticalArc(center: to, radii: Vector(inp.number([0, 1, 100, 1e6]), inp.number([0, 1, 100])),
                                            xRotation: inp.number([0, 1]), startAngle: inp.number([0, 1, -3]),
                                            sweepAngle: inp.number([0, 1e-12, .pi, -2 * .pi, 4 * .pi, 100], scale: 0.01))
                    p.arc(arc); cur = p.currentPoint
                }
            default: p.close(); cur = p.currentPoint
            }
        }
        return p
    }
}

func makeOptions(_ inp: inout Input) -> LabelOptions {
    var o = LabelOptions()
    o.align = inp.pick(TextAnchor.allCases)
    let off = inp.number([0, 10, -10, 50, 100, 1e6, -1e6, 0.5, 1e300], scale: 0.5)
    o.offset = inp.bool() ? .pixels(off) : .percent(off)
    o.side = inp.pick(PathSide.allCases)
    o.baseline = inp.pick(Baseline.allCases)
    o.dy = inp.number([0, 5, -5, 30, -30, 200, -200, 1e4, 1e-9, -1e12], scale: 0.1)
    o.shift = inp.pick(ShiftMode.allCases)
    o.letterSpacing = inp.number(spacings, scale: 0.1)
    o.upright = inp.pick(Upright.allCases)
    o.method = inp.pick(PlacementMethod.allCases)
    switch inp.int(4) {
    case 0: o.overflow = .visible
    case 1: o.overflow = .ellipsis
    case 2: o.overflow = .shrink(minimumSize: inp.number([0, 1, 6, 100, 1e-9, -5]))
    default: o.overflow = .error
    }
    let length: Double? = inp.bool() ? nil : inp.number([0, 1, 100, 500, -50, 1e-9, 1e9])
    switch inp.int(3) {
    case 0: o.fit = .none
    case 1: o.fit = .spacing(length: length)
    default: o.fit = .stretch(length: length)
    }
    o.warp = inp.pick(WarpMode.allCases)
    o.maxAngle = inp.bool() ? nil : inp.number([0, 10, 45, 180, -1, 1e9])
    o.repeat = inp.int(4) == 0 ? inp.number([0, 1, 10, 100, -1, 1e-3, 1e9], scale: 0.1) : nil
    return o
}

/// Set FUZZ_VERBOSE=1 to print each input's text, path and options (when replaying a crash).
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

/// One input. Layout errors are fine; traps, hangs and non-finite positions are bugs.
func fuzzPipeline(_ bytes: UnsafeRawBufferPointer) {
    var inp = Input(bytes)
    let text = makeText(&inp)
    let path = makePath(&inp)
    let options = makeOptions(&inp)
    let direction = inp.pick(ParagraphDirection.allCases)
    if verbose {
        print("text: \(text.string.unicodeScalars.map { String($0.value, radix: 16) })")
        for r in text.runs { print("  run \(r.range): size \(r.attributes.size), fonts \(r.attributes.fonts.map(\.name)), features \(r.attributes.features), lang \(r.attributes.language ?? "-"), spacing \(r.attributes.letterSpacing)") }
        print("path: \(path.segments.count) segments in \(path.subpaths.count) subpaths")
        for seg in path.segments { print("  \(seg)") }
        print("options: \(options), direction \(direction)")
        fflush(nil)
    }
    let labels: [PlacedLabel]
    do {
        labels = try LabelLayout.layout(text, along: path, options: options) { Shaper.shape($0, direction: direction) }
    } catch {
        _ = error.description
        return
    }
    // Draw everything on a small canvas: the rasterizer must clip whatever layout produced.
    if var canvas = try? RasterCanvas(width: 48, height: 32, background: .white) {
        for label in labels.prefix(4) { canvas.draw(label) }
        precondition(canvas.pixels.count == 48 * 32 * 4)
    }
    // Every label's numbers are checked; outlines (bent or ink boxes) of the first four labels only, as
    // drawn above: bending costs up to PlacedLabel.bendPointBudget per glyph, and repeat makes thousands.
    for (index, label) in labels.enumerated() {
        precondition(label.size.isFinite && label.advance.isFinite && label.start.isFinite, "\(label)")
        precondition(label.pathLength.isFinite, "\(label)")
        for g in label.glyphs {
            precondition(g.origin.isFinite, "glyph \(g.glyph) at \(g.origin) in \(label)")
            precondition(g.angle.radians.isFinite, "glyph \(g.glyph) angle \(g.angle) in \(label)")
            precondition(g.size.isFinite && g.advance.isFinite && g.scaleX.isFinite, "glyph \(g.glyph) in \(label)")
            precondition(g.pathDistance.isFinite && g.normalOffset.isFinite, "glyph \(g.glyph) in \(label)")
        }
        // Outlines: bent for the bend warp, rigid otherwise; a few glyphs per label keep inputs fast.
        for g in label.glyphs.prefix(index < 4 ? 6 : 0) {
            if label.warp == .bend {
                let outline = label.bentOutline(of: g)
                for sp in outline.subpaths {
                    precondition(sp.start.isFinite, "bent outline of glyph \(g.glyph) in \(label)")
                    for seg in sp.segments { precondition(seg.end.isFinite, "bent outline of glyph \(g.glyph) in \(label)") }
                }
            } else {
                for p in label.inkBox(of: g) { precondition(p.isFinite, "ink box of glyph \(g.glyph) in \(label)") }
            }
        }
    }
}

extension Double {
    func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzPipeline) }
#else
@main enum FuzzPipelineReplay { static func main() { FuzzReplay.main(name: "FuzzPipeline", sourceFile: #filePath, fuzzPipeline) } }
#endif
