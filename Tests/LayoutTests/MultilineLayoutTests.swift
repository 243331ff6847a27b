import Testing
import Foundation
import Geometry
import TestSupport
import Shaping
@testable import Layout

/// `overflow: wrap` and overflow chains: lines broken by ICU, balanced, on parallel curves a line height
/// apart, the block placed as one line would be.
@Suite struct MultilineLayoutTests {
    func text(_ s: String, size: Double = 40, lang: String? = nil, spacing: Double = 0) -> AttributedText {
        AttributedText(s, attributes: TextAttributes(fonts: stack, size: size, language: lang, letterSpacing: spacing, systemFallback: false))
    }

    /// The line height of the embedded stack's primary font: ascender − descender + line gap.
    func lineHeight(_ size: Double) -> Double {
        let m = stack[0].metrics(size: size)
        return m.ascender - m.descender + m.lineGap
    }

    /// The text of each line of a label, from its glyphs' clusters.
    func lines(_ label: PlacedLabel, _ s: String) -> [String] {
        let bytes = Array(s.utf8)
        return (0..<label.lines).map { i in
            let clusters = label.glyphs.filter { $0.line == i }.map(\.cluster)
            guard let lo = clusters.min(), let hi = clusters.max() else { return "" }
            var end = hi + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: bytes[lo..<end], as: UTF8.self)
        }
    }

    /// The midpoint on its baseline of each one-glyph cluster: origin + T·a/2 (a: advance + spacing).
    func midpoint(_ g: PlacedGlyph, spacing: Double = 0) -> Point { g.origin + g.direction * ((g.advance + spacing) / 2) }

    /// English on a straight line: too long for one line, balanced onto two (not filled first-fit), each
    /// line centred, the last on the path and the first one line height above it.
    @Test func englishWrapsOntoTwoBalancedLines() throws {
        let s = "show me the money today"
        var options = LabelOptions(align: .center, overflow: .wrap)
        options.maxLines = 2
        let path = horizontal(0, 200, length: 300)
        #expect(shaped(s).advance > 300)
        let label = try LabelLayout.layout(text(s), along: path, options: options)[0]
        #expect(label.lines == 2 && !label.overflow)
        // Balanced: "show me the" / "money today" (first-fit would put "show me the money" on line one
        // if it fitted; balancing evens the lengths out).
        #expect(lines(label, s) == ["show me the", "money today"])
        #expect(label.diagnostics.contains(.wrapped(lines: 2)))
        let lh = lineHeight(40)
        for g in label.glyphs { #expect(abs(g.origin.y - (200 - Double(1 - g.line) * lh)) < 1e-9) }
        // Each line centred on the path's middle, by the single-line rule.
        for i in 0..<2 {
            let line = label.glyphs.filter { $0.line == i }
            let w = shaped(lines(label, s)[i]).advance
            #expect(abs(line[0].origin.x - (150 - w / 2)) < 1e-6)
        }
    }

    /// Balancing minimises the longest line: three lines of a text that first-fit would leave ragged.
    @Test func balancingMinimisesTheLongestLine() throws {
        let s = "aaa bbb ccc ddd eee fff ggg"
        let line = shaped(s)
        let wrap = LineWrap(text: s, line: line, opportunities: try LineBreaks.opportunities(in: s, language: "en"), options: LabelOptions())
        let room = Array(repeating: line.advance / 2.2, count: 3)
        let balanced = try #require(wrap.balanced(lines: 3, room: room, scale: 1))
        let widths = balanced.map { wrap.width($0, scale: 1) }
        let greedy = wrap.filled(room: room, scale: 1).map { wrap.width($0, scale: 1) }
        #expect(widths.max()! <= greedy.max()! + 1e-9)
        #expect(balanced.map(\.count) == [2, 3, 2] || balanced.map(\.count) == [3, 2, 2] || balanced.map(\.count) == [2, 2, 3])
        // Every split into three lines of whole pieces is no better.
        let p = wrap.pieces.count
        var best = Double.infinity
        for a in 1..<p { for b in (a + 1)..<p { best = min(best, max(wrap.width(0..<a, scale: 1), wrap.width(a..<b, scale: 1), wrap.width(b..<p, scale: 1))) } }
        #expect(abs(widths.max()! - best) < 1e-9)
    }

    /// `baseline` picks the line on the path: alphabetic the last, hanging the first (hanging from it),
    /// middle the block's centre (each line shifted as a single middle line is).
    @Test(arguments: [Baseline.alphabetic, .middle, .hanging])
    func baselinePicksTheLineOnThePath(_ baseline: Baseline) throws {
        let s = "one two three four"
        let options = LabelOptions(align: .center, baseline: baseline, overflow: .wrap)
        let label = try LabelLayout.layout(text(s), along: horizontal(0, 300, length: 250), options: options)[0]
        #expect(label.lines == 2)
        let lh = lineHeight(40), shift = baseline.shift(for: stack[0].metrics(size: 40))
        let onPath: Double = switch baseline { case .hanging: 0; case .middle: 0.5; default: 1 }
        for g in label.glyphs {
            let up = 300 - g.origin.y
            #expect(abs(up - (shift + (onPath - Double(g.line)) * lh)) < 1e-9, "\(baseline) line \(g.line): \(up)")
        }
    }

    /// `lineHeight` sets the distance between baselines.
    @Test func lineHeightSetsTheSpacing() throws {
        var options = LabelOptions(overflow: .wrap)
        options.lineHeight = 57.5
        let label = try LabelLayout.layout(text("one two three four"), along: horizontal(0, 300, length: 250), options: options)[0]
        let ys = Set(label.glyphs.map { ($0.origin.y * 1e6).rounded() / 1e6 })
        #expect(ys == [300, 300 - 57.5])
    }

    /// A bottom label on a circle flips; its lines still read first on top: the first line is nearer the
    /// centre (the text's up side after the flip), the last on the path.
    @Test func aFlippedLabelStacksItsLinesAsRead() throws {
        let r = 200.0, c = Point(300, 300)
        // Clockwise from 9 o'clock: the span 10°…170° is the bottom half, read right to left unflipped.
        let circle = BezPath.circle(center: c, radius: r, startAngle: 0, clockwise: true)
        let s = "SHOW ME THE MONEY NOW"
        let options = LabelOptions(align: .center, overflow: .wrap, span: PathSpan(from: .percent(3), to: .percent(47)))
        let label = try LabelLayout.layout(text(s, size: 48), along: circle, options: options)[0]
        #expect(label.flipped && label.lines == 2 && !label.overflow)
        let lh = lineHeight(48)
        for g in label.glyphs {
            let d = midpoint(g).distance(to: c)
            #expect(abs(d - (r - Double(1 - g.line) * lh)) < 1e-6, "line \(g.line): \(d)")
        }
        // Read left to right on screen within each line.
        for i in 0..<2 {
            let xs = label.glyphs.filter { $0.line == i }.map(\.origin.x)
            #expect(xs == xs.sorted())
        }
        // Balanced against each line's room: the inner curve is shorter, so the first line is the shorter.
        #expect(lines(label, s) == ["SHOW ME", "THE MONEY NOW"])
    }

    /// Vertical writing: the lines are columns side by side, the first on the right (as vertical-rl),
    /// the last on the path.
    @Test func verticalLabelsWrapIntoColumns() throws {
        let s = "本日利用可能です。口座残高を確認"
        let t = AttributedText(s, attributes: TextAttributes(fonts: stack, size: 30, language: "ja"))
        var down = BezPath(); down.move(to: Point(200, 20)); down.line(to: Point(200, 300))
        var options = LabelOptions(overflow: .wrap, writingMode: .vertical)
        options.maxLines = 3
        let label = try LabelLayout.layout(t, along: down, options: options)[0]
        #expect(label.lines >= 2 && !label.overflow)
        let lh = lineHeight(30)
        var columns: [Int: Double] = [:]
        for g in label.glyphs where g.upright { columns[g.line] = g.origin.x + g.advance / 2 }
        for (line, x) in columns {
            // N points right of a path running down; the first column is the furthest right.
            #expect(abs((x - 200) - Double(label.lines - 1 - line) * lh) < 0.6 * 30, "column \(line) at \(x)")
        }
        #expect(columns[0]! > columns[label.lines - 1]!)
        // No column starts with 。.
        let texts = lines(label, s)
        #expect(!texts.contains { $0.hasPrefix("。") })
    }

    /// Thai wraps at dictionary word boundaries, in the label's language.
    @Test func thaiWrapsBetweenWords() throws {
        let s = "ภาษาไทยง่ายนิดเดียว"
        let t = text(s, size: 40, lang: "th")
        let w = shaped(s).advance
        let label = try LabelLayout.layout(t, along: horizontal(0, 100, length: w * 0.6), options: LabelOptions(overflow: .wrap))[0]
        #expect(label.lines == 2 && !label.overflow)
        let parts = lines(label, s)
        #expect(parts.joined() == s)
        let words = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"]
        // Each line is whole words.
        for p in parts {
            var rest = Substring(p)
            while let wd = words.first(where: { rest.hasPrefix($0) }) { rest = rest.dropFirst(wd.count) }
            #expect(rest.isEmpty, "\(p)")
        }
    }

    /// The chain is tried in order: shrink first when it reaches, wrap when shrinking alone cannot, and
    /// ellipsis last; each step keeps what the ones before allowed.
    @Test func policyChainOrder() throws {
        let s = "one two three four"
        let w = shaped(s).advance
        // The two balanced lines, "one two" / "three four": the longer decides.
        let m = max(shaped("one two").advance, shaped("three four").advance)
        let chain = OverflowPolicy.chain([.shrink(minimumSize: 30), .wrap, .ellipsis])
        func layout(_ length: Double, _ overflow: OverflowPolicy) throws -> PlacedLabel {
            try LabelLayout.layout(text(s), along: horizontal(0, 100, length: length), options: LabelOptions(overflow: overflow))[0]
        }
        // 10 % too long: shrink reaches (36 px ≥ 30), one line.
        var label = try layout(w / 1.1, chain)
        #expect(label.lines == 1 && !label.overflow && abs(label.size - 40 / 1.1) < 1e-6)
        // Shrinking alone would need less than 30 px: wrap, on two lines at the full size.
        #expect(40 * (m + 1) / w < 30)
        label = try layout(m + 1, chain)
        #expect(label.lines == 2 && !label.overflow && label.size == 40)
        // Wrap first: two lines even where shrink alone would do.
        label = try layout(w / 1.1, .chain([.wrap, .shrink(minimumSize: 30)]))
        #expect(label.lines == 2 && label.size == 40)
        // Two lines do not hold it at 40 px; shrink (before wrap) lets them shrink, to about 36 px.
        label = try layout(m * 0.9, chain)
        #expect(label.lines == 2 && !label.overflow && label.size < 40 && label.size >= 30)
        #expect(abs(label.size - 36) < 0.5)
        let shrunkWrapped = label.size
        // Wrap then shrink: the same two lines at the same size (each step keeps what the ones before allowed).
        let wrapShrink = try layout(m * 0.9, .chain([.wrap, .shrink(minimumSize: 30)]))
        #expect(wrapShrink.lines == 2 && abs(wrapShrink.size - shrunkWrapped) < 1e-9)
        #expect(label.diagnostics.contains { if case .shrunk(_, _, true) = $0 { true } else { false } })
        // Far too long: the last of the two lines is cut with "…" at the minimum size.
        label = try layout(m / 3, chain)
        #expect(label.lines == 2 && label.overflow && abs(label.size - 30) < 1e-9)
        #expect(label.diagnostics.contains { if case .truncated = $0 { true } else { false } })
        // `error` at the end of a chain refuses what nothing fixed.
        #expect(throws: LayoutError.self) { try layout(20, .chain([.wrap, .error])) }
    }

    /// maxLines bounds the lines; with ellipsis the last allowed line is cut.
    @Test func maxLinesWithEllipsis() throws {
        let s = "alpha beta gamma delta epsilon zeta eta theta"
        let room = shaped("alpha beta gamma").advance + 1
        var options = LabelOptions(overflow: .chain([.wrap, .ellipsis]))
        options.maxLines = 2
        let label = try LabelLayout.layout(text(s), along: horizontal(0, 300, length: room), options: options)[0]
        #expect(label.lines == 2 && label.overflow)
        let parts = lines(label, s)
        #expect(parts[0] == "alpha beta gamma")
        // The last line holds "…" (its cluster is past the kept text) and nothing past the room.
        #expect(label.glyphs.filter { $0.line == 1 }.allSatisfy { $0.origin.x <= room + 1e-6 })
        let cut = label.diagnostics.compactMap { d -> [Int]? in if case .truncated(let c) = d { c } else { nil } }.first ?? []
        #expect(!cut.isEmpty && cut.allSatisfy { $0 > "alpha beta gamma delta".utf8.count - 6 })
        // Three lines hold more.
        options.maxLines = 3
        let three = try LabelLayout.layout(text(s), along: horizontal(0, 300, length: room), options: options)[0]
        #expect(three.lines == 3)
        // wrap alone, maxLines 1: nothing to wrap into, drawn overflowing on one line.
        options.overflow = .wrap
        options.maxLines = 1
        let one = try LabelLayout.layout(text(s), along: horizontal(0, 300, length: room), options: options)[0]
        #expect(one.lines == 1 && one.overflow)
    }

    /// A newline forces a break when wrapping.
    @Test func newlinesBreakLines() throws {
        let label = try LabelLayout.layout(text("a\nb"), along: horizontal(0, 100, length: 500), options: LabelOptions(overflow: .wrap))[0]
        #expect(label.lines == 2)
    }

    @Test func badLineOptionsAreRefused() {
        var o = LabelOptions(overflow: .wrap)
        o.maxLines = 0
        #expect(throws: LayoutError.self) { try LabelLayout.layout(text("a b"), along: horizontal(0, 0, length: 10), options: o) }
        o.maxLines = 2
        o.lineHeight = .nan
        #expect(throws: LayoutError.self) { try LabelLayout.layout(text("a b"), along: horizontal(0, 0, length: 10), options: o) }
    }
}
