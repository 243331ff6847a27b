import Requests
import Geometry
import Shaping
import Layout
import Render

/// Letter badges: a filled circle with one to three letters knocked out of it (transparent), set at
/// the largest size at which the letters' real ink fits inside the circle with a margin, and centred
/// on their ink rather than on their advance box.
public enum Badge {
    /// The parts of one badge, ready to go into a scene.
    public struct Parts: Sendable {
        /// The filled circle.
        public var circle: SceneShape
        /// The knocked-out letters.
        public var label: SceneLabel
        /// The font size chosen, in pixels per em.
        public var size: Double
        /// The ink box of the letters on the canvas (minX, minY, maxX, maxY).
        public var ink: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    /// The default margin: the letters' ink stays within 84% of the radius.
    public static let defaultMargin = 0.16

    /// The default circle colour, #1d4ed8.
    public static let defaultColor = RGBAColor(rgb: 0x1d4ed8)

    /// Computes a badge of `diameter` pixels centred at `center`.
    ///
    /// The letters are shaped once at 100 px; their outlines, flattened to 0.05 px, give the ink. With c
    /// the centre of the ink box and ρ the largest distance from c to any ink point, the size is
    /// 100 · R(1 − margin)/ρ (positions are linear in the size), and the letters are moved so c lands on
    /// the circle's centre.
    /// - Throws: ``SceneError`` when the text is not one to three letters or a font is unusable.
    public static func parts(text: String, diameter: Double, center: Point, color: RGBAColor = defaultColor,
                             fonts fontFiles: [String] = ["NotoSans-Bold.ttf"], margin: Double = defaultMargin,
                             resolver: SceneResolver) throws(SceneError) -> Parts {
        let letters = text.filter { !$0.isWhitespace }
        guard (1...3).contains(letters.count) else { throw SceneError("text", "a badge takes one to three letters, got \(letters.count)") }
        guard diameter.isFinite, diameter >= 8 else { throw SceneError("size", "a badge needs a diameter of at least 8 px") }
        guard (0..<1).contains(margin) else { throw SceneError("margin", "expected a margin in [0, 1)") }
        let stack = try resolver.stack(fontFiles, at: "font")
        let reference = 100.0
        let line = Shaper.shape(AttributedText(letters, attributes: TextAttributes(fonts: stack, size: reference)))
        var points: [Point] = []
        var pen = 0.0
        for g in line.glyphs {
            let outline = line.font(of: g).outline(glyph: g.glyph, size: g.size)
            let shift = Vector(pen + g.xOffset, -g.yOffset)
            for poly in outline.flattened(tolerance: 0.05) { for p in poly { points.append(p + shift) } }
            pen += g.advance
        }
        guard let first = points.first else { throw SceneError("text", "the letters have no ink in these fonts") }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        let c = Point((minX + maxX) / 2, (minY + maxY) / 2)
        let rho = points.reduce(0) { max($0, $1.distance(to: c)) }
        let radius = diameter / 2
        let k = radius * (1 - margin) / rho
        let origin = Point(center.x - k * c.x, center.y - k * c.y)  // where the pen starts on the canvas

        var circle = SceneShape(type: .circle)
        circle.center = center; circle.radius = radius; circle.fill = color
        var label = SceneLabel(text: letters, path: BezPath.line(from: origin, to: Point(origin.x + pen * k + diameter, origin.y)),
                               style: RunStyle(fonts: fontFiles, size: reference * k))
        label.blend = .destinationOut; label.options.upright = .off
        let ink = (center.x + k * (minX - c.x), center.y + k * (minY - c.y), center.x + k * (maxX - c.x), center.y + k * (maxY - c.y))
        return Parts(circle: circle, label: label, size: reference * k, ink: ink)
    }

    /// A scene of one badge: `diameter` × `diameter`, transparent outside the circle and inside the letters.
    public static func scene(text: String, diameter: Int, color: RGBAColor = defaultColor, fonts: [String] = ["NotoSans-Bold.ttf"],
                             resolver: SceneResolver) throws(SceneError) -> Scene {
        let d = Double(diameter)
        let p = try parts(text: text, diameter: d, center: Point(d / 2, d / 2), color: color, fonts: fonts, resolver: resolver)
        return Scene(width: diameter, height: diameter, background: nil, shapes: [p.circle], labels: [p.label])
    }

    /// The gallery's badges: Latin, Arabic and Devanagari initials at 256, 128, 64 and 32 px.
    public static func sheet(resolver: SceneResolver) throws(SceneError) -> Scene {
        var shapes: [SceneShape] = [], labels: [SceneLabel] = []
        let rows: [(String, RGBAColor)] = [("AB", defaultColor), ("عم", RGBAColor(rgb: 0xb45309)), ("कष", RGBAColor(rgb: 0x7c3aed))]
        var y = 20.0
        for (text, color) in rows {
            var x = 20.0
            for d in [256.0, 128, 64, 32] {
                let p = try parts(text: text, diameter: d, center: Point(x + d / 2, y + 128), color: color, resolver: resolver)
                shapes.append(p.circle); labels.append(p.label)
                x += d + 24
            }
            y += 276
        }
        return Scene(width: 600, height: Int(y) + 4, background: RGBAColor(rgb: 0xf8fafc), shapes: shapes, labels: labels)
    }
}
