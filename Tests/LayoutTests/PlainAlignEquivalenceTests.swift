import Testing
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// The plain-align fast path (horizontal text, no per-cluster `dy` or `rotate` lists: nearly every label)
/// must place exactly what the general rule places. A `rotate` list of zeros sends the same label down the
/// general rule, turning each cluster by 0°, so the two must agree to rounding, over random labels and paths.
@Suite struct PlainAlignEquivalenceTests {
    /// A small deterministic generator (xorshift), so a failure names a reproducible case.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        mutating func number(_ range: ClosedRange<Double>) -> Double { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
    }

    static let texts = ["Hello, curved world", "AVATAR Wave", "مرحبا بالعالم", "नमस्ते दुनिया", "Mixed עברית and 123", "สวัสดี", "fi fl ffi", "W"]

    func randomPath(_ r: inout Random) -> BezPath {
        var p = BezPath()
        let start = Point(r.number(0...400), r.number(0...400))
        p.move(to: start)
        switch r.next() % 4 {
        case 0: p.line(to: Point(r.number(0...600), r.number(0...400)))
        case 1: p.cubic(to: Point(r.number(0...600), r.number(0...400)), control1: Point(r.number(0...600), r.number(0...400)),
                        control2: Point(r.number(0...600), r.number(0...400)))
        case 2:
            for _ in 0..<(2 + Int(r.next() % 4)) { p.line(to: Point(r.number(0...600), r.number(0...400))) }
        default:
            return BezPath.circle(center: Point(300, 200), radius: r.number(20...200), startAngle: r.number(-3...3),
                                  clockwise: r.next() % 2 == 0)
        }
        return p
    }

    @Test func theFastPathPlacesWhatTheGeneralRulePlaces() throws {
        var r = Random(state: 0x2545_F491_4F6C_DD1D)
        var compared = 0
        for case_ in 0..<300 {
            let text = r.pick(Self.texts)
            let line = shaped(text, size: r.number(8...72), letterSpacing: r.pick([0, 0, 3, -1.5]))
            let path = randomPath(&r)
            var plain = LabelOptions()
            plain.align = r.pick(TextAnchor.allCases)
            plain.offset = r.pick([.pixels(0), .pixels(r.number(-50...200)), .percent(r.number(-10...110))])
            plain.side = r.pick(PathSide.allCases)
            plain.baseline = r.pick(Baseline.allCases)
            plain.dy = r.pick([0, r.number(-20...20)])
            plain.shift = r.pick(ShiftMode.allCases)
            plain.upright = r.pick(Upright.allCases)
            plain.closedPath = r.pick(ClosedPathMode.allCases)
            var general = plain
            general.rotate = [0]
            let fast: [PlacedLabel], slow: [PlacedLabel]
            do { fast = try LabelLayout.place(line, along: PathMeasure(path), options: plain) } catch {
                // The same refusal from both (a degenerate random path, say).
                #expect(throws: LayoutError.self) { try LabelLayout.place(line, along: PathMeasure(path), options: general) }
                continue
            }
            slow = try LabelLayout.place(line, along: PathMeasure(path), options: general)
            #expect(fast.count == slow.count)
            for (a, b) in zip(fast, slow) {
                #expect(a.flipped == b.flipped && a.droppedClusters == b.droppedClusters && a.overflow == b.overflow, "case \(case_)")
                #expect(a.glyphs.count == b.glyphs.count, "case \(case_)")
                for (g, h) in zip(a.glyphs, b.glyphs) {
                    #expect(g.glyph == h.glyph && g.cluster == h.cluster && a.font(of: g) === b.font(of: h) && g.advance == h.advance, "case \(case_)")
                    #expect(abs(g.origin.x - h.origin.x) < 1e-9 && abs(g.origin.y - h.origin.y) < 1e-9, "case \(case_): \(g.origin) vs \(h.origin)")
                    #expect(abs(g.direction.x - h.direction.x) < 1e-12 && abs(g.direction.y - h.direction.y) < 1e-12, "case \(case_)")
                    #expect(g.pathDistance == h.pathDistance && abs(g.normalOffset - h.normalOffset) < 1e-12, "case \(case_)")
                    compared += 1
                }
            }
        }
        #expect(compared > 2000)  // the cases placed real glyphs (2563 with this seed)
    }
}
