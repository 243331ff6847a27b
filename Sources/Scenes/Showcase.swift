import Foundation
import Geometry

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
        let c = [400 * s, 400 * s]
        var ring = SceneShape(type: "ring", id: "ring")
        ring.center = c; ring.innerRadius = 250 * s; ring.outerRadius = 340 * s; ring.fill = "#0f766e"
        var edge = SceneShape(type: "circle")
        edge.center = c; edge.radius = 340 * s; edge.stroke = "#115e59"; edge.strokeWidth = 4 * s
        // The labels' path: the ring's middle circle, from the left, clockwise (top at 25%, bottom at 75%).
        var track = SceneShape(type: "circle", id: "track")
        track.center = c; track.radius = 295 * s; track.startAngle = 180
        var topLabel = SceneLabel(text: top, shape: "track")
        topLabel.align = "center"; topLabel.offset = .text("-25%"); topLabel.baseline = "middle"
        topLabel.font = topLang == nil ? ["NotoSans-Bold.ttf"] : nil; topLabel.size = 40 * s; topLabel.color = "#ffffff"
        topLabel.letterSpacing = tracking * s; topLabel.lang = topLang
        var bottomLabel = topLabel
        bottomLabel.text = bottom; bottomLabel.offset = .text("25%"); bottomLabel.lang = bottomLang
        bottomLabel.color = "#ccfbf1"
        var amountLabel = SceneLabel(text: amount, path: "M \(n(60 * s)) \(n(400 * s)) L \(n(740 * s)) \(n(400 * s))")
        amountLabel.align = "center"; amountLabel.baseline = "middle"; amountLabel.font = ["NotoSans-Bold.ttf"]
        amountLabel.size = 84 * s; amountLabel.color = "#0f172a"; amountLabel.overflow = "shrink"
        var captionLabel = SceneLabel(text: caption, path: "M \(n(60 * s)) \(n(480 * s)) L \(n(740 * s)) \(n(480 * s))")
        captionLabel.align = "center"; captionLabel.size = 30 * s; captionLabel.color = "#475569"; captionLabel.lang = captionLang
        return Scene(width: size, height: size, background: "#ffffff", shapes: [track, ring, edge],
                     labels: [topLabel, bottomLabel, amountLabel, captionLabel])
    }

    /// The sleep-range clock: a 24-hour dial with the sleep arc from `range.bedtime` to `range.wake`,
    /// hour numerals reading upright, round handles at both ends, and the duration in the centre.
    public static func sleepClock(_ range: SleepRange = SleepRange(bed: (23, 0), wake: (7, 0)), size: Int = 800) -> Scene {
        let s = Double(size) / 800
        let c = Point(400 * s, 400 * s)
        let dial = Dial(center: c)
        var track = SceneShape(type: "ring")
        track.center = [c.x, c.y]; track.innerRadius = 250 * s; track.outerRadius = 330 * s; track.fill = "#1e293b"
        var arc = SceneShape(type: "sector", id: "sleep")
        arc.center = [c.x, c.y]; arc.innerRadius = 258 * s; arc.outerRadius = 322 * s; arc.fill = "#6366f1"
        arc.startAngle = dial.canvasAngle(for: range.bedtimeAngle) * 180 / .pi
        arc.endAngle = dial.canvasAngle(for: range.wakeAngle) * 180 / .pi
        var shapes = [track, arc]
        for angle in [range.bedtimeAngle, range.wakeAngle] {
            let p = dial.point(at: angle, radius: 290 * s)
            var handle = SceneShape(type: "circle")
            handle.center = [p.x, p.y]; handle.radius = 26 * s; handle.fill = "#f8fafc"
            handle.stroke = "#4338ca"; handle.strokeWidth = 4 * s
            shapes.append(handle)
        }
        // Numerals on a circle from the top, clockwise: hour h sits h/24 of the way round, which is
        // (h/24 − 1/2) of the length from the centre anchor.
        var numerals = SceneShape(type: "circle", id: "numerals")
        numerals.center = [c.x, c.y]; numerals.radius = 205 * s; numerals.startAngle = -90
        shapes.insert(numerals, at: 0)
        var labels: [SceneLabel] = []
        for h in stride(from: 0, to: 24, by: 2) {
            var l = SceneLabel(text: "\(h)", shape: "numerals")
            l.align = "center"; l.offset = .text(n(Double(h) / 24 * 100 - 50) + "%"); l.baseline = "middle"
            l.size = 30 * s; l.color = h % 6 == 0 ? "#0f172a" : "#64748b"
            if h % 6 == 0 { l.font = ["NotoSans-Bold.ttf"] }
            labels.append(l)
        }
        var duration = SceneLabel(text: range.durationText, path: "M \(n(100 * s)) \(n(390 * s)) L \(n(700 * s)) \(n(390 * s))")
        duration.align = "center"; duration.baseline = "middle"; duration.size = 96 * s
        duration.font = ["NotoSans-Bold.ttf"]; duration.color = "#0f172a"
        var times = SceneLabel(text: "\(SleepRange.clockText(range.bedtime)) – \(SleepRange.clockText(range.wake))",
                               path: "M \(n(100 * s)) \(n(470 * s)) L \(n(700 * s)) \(n(470 * s))")
        times.align = "center"; times.size = 32 * s; times.color = "#475569"
        labels += [duration, times]
        return Scene(width: size, height: size, background: "#f1f5f9", shapes: shapes, labels: labels)
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
        var stroke = SceneShape(type: "path")
        stroke.d = figureEight; stroke.stroke = "#334155"; stroke.strokeWidth = 6
        var shapes = [stroke]
        for p in dragTargets {
            var t = SceneShape(type: "circle"); t.center = [p.x, p.y]; t.radius = 4; t.fill = "#94a3b8"
            shapes.append(t)
        }
        for (k, loc) in steps.enumerated() {
            var h = SceneShape(type: "circle")
            h.center = [loc.point.x, loc.point.y]; h.radius = 9
            let f = Double(k) / Double(max(1, steps.count - 1))
            h.fill = hex(r: 0.93 - 0.6 * f, g: 0.35 + 0.2 * f, b: 0.2 + 0.7 * f)
            shapes.append(h)
        }
        var caption = SceneLabel(text: "the handle keeps to its own stroke through the crossing", path: "M 40 560 L 760 560")
        caption.align = "center"; caption.size = 24; caption.color = "#334155"
        return Scene(width: 800, height: 600, background: "#ffffff", shapes: shapes, labels: [caption])
    }

    /// Every picture by name, as the gallery renders them from `fixtures/scenes/NAME.json`.
    public static func all(resolver: SceneResolver) throws -> [(name: String, scene: Scene)] {
        [("dial", paymentDial()), ("dial-multilingual", multilingualDial()), ("sleep-clock", sleepClock()),
         ("drag", try figureEightDrag()), ("badges", try Badge.sheet(resolver: resolver))]
    }

    static func hex(r: Double, g: Double, b: Double) -> String {
        func c(_ v: Double) -> String {
            let i = max(0, min(255, Int((v * 255).rounded())))
            return (i < 16 ? "0" : "") + String(i, radix: 16)
        }
        return "#" + c(r) + c(g) + c(b)
    }

    /// A number written compactly for path data (up to 3 decimals).
    static func n(_ v: Double) -> String {
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
