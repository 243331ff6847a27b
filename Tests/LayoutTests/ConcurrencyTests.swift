import Support
import Foundation
import Testing
import Geometry
import TestSupport
@testable import Shaping
@testable import Layout

/// Layout from many threads at once with shared fonts gives exactly the single-threaded results.
///
/// A `Typeface` is documented as safe to share: HarfBuzz shapes with an immutable font and FreeType's face
/// sits behind a pthread mutex (`Locked`), which TSan sees. TSan does not see into the C libraries, so this test checks the results too;
/// run it under `make sanitize` for the Swift side.
@Suite struct ConcurrencyTests {
    /// One label's case: text, path and options.
    struct Case: Sendable {
        var text: String, size: Double, path: BezPath, options: LabelOptions
    }

    /// What a placed glyph looks like, with the font by name (the fonts differ between runs by identity).
    struct GlyphSnapshot: Hashable, Sendable {
        var glyph: UInt32, cluster: Int, font: String, size: Double, origin: Point, angle: Double
        var advance: Double, scaleX: Double, outline: BezPath
    }

    static let cases: [Case] = {
        let arch = try! BezPath(svgPathData: "M 20 300 C 150 40 450 40 580 300")
        let wave = try! BezPath(svgPathData: "M 0 200 Q 100 100 200 200 T 400 200 T 600 200")
        let circle = BezPath.circle(center: Point(300, 300), radius: 180, startAngle: -.pi / 2)
        var out: [Case] = []
        for (text, size) in [("Curved text, kerned: AVATAR ffi", 28.0), ("مُحَمَّد لا إله إلا الله", 34.0),
                             ("नमस्ते दुनिया क्षत्रिय", 30.0), ("Mixed العربية and हिन्दी", 24.0)] {
            for path in [arch, wave, circle] {
                var o = LabelOptions()
                out.append(Case(text: text, size: size, path: path, options: o))
                o.method = .chord; o.align = .center; o.dy = 6
                out.append(Case(text: text, size: size, path: path, options: o))
                o.method = .align; o.warp = .bend; o.side = .right; o.shift = .normal; o.baseline = .middle
                out.append(Case(text: text, size: size, path: path, options: o))
            }
        }
        return out
    }()

    /// Lays out every case with `fonts` and snapshots the glyphs with their outlines (bent or rigid).
    static func run(_ cases: [Case], fonts: [Typeface], order: [Int]) -> [Int: [GlyphSnapshot]] {
        var out: [Int: [GlyphSnapshot]] = [:]
        for i in order {
            let c = cases[i]
            let text = AttributedText(c.text, attributes: TextAttributes(fonts: fonts, size: c.size))
            let labels = (try? LabelLayout.layout(text, along: c.path, options: c.options)) ?? []
            out[i] = labels.flatMap { label in
                label.glyphs.map { g in
                    let outline = label.warp == .bend ? label.bentOutline(of: g) : label.font(of: g).outline(glyph: g.glyph, size: g.size)
                    return GlyphSnapshot(glyph: g.glyph, cluster: g.cluster, font: label.font(of: g).name, size: g.size, origin: g.origin,
                                         angle: g.angle.radians, advance: g.advance, scaleX: g.scaleX, outline: outline)
                }
            }
        }
        return out
    }

    @Test func eightThreadsWithSharedFontsMatchOneThread() throws {
        let cases = Self.cases
        let reference = Self.run(cases, fonts: try DefaultFonts.stack(folder: fontsDir), order: Array(cases.indices))
        #expect(reference.values.allSatisfy { !$0.isEmpty })

        // Fresh fonts shared by all threads, so their outline caches fill while the threads race.
        let shared = try DefaultFonts.stack(folder: fontsDir)
        let threads = 8, rounds = 3
        let results = Locked<[[Int: [GlyphSnapshot]]]>([])
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for t in 0..<threads {
            done.enter()
            let thread = Thread {
                go.wait()
                for r in 0..<rounds {
                    // Each thread walks the cases in its own order, so different threads load the same glyphs at once.
                    let shift = (t * 5 + r * 3) % cases.count
                    var order = Array(cases.indices[shift...]) + Array(cases.indices[..<shift])
                    if t % 2 == 1 { order.reverse() }
                    let got = Self.run(cases, fonts: shared, order: order)
                    results.withLock { $0.append(got) }
                }
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<threads { go.signal() }
        done.wait()

        let all = results.withLock { $0 }
        #expect(all.count == threads * rounds)
        for got in all {
            #expect(got.count == cases.count)
            for (i, snapshot) in got { #expect(snapshot == reference[i], "case \(i): \(cases[i].text)") }
        }
        // Outlines straight from the shared fonts, from all threads at once, equal the reference fonts'.
        let glyphs = Array(Set(reference.values.flatMap { $0.map { ($0.font, $0.glyph) }.map { "\($0.0)#\($0.1)" } })).sorted()
        let byName = Dictionary(uniqueKeysWithValues: shared.map { ($0.name, $0) })
        let outlines = Locked<[String: BezPath]>([:])
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for key in glyphs.shuffled() {
                let parts = key.split(separator: "#")
                let font = byName[String(parts[0])]!
                let path = font.outline(glyph: UInt32(parts[1])!, size: 40)
                outlines.withLock { dict in
                    if let seen = dict[key] { precondition(seen == path, "outline of \(key) differs between threads") }
                    dict[key] = path
                }
            }
        }
        let reference40 = try DefaultFonts.stack(folder: fontsDir)
        for (key, path) in outlines.withLock({ $0 }) {
            let parts = key.split(separator: "#")
            let font = reference40.first { $0.name == String(parts[0]) }!
            #expect(path == font.outline(glyph: UInt32(parts[1])!, size: 40), "\(key)")
        }
    }
}
