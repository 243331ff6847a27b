import Requests
import Geometry
import Shaping
import Layout

/// The pictures PathText draws out of the box, as scenes (the README gallery renders them from
/// their JSON twins under `fixtures/scenes/`).
public enum Showcase {
    /// The payment dial: a coloured ring; "ACCOUNT BALANCE" along its top, "SHOW ME THE MONEY" along its
    /// bottom (flipped upright by the rule, from the same circle path); the amount in the centre.
    public static func paymentDial(size: Int = 800) -> Scene {
        dial(size: size, top: "ACCOUNT BALANCE", bottom: "SHOW ME THE MONEY", amount: "$12,480.35",
             caption: "available today", topLang: nil, bottomLang: nil, captionLang: nil, tracking: 6)
    }

    /// The same dial labelled in Arabic (top), Hebrew (bottom) and Devanagari (caption).
    public static func multilingualDial(size: Int = 800) -> Scene {
        dial(size: size, top: "رصيد الحساب", bottom: "הראו לי את הכסף", amount: "₪ 12,480", caption: "उपलब्ध शेष राशि",
             topLang: "ar", bottomLang: "he", captionLang: "hi", tracking: 0)
    }

    private static func dial(size: Int, top: String, bottom: String, amount: String, caption: String,
                             topLang: String?, bottomLang: String?, captionLang: String?, tracking: Double) -> Scene {
        let s = Double(size) / 800
        let c = Point(400 * s, 400 * s)
        var ring = SceneShape(type: .ring, id: "ring")
        ring.center = c; ring.innerRadius = 250 * s; ring.outerRadius = 340 * s; ring.fill = RGBAColor(rgb: 0x0f766e)
        var edge = SceneShape(type: .circle)
        edge.center = c; edge.radius = 340 * s; edge.stroke = RGBAColor(rgb: 0x115e59); edge.strokeWidth = 4 * s
        // The labels' path: the ring's middle circle, from the left, clockwise. Each label is confined to
        // its half (a span in degrees, 10° clear of the 3 and 9 o'clock points), centred in it, and shrinks
        // (to 28 px at least) when it is too long, so overflow is reported instead of running into the other.
        var track = SceneShape(type: .circle, id: "track")
        track.center = c; track.radius = 295 * s; track.startAngle = 180
        var topLabel = SceneLabel(text: top, shape: "track")
        topLabel.options.align = .center; topLabel.options.baseline = .middle
        topLabel.options.span = PathSpan(from: .degrees(190), to: .degrees(350))
        topLabel.options.overflow = .shrink(minimumSize: 28 * s)
        topLabel.style = RunStyle(fonts: topLang == nil ? ["NotoSans-Bold.ttf"] : nil, size: 40 * s, color: .white,
                                  language: topLang, letterSpacing: tracking * s)
        var bottomLabel = topLabel
        bottomLabel.text = bottom; bottomLabel.options.span = PathSpan(from: .degrees(10), to: .degrees(170))
        bottomLabel.style.language = bottomLang
        bottomLabel.style.color = RGBAColor(rgb: 0xccfbf1)
        var amountLabel = SceneLabel(text: amount, path: line(60 * s, 740 * s, y: 400 * s))
        amountLabel.options.align = .center; amountLabel.options.baseline = .middle
        amountLabel.options.overflow = .shrink(minimumSize: LabelOptionCatalog.defaultMinimumSize)
        amountLabel.style = RunStyle(fonts: ["NotoSans-Bold.ttf"], size: 84 * s, color: RGBAColor(rgb: 0x0f172a))
        var captionLabel = SceneLabel(text: caption, path: line(60 * s, 740 * s, y: 480 * s))
        captionLabel.options.align = .center
        captionLabel.style = RunStyle(size: 30 * s, color: RGBAColor(rgb: 0x475569), language: captionLang)
        return Scene(width: size, height: size, background: .white, shapes: [track, ring, edge],
                     labels: [topLabel, bottomLabel, amountLabel, captionLabel])
    }

    /// The sleep-range clock: a 24-hour dial with the sleep arc from `range.bedtime` to `range.wake`,
    /// hour numerals reading upright, round handles at both ends, and the duration in the centre.
    public static func sleepClock(_ range: SleepRange = SleepRange(bed: (23, 0), wake: (7, 0)), size: Int = 800) -> Scene {
        let s = Double(size) / 800
        let c = Point(400 * s, 400 * s)
        let dial = Dial(center: c)
        var track = SceneShape(type: .ring)
        track.center = c; track.innerRadius = 250 * s; track.outerRadius = 330 * s; track.fill = RGBAColor(rgb: 0x1e293b)
        var arc = SceneShape(type: .sector, id: "sleep")
        arc.center = c; arc.innerRadius = 258 * s; arc.outerRadius = 322 * s; arc.fill = RGBAColor(rgb: 0x6366f1)
        arc.startAngle = dial.canvasAngle(for: range.bedtimeAngle) * 180 / .pi
        arc.endAngle = dial.canvasAngle(for: range.wakeAngle) * 180 / .pi
        var shapes = [track, arc]
        for angle in [range.bedtimeAngle, range.wakeAngle] {
            let p = dial.point(at: angle, radius: 290 * s)
            var handle = SceneShape(type: .circle)
            handle.center = p; handle.radius = 26 * s; handle.fill = RGBAColor(rgb: 0xf8fafc)
            handle.stroke = RGBAColor(rgb: 0x4338ca); handle.strokeWidth = 4 * s
            shapes.append(handle)
        }
        // Numerals on a circle from the top, clockwise: hour h sits h/24 of the way round, which is
        // (h/24 − 1/2) of the length from the centre anchor.
        var numerals = SceneShape(type: .circle, id: "numerals")
        numerals.center = c; numerals.radius = 205 * s; numerals.startAngle = -90
        shapes.insert(numerals, at: 0)
        var labels: [SceneLabel] = []
        for h in stride(from: 0, to: 24, by: 2) {
            var l = SceneLabel(text: "\(h)", shape: "numerals")
            // The offset is rounded to 0.001 % (as the scene file writes it).
            l.options.align = .center; l.options.offset = .percent(((Double(h) / 24 * 100 - 50) * 1000).rounded() / 1000)
            l.options.baseline = .middle
            l.style = RunStyle(fonts: h % 6 == 0 ? ["NotoSans-Bold.ttf"] : nil, size: 30 * s,
                               color: RGBAColor(rgb: h % 6 == 0 ? 0x0f172a : 0x64748b))
            labels.append(l)
        }
        var duration = SceneLabel(text: range.durationText, path: line(100 * s, 700 * s, y: 390 * s))
        duration.options.align = .center; duration.options.baseline = .middle
        duration.style = RunStyle(fonts: ["NotoSans-Bold.ttf"], size: 96 * s, color: RGBAColor(rgb: 0x0f172a))
        var times = SceneLabel(text: "\(SleepRange.clockText(range.bedtime)) – \(SleepRange.clockText(range.wake))",
                               path: line(100 * s, 700 * s, y: 470 * s))
        times.options.align = .center
        times.style = RunStyle(size: 32 * s, color: RGBAColor(rgb: 0x475569))
        labels += [duration, times]
        return Scene(width: size, height: size, background: RGBAColor(rgb: 0xf1f5f9), shapes: shapes, labels: labels)
    }

    /// A figure-8 path with the handle positions of a simulated drag whose targets pass through the
    /// crossing: the handle follows its own stroke through it.
    public static let figureEight = "M 400 300 C 550 150 700 200 700 300 C 700 400 550 450 400 300 C 250 150 100 200 100 300 C 100 400 250 450 400 300 Z"

    /// The drag targets: along the lower-right lobe into the crossing, then on towards the upper-left
    /// lobe's stroke — while the other branch is nearer for a while.
    public static let dragTargets: [Point] = (0...24).map { i in
        let t = Double(i) / 24
        return Point(620 - 440 * t, 380 - 170 * t)
    }

    /// The drag picture: the figure-8, the targets (grey), and the handle's successive positions.
    public static func figureEightDrag() throws -> Scene {
        let path = try BezPath(svgPathData: figureEight)
        let measure = try PathMeasure(path)
        let start = measure.nearest(to: dragTargets[0]).distance
        let steps = measure.drag(from: start, through: dragTargets)
        var stroke = SceneShape(type: .path)
        stroke.d = path; stroke.stroke = RGBAColor(rgb: 0x334155); stroke.strokeWidth = 6
        var shapes = [stroke]
        for p in dragTargets {
            var t = SceneShape(type: .circle); t.center = p; t.radius = 4; t.fill = RGBAColor(rgb: 0x94a3b8)
            shapes.append(t)
        }
        for (k, loc) in steps.enumerated() {
            var h = SceneShape(type: .circle)
            h.center = loc.point; h.radius = 9
            let f = Double(k) / Double(max(1, steps.count - 1))
            h.fill = hex(r: 0.93 - 0.6 * f, g: 0.35 + 0.2 * f, b: 0.2 + 0.7 * f)
            shapes.append(h)
        }
        var caption = SceneLabel(text: "the handle keeps to its own stroke through the crossing", path: line(40, 760, y: 560))
        caption.options.align = .center
        caption.style = RunStyle(size: 24, color: RGBAColor(rgb: 0x334155))
        return Scene(width: 800, height: 600, background: .white, shapes: shapes, labels: [caption])
    }

    /// Every picture by name, as the gallery renders them from `fixtures/scenes/NAME.json`.
    public static func all(resolver: SceneResolver) throws -> [(name: String, scene: Scene)] {
        [("dial", paymentDial()), ("dial-multilingual", multilingualDial()), ("sleep-clock", sleepClock()),
         ("drag", try figureEightDrag()), ("badges", try Badge.sheet(resolver: resolver))]
    }

    /// An opaque colour from channels in 0…1, each rounded to 8 bits.
    static func hex(r: Double, g: Double, b: Double) -> RGBAColor {
        func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int((v * 255).rounded())))) }
        return RGBAColor(r: c(r), g: c(g), b: c(b))
    }

    /// A horizontal line from `x0` to `x1` at `y`, the coordinates rounded to 0.001 px (as scene files write them).
    static func line(_ x0: Double, _ x1: Double, y: Double) -> BezPath {
        func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        return BezPath.line(from: Point(r(x0), r(y)), to: Point(r(x1), r(y)))
    }
}
