import Testing
import Geometry
import Shaping
@testable import Layout

/// ``LabelBuffer``: labels laid out into kept storage are the labels the allocating calls return, to the
/// bit, and the storage is reused from label to label.
@Suite struct LabelBufferTests {
    static let texts = ["Hello, curved world", "AVATAR Wave", "مرحبا بالعالم", "नमस्ते दुनिया", "Mixed עברית and 123", "W",
                        "a much longer label that runs along most of the path"]

    func text(_ s: String, size: Double = 24, letterSpacing: Double = 0) -> AttributedText {
        AttributedText(s, attributes: TextAttributes(fonts: stack, size: size, letterSpacing: letterSpacing, systemFallback: false))
    }

    /// A wave and the same wave drawn right to left (whose labels flip upright).
    static let paths: [BezPath] = {
        var wave = BezPath(), back = BezPath()
        wave.move(to: Point(0, 200))
        back.move(to: Point(800, 200))
        for k in 0..<4 {
            let x = Double(k) * 200
            wave.cubic(to: Point(x + 200, 200), control1: Point(x + 66, 140), control2: Point(x + 133, 260))
            back.cubic(to: Point(600 - x, 200), control1: Point(733 - x, 260), control2: Point(666 - x, 140))
        }
        return [wave, back, BezPath.circle(center: Point(300, 300), radius: 120, startAngle: 0), horizontal(0, 100, length: 90)]
    }()

    /// Options that take each route of the buffer call: the kept storage, and the ways that shape again.
    static let options: [LabelOptions] = {
        var list: [LabelOptions] = [LabelOptions()]
        var o = LabelOptions(); o.align = .center; o.dy = -6; o.letterSpacing = 2; list.append(o)
        o = LabelOptions(); o.shift = .parallel; o.dy = 8; list.append(o)
        o = LabelOptions(); o.repeat = 40; list.append(o)
        o = LabelOptions(); o.overflow = .shrink(minimumSize: 6); list.append(o)
        o = LabelOptions(); o.span = PathSpan(from: .percent(10), to: .percent(60)); list.append(o)
        o = LabelOptions(); o.method = .chord; list.append(o)
        o = LabelOptions(); o.fit = .stretch(length: nil); list.append(o)
        o = LabelOptions(); o.side = .right; o.upright = .auto; list.append(o)
        o = LabelOptions(); o.overflow = .ellipsis; list.append(o)
        o = LabelOptions(); o.overflow = .wrap; o.maxLines = 3; list.append(o)
        o = LabelOptions(); o.writingMode = .vertical; list.append(o)
        o = LabelOptions(); o.maxAngle = 20; list.append(o)
        return list
    }()

    /// Every field of two labels, glyphs to the bit.
    func expectSame(_ a: [PlacedLabel], _ b: [PlacedLabel], _ what: String) {
        #expect(a.count == b.count, "\(what)")
        for (x, y) in zip(a, b) {
            #expect(x.glyphs == y.glyphs, "\(what)")
            #expect(x.fonts.count == y.fonts.count && zip(x.fonts, y.fonts).allSatisfy { $0 === $1 }, "\(what)")
            #expect(x.pathLength == y.pathLength && x.start == y.start && x.advance == y.advance && x.size == y.size, "\(what)")
            #expect(x.flipped == y.flipped && x.overflow == y.overflow && x.droppedClusters == y.droppedClusters, "\(what)")
            #expect(x.rejectedAngle == y.rejectedAngle && x.diagnostics == y.diagnostics && x.lines == y.lines, "\(what)")
            #expect(x.cells.count == y.cells.count && x.paints.count == y.paints.count, "\(what)")
        }
    }

    @Test func aBufferGivesTheLabelsOfTheAllocatingCalls() throws {
        var buffer = LabelBuffer(), compared = 0
        // One buffer through every case in turn: what a label leaves in it must not leak into the next.
        for (p, path) in Self.paths.enumerated() {
            let measure = try PathMeasure(path)
            for (o, options) in Self.options.enumerated() {
                for (t, string) in Self.texts.enumerated() {
                    let what = "path \(p), options \(o), text \(t)"
                    let attributed = text(string, letterSpacing: t % 3 == 0 ? 1.5 : 0)
                    let expected: [PlacedLabel]
                    do { expected = try LabelLayout.layout(attributed, along: measure, options: options) } catch {
                        #expect(throws: LayoutError.self, "\(what)") {
                            try LabelLayout.layout(attributed, along: measure, options: options, into: &buffer)
                        }
                        #expect(buffer.labels.isEmpty, "\(what): a call that threw leaves no labels")
                        continue
                    }
                    try LabelLayout.layout(attributed, along: measure, options: options, into: &buffer)
                    expectSame(buffer.labels, expected, what)
                    // The place call too, from a line shaped before.
                    if options.overflow == .visible, options.writingMode == .horizontal {
                        let line = Shaper.shape(attributed)
                        try LabelLayout.place(line, along: measure, options: options, into: &buffer)
                        expectSame(buffer.labels, try LabelLayout.place(line, along: measure, options: options), what + " (place)")
                    }
                    compared += expected.reduce(0) { $0 + $1.glyphs.count }
                }
            }
        }
        #expect(compared > 5000)
    }

    @Test func theNextLabelIsWrittenIntoTheStorageOfTheLastOne() throws {
        let measure = try PathMeasure(Self.paths[0])
        var buffer = LabelBuffer()
        try LabelLayout.layout(text("a much longer label first"), along: measure, into: &buffer)
        let first = buffer.labels[0].glyphs.withUnsafeBufferPointer { $0.baseAddress }
        for name in ["Oulu", "Helsinki", "Tampere", "Jyväskylä"] {
            try LabelLayout.layout(text(name), along: measure, into: &buffer)
            #expect(buffer.labels.count == 1 && buffer.labels[0].glyphs.count == name.count)
            #expect(buffer.labels[0].glyphs.withUnsafeBufferPointer { $0.baseAddress } == first, "\(name): the same storage")
            #expect(buffer.labels[0].glyphs == (try LabelLayout.layout(text(name), along: measure))[0].glyphs)
        }
    }

    @Test func labelsTheCallerKeptStayAsTheyWere() throws {
        let measure = try PathMeasure(Self.paths[0])
        var buffer = LabelBuffer()
        try LabelLayout.layout(text("Helsinki"), along: measure, into: &buffer)
        let kept = buffer.labels
        try LabelLayout.layout(text("Oulu"), along: measure, into: &buffer)
        #expect(kept[0].glyphs == (try LabelLayout.layout(text("Helsinki"), along: measure))[0].glyphs)
        #expect(buffer.labels[0].glyphs.count == 4 && kept[0].glyphs.count == 8)
    }

    @Test func aCallThatThrowsLeavesNoLabels() throws {
        let measure = try PathMeasure(horizontal(0, 100, length: 120))
        var buffer = LabelBuffer()
        try LabelLayout.layout(text("Oulu"), along: measure, into: &buffer)
        #expect(buffer.labels.count == 1)
        var refuse = LabelOptions()
        refuse.overflow = .error
        #expect(throws: LayoutError.self) { try LabelLayout.layout(text("far too long for the path"), along: measure, options: refuse, into: &buffer) }
        #expect(buffer.labels.isEmpty)
        #expect(throws: LayoutError.self) { try LabelLayout.layout(text(""), along: measure, into: &buffer) }
        #expect(buffer.labels.isEmpty)
        // And the buffer still works.
        try LabelLayout.layout(text("Oulu"), along: measure, into: &buffer)
        #expect(buffer.labels.count == 1 && buffer.labels[0].glyphs.count == 4)
    }
}
