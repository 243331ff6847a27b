import JSON
import Support
import Geometry
import Requests
import Shaping
import Layout

/// One glyph of a label to check: which glyph of which font, at what size, where and turned how.
public struct CheckGlyph: Sendable {
    /// The font the glyph comes from (its ink box is read from it).
    public var font: Typeface
    /// The glyph id.
    public var glyph: UInt32
    /// The cluster the glyph belongs to (glyphs of one cluster count as one unit).
    public var cluster: Int
    /// The size in pixels per em.
    public var size: Double
    /// The glyph origin on the canvas (y down).
    public var origin: Point
    /// The baseline's direction (y down, clockwise positive).
    public var angle: Angle

    /// Creates a glyph to check.
    public init(font: Typeface, glyph: UInt32, cluster: Int, size: Double, origin: Point, angle: Angle) {
        self.font = font; self.glyph = glyph; self.cluster = cluster; self.size = size; self.origin = origin; self.angle = angle
    }
}

/// A label to check: its glyphs in reading order, and its text when known.
public struct CheckLabel: Sendable {
    /// The text, when the engine reported it (otherwise ``OverlapCheck/name(of:among:)`` finds it).
    public var text: String?
    /// The glyphs, in order along the label.
    public var glyphs: [CheckGlyph]

    /// Creates a label to check.
    public init(text: String?, glyphs: [CheckGlyph]) { self.text = text; self.glyphs = glyphs }

    /// The glyphs of a placed label.
    public init(text: String?, _ label: PlacedLabel) {
        self.init(text: text, glyphs: label.glyphs.map {
            CheckGlyph(font: label.font(of: $0), glyph: $0.glyph, cluster: $0.cluster, size: $0.size, origin: $0.origin, angle: $0.angle)
        })
    }
}

/// What the checker found.
public struct CheckReport: Hashable, Sendable, CustomStringConvertible {
    /// Labels checked.
    public var labels: Int
    /// Distinct texts among them (labels without a text count as one each).
    public var names: Int
    /// Glyphs checked.
    public var glyphs: Int
    /// Pairs of glyphs of different labels whose ink boxes overlap.
    public var overlappingPairs: Int
    /// Pairs of glyphs of different labels whose inks are closer than the halo: one label's halo would
    /// cover the other's glyph (each ink box grown by half the halo).
    public var haloOverlappingPairs: Int
    /// The largest turn between neighbouring clusters of one label, degrees.
    public var worstNeighbourAngle: Double
    /// The largest total turn over one label (the sum of its neighbouring turns), degrees.
    public var worstTotalTurn: Double
    /// Glyphs whose baseline points left: read upside down.
    public var upsideDownGlyphs: Int
    /// Distinct texts that have at least one label with no glyph upside down (labels without a text count
    /// as one each): the names an engine placed within the rule that nothing reads upside down.
    public var uprightNames: Int
    /// Labels of one text whose nearest clusters are closer than the distance asked (see ``OverlapCheck/check(_:halo:minDistance:)``).
    public var closePairs: Int

    /// One line: every figure.
    public var description: String {
        "\(labels) labels, \(names) names, \(glyphs) glyphs, \(overlappingPairs) overlapping glyph pairs "
            + "(\(haloOverlappingPairs) with halos), worst neighbour angle \(MessageText.number((worstNeighbourAngle * 10).rounded() / 10))°, "
            + "worst total turn \(MessageText.number((worstTotalTurn * 10).rounded() / 10))°, \(upsideDownGlyphs) glyphs upside down, "
            + "\(uprightNames) names with a label upright, \(closePairs) same-name pairs too close"
    }
}

/// One overlap checker for every engine's labels: glyph ink boxes (read from the font, turned into
/// place), the pairs of them that overlap between labels, the turns between neighbouring clusters, and
/// the glyphs that read upside down.
public enum OverlapCheck {
    /// Checks `labels`; `halo` is the ink distance ``CheckReport/haloOverlappingPairs`` asks for; labels of one
    /// text whose nearest cluster centres are closer than `minDistance` count in ``CheckReport/closePairs``.
    public static func check(_ labels: [CheckLabel], halo: Double = 0, minDistance: Double = 0) -> CheckReport {
        var boxes: [(label: Int, box: OrientedBox)] = []
        var area = Rect.empty
        var worstTurn = 0.0, worstTotal = 0.0, upsideDown = 0, glyphCount = 0
        var centres: [[Point]] = []
        var upright: [Bool] = []
        for (k, label) in labels.enumerated() {
            let upsideDownBefore = upsideDown
            var directions: [Vector] = []
            var lastCluster: Int? = nil
            var mine: [Point] = []
            for g in label.glyphs {
                glyphCount += 1
                let placed = PlacedGlyph(glyph: g.glyph, cluster: g.cluster, size: g.size, origin: g.origin,
                                         angle: g.angle, advance: 0)
                if placed.direction.x < -1e-9 { upsideDown += 1 }
                if g.cluster != lastCluster { directions.append(placed.direction); lastCluster = g.cluster }
                let c = placed.inkBox(font: g.font)
                guard c[0] != c[2] else { continue }
                let box = OrientedBox(center: Point((c[0].x + c[2].x) / 2, (c[0].y + c[2].y) / 2), axis: placed.direction,
                                      halfLength: c[0].distance(to: c[1]) / 2, halfHeight: c[0].distance(to: c[3]) / 2)
                boxes.append((k, box))
                mine.append(box.center)
                area = area.union(box.bounds)
            }
            centres.append(mine)
            upright.append(upsideDown == upsideDownBefore)
            var total = 0.0
            for (a, b) in zip(directions, directions.dropFirst()) {
                let t = abs(Turn.degrees(from: a, to: b))
                worstTurn = max(worstTurn, t); total += t
            }
            worstTotal = max(worstTotal, total)
        }
        func pairs(grow: Double) -> Int {
            guard !boxes.isEmpty else { return 0 }
            var grid = GridIndex(area: area.outset(by: grow + 1), cellSize: 25)
            var count = 0
            // Each box against those of other labels inserted before it: every pair once.
            var byLabel: [Int: [OrientedBox]] = [:]
            for (label, box) in boxes { byLabel[label, default: []].append(box.outset(by: grow)) }
            for label in byLabel.keys.sorted() {
                for b in byLabel[label]! { count += grid.overlaps(b, except: label) }
                for b in byLabel[label]! { grid.insert(b, owner: label) }
            }
            return count
        }
        var close = 0
        if minDistance > 0 {
            let d2 = minDistance * minDistance
            for i in labels.indices {
                for j in labels.indices where j > i && labels[i].text != nil && labels[i].text == labels[j].text {
                    if centres[i].contains(where: { p in centres[j].contains { (p - $0).lengthSquared < d2 } }) { close += 1 }
                }
            }
        }
        func names(_ kept: [CheckLabel]) -> Int { Set(kept.compactMap(\.text)).count + kept.filter { $0.text == nil }.count }
        let uprightLabels = zip(labels, upright).filter(\.1).map(\.0)
        return CheckReport(labels: labels.count, names: names(labels), glyphs: glyphCount, overlappingPairs: pairs(grow: 0),
                           haloOverlappingPairs: halo > 0 ? pairs(grow: halo / 2) : pairs(grow: 0), worstNeighbourAngle: worstTurn,
                           worstTotalTurn: worstTotal, upsideDownGlyphs: upsideDown, uprightNames: names(uprightLabels),
                           closePairs: close)
    }

    /// The text among `names` whose shaped glyph ids are `label`'s, in order or reversed (an engine may
    /// list a flipped label's glyphs from its end), or `nil`.
    public static func name(of label: CheckLabel, among shaped: [(text: String, glyphs: [UInt32])]) -> String? {
        let ids = label.glyphs.map(\.glyph)
        let reversed = Array(ids.reversed())
        return shaped.first { $0.glyphs == ids || $0.glyphs == reversed }?.text
    }
}

extension GridIndex {
    /// How many held boxes of owners other than `owner` intersect `box`.
    public mutating func overlaps(_ box: OrientedBox, except owner: Int) -> Int {
        var n = 0
        forEachCandidate(box) { other, o in if o != owner && other.intersects(box) { n += 1 }; return true }
        return n
    }
}
