import CHarfBuzz
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Shaping
import Layout

/// The peer for layout rows: HarfBuzz alone, as a C program would call it. One blob, face and hb-ot font
/// at upem scale, one buffer reused for every call.
final class HarfBuzzPeer {
    let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer
    let buffer: OpaquePointer

    init(path: String) {
        blob = hb_blob_create_from_file(path)
        face = hb_face_create(blob, 0)
        font = hb_font_create(face)  // hb-ot font functions
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer); hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob)
    }

    /// Shapes `utf8` and returns the glyph count and the sum of advances (font units).
    @inline(__always)
    func shape(_ utf8: UnsafeBufferPointer<CChar>) -> (count: Int, advance: Int) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf8(buffer, utf8.baseAddress, Int32(utf8.count), 0, Int32(utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var n: UInt32 = 0
        let pos = hb_buffer_get_glyph_positions(buffer, &n)!
        var adv = 0
        for i in 0..<Int(n) { adv += Int(pos[i].x_advance) }
        return (Int(n), adv)
    }
}

enum LayoutBench {
    struct Script {
        var name: String
        var font: String
        var words: [String]
    }

    static let scripts = [
        Script(name: "latin", font: "NotoSans-Regular.ttf",
               words: ["the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "while", "typography",
                       "follows", "curved", "paths", "with", "care"]),
        Script(name: "arabic", font: "NotoSansArabic-Regular.ttf",
               words: ["النص", "يتبع", "المسار", "المنحني", "بدقة", "عالية", "في", "كل", "مكان", "والحروف", "متصلة"]),
        Script(name: "devanagari", font: "NotoSansDevanagari-Regular.ttf",
               words: ["पाठ", "वक्र", "पथ", "का", "अनुसरण", "करता", "है", "सुंदर", "अक्षर", "क्षेत्र", "स्वतंत्र"]),
    ]

    /// Words repeated (space separated) and cut to exactly `clusters` grapheme clusters.
    static func text(_ words: [String], clusters: Int) -> String {
        var s = ""
        var i = 0, count = 0
        while count < clusters {
            if !s.isEmpty { s += " "; count += 1 }
            s += words[i % words.count]
            count += words[i % words.count].count
            i += 1
        }
        return String(s.prefix(clusters))
    }

    /// A wave of cubic segments (200 px chords, about 240 px of arc each), longer than `length` by at least one segment.
    static func wave(length: Double) -> BezPath {
        var path = BezPath()
        var x = 0.0
        let y = 300.0
        path.move(to: Point(x, y))
        repeat {
            path.cubic(to: Point(x + 200, y), control1: Point(x + 66, y - 60), control2: Point(x + 133, y + 60))
            x += 200
        } while x < length + 200  // each 200 px chord has more than 200 px of arc
        return path
    }

    /// `PATHTEXT_LAYOUT_CALLS=<calls>[:full|measured|alloc|shape|place|cached|cached-alloc|hb]`: instead of
    /// timing, run one body of each selected row `calls` times after two warm-up calls (for callgrind: run
    /// with two counts and subtract). `alloc` and `cached-alloc` are `measured` and `cached` without the
    /// kept ``LabelBuffer``: the calls that return new arrays.
    static var callgrindDriver: (calls: Int, body: String)? {
        guard let v = getenv("PATHTEXT_LAYOUT_CALLS").map({ String(cString: $0) }) else { return nil }
        let parts = v.split(separator: ":").map(String.init)
        guard let calls = Int(parts[0]) else { return nil }
        return (calls, parts.count > 1 ? parts[1] : "full")
    }

    static func run(_ config: BenchConfig, fontsDir: String, filter: String? = nil) -> [Row] {
        var rows: [Row] = []
        let sizes = [20, 200, 2000]
        let peerName = "HarfBuzz alone: hb_buffer_clear_contents + add_utf8 + guess_segment_properties + hb_shape, reused buffer, hb-ot font at upem"
        for script in scripts {
            let path = fontsDir + "/" + script.font
            let font: Typeface
            do { font = try Typeface(path: path) } catch { fatalError("cannot load \(path): \(error)") }
            let peer = HarfBuzzPeer(path: path)
            for n in sizes {
                if let filter, !"layout/\(script.name)/\(n)".contains(filter) { continue }
                if let filter, callgrindDriver != nil, !"layout/\(script.name)/\(n)".hasSuffix(filter) { continue }
                let string = text(script.words, clusters: n)
                let attributed = AttributedText(string, attributes: TextAttributes(fonts: [font], size: 16))
                let line = Shaper.shape(attributed)
                let wavePath = wave(length: line.advance)
                let measure = try! PathMeasure(wavePath)
                precondition(measure.length >= line.advance, "path too short")
                let options = LabelOptions()
                let labels = try! LabelLayout.place(line, along: wavePath, options: options)
                precondition(labels.count == 1 && labels[0].glyphs.count == line.glyphs.count && !labels[0].overflow,
                             "layout/\(script.name)/\(n): not every glyph placed")
                var utf8 = Array(string.utf8CString)
                utf8.removeLast()  // the NUL
                let (peerCount, peerAdvance) = utf8.withUnsafeBufferPointer { peer.shape($0) }
                let ourAdvance = line.glyphs.reduce(0.0) { $0 + $1.advance } * Double(font.unitsPerEm) / 16
                precondition(peerCount == line.glyphs.count && abs(Double(peerAdvance) - ourAdvance) < 1e-6 * abs(ourAdvance) + 1,
                             "layout/\(script.name)/\(n): HarfBuzz alone gives \(peerCount) glyphs, we give \(line.glyphs.count)")
                progress("layout/\(script.name)/\(n): \(line.glyphs.count) glyphs, path \(measure.segmentCount) cubics, \(Int(measure.length)) px")

                // The cached row: a cache of its own (the shared one serves other groups), warmed with this text.
                let cache = ShapeCache()
                precondition(cache.shape(attributed) == line && cache.shape(attributed) == line && cache.statistics.hits == 1,
                             "layout/\(script.name)/\(n): the cache does not give the shaped line back")
                // The caller's kept storage for `/measured`, behind a pointer: a captured variable would be
                // checked for exclusive access at every call.
                let buffer = UnsafeMutablePointer<LabelBuffer>.allocate(capacity: 1)
                buffer.initialize(to: LabelBuffer())
                defer { buffer.deinitialize(count: 1); buffer.deallocate() }
                if let driver = callgrindDriver {
                    // For callgrind: two warm-up calls, then `calls` calls of one body, no timing (the
                    // difference between two runs with different counts is the cost per call).
                    utf8.withUnsafeBufferPointer { buf in
                        let body: () -> Void = switch driver.body {
                        case "shape": { blackHole(Shaper.shape(attributed)) }
                        case "hb": { blackHole(peer.shape(buf)) }
                        case "measured": {
                            try! LabelLayout.layout(attributed, along: measure, options: options, into: &buffer.pointee)
                            blackHole(buffer.pointee.labels.count)
                        }
                        case "alloc": {
                            let l = Shaper.shape(attributed)
                            blackHole(try! LabelLayout.place(l, along: measure, options: options))
                        }
                        case "place": { blackHole(try! LabelLayout.place(line, along: measure, options: options)) }
                        case "cached": {
                            try! LabelLayout.place(cache.shape(attributed), along: measure, options: options, into: &buffer.pointee)
                            blackHole(buffer.pointee.labels.count)
                        }
                        case "cached-alloc": {
                            let l = cache.shape(attributed)
                            blackHole(try! LabelLayout.place(l, along: measure, options: options))
                        }
                        default: {
                            let l = Shaper.shape(attributed)
                            blackHole(try! LabelLayout.place(l, along: wavePath, options: options))
                        }
                        }
                        body(); body()
                        for _ in 0..<driver.calls { body() }
                    }
                    continue
                }
                let times = utf8.withUnsafeBufferPointer { buf in
                    timeInterleaved(config, [
                        {   // ours: shape + place (place measures the path)
                            let l = Shaper.shape(attributed)
                            blackHole(try! LabelLayout.place(l, along: wavePath, options: options))
                        },
                        {   // ours on a measured path: shaped and placed into the kept buffer, on the prebuilt measure
                            try! LabelLayout.layout(attributed, along: measure, options: options, into: &buffer.pointee)
                            blackHole(buffer.pointee.labels.count)
                        },
                        { blackHole(Shaper.shape(attributed)) },        // shaping alone
                        { blackHole(peer.shape(buf)) },                 // HarfBuzz alone
                        {   // ours, shaped before: a cache hit placed into the kept buffer, on the prebuilt measure
                            try! LabelLayout.place(cache.shape(attributed), along: measure, options: options, into: &buffer.pointee)
                            blackHole(buffer.pointee.labels.count)
                        },
                        { blackHole(cache.shape(attributed)) },         // the cache hit alone
                    ])
                }
                let (full, premeasured, shaping, hb) = (times[0], times[1], times[2], times[3])
                let (cached, lookup) = (times[4], times[5])
                let base = "layout/\(script.name)/\(n)"
                rows.append(makeRow(base, ours: full, peer: hb, peerName: peerName,
                                    note: "Shaper.shape + LabelLayout.place on a \(measure.segmentCount)-cubic wave, \(line.glyphs.count) glyphs"))
                rows.append(makeRow(base + "/shape", ours: shaping, peer: hb, peerName: peerName, note: "Shaper.shape alone"))
                rows.append(makeRow(base + "/measured", ours: premeasured, peer: hb, peerName: peerName,
                                    note: "LabelLayout.layout(along: PathMeasure, into: LabelBuffer) on a path measured once, the buffer kept between labels as the peer keeps its hb_buffer_t"))
                rows.append(makeRow(base + "/cached", ours: cached, peer: hb, peerName: peerName,
                                    note: String(format: "ShapeCache hit (%.0f ns of it) + LabelLayout.place(along: PathMeasure, into: LabelBuffer): a label shaped before; goal ≤ 0.5",
                                                 median(lookup))))
            }
        }
        return rows
    }
}
