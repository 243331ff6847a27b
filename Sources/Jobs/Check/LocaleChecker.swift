import Support
import JSON
import Geometry
import Shaping
import Layout
import Requests

/// Lays out every label of a scene in every locale of a string table and reports, per locale and label,
/// whether it fits, what is missing, which fonts it fell back to, and what collides.
///
/// Each locale's scene is the template with each label's text replaced by its translation (matched by
/// key: the label's own text, or `labels[N]`) and its `lang` set to the locale; labels without a
/// translation keep their text (and are laid out with the locale's `lang` too).
public enum LocaleChecker {
    /// The template with `locale`'s translations and `lang`.
    public static func scene(_ template: Scene, locale: String, strings: StringTable) -> Scene {
        var scene = template
        for i in scene.labels.indices { scene.labels[i] = localized(template.labels[i], index: i, locale: locale, strings: strings).label }
        return scene
    }

    /// The label in `locale`, and the key its translation came from.
    static func localized(_ label: SceneLabel, index: Int, locale: String, strings: StringTable) -> (label: SceneLabel, key: String?) {
        var l = label
        let texts = strings.texts[locale] ?? [:]
        let source = label.text ?? label.runs.map { $0.map(\.text).joined() }
        var key: String? = nil
        if let t = texts["labels[\(index)]"] { key = "labels[\(index)]"; set(t) }
        else if let s = source, let t = texts[s] { key = s; set(t) }
        func set(_ t: String) {
            if let runs = l.runs, let first = runs.first {
                // A translation replaces the runs with one run in the first run's attributes.
                l.style = first.style.over(l.style)
                l.runs = nil
            }
            l.text = t
        }
        l.style.language = locale
        if var runs = l.runs { for k in runs.indices { runs[k].style.language = locale }; l.runs = runs }
        return (l, key)
    }

    /// Checks `template` in every locale of `strings` (in the table's order), with `resolver`'s fonts
    /// (set its ``SceneResolver/systemFallback`` off for shipped fonts only).
    /// - Throws: ``SceneError`` for a template (or translation) that cannot be laid out.
    public static func check(_ template: Scene, strings: StringTable, resolver: SceneResolver) throws(SceneError) -> [LabelCheck] {
        try checkLabelKeys(strings, labels: template.labels.count)
        var shapes: [String: BezPath] = [:], definitions: [String: SceneShape] = [:]
        for (i, shape) in template.shapes.enumerated() {
            guard let id = shape.id else { continue }
            shapes[id] = try shape.path(at: "shapes[\(i)]")
            definitions[id] = shape
        }
        var out: [LabelCheck] = []
        for locale in strings.locales {
            var inks: [[InkBox]] = [], checks: [LabelCheck] = []
            for (i, template) in template.labels.enumerated() {
                let (label, key) = localized(template, index: i, locale: locale, strings: strings)
                let resolved = try resolver.resolve(label, index: i, shapes: shapes, definitions: definitions)
                let labels: [PlacedLabel]
                do { labels = try resolved.layout() } catch {
                    throw SceneError("labels[\(i)]", "in \(locale): \(error.description)")
                }
                let boxes = labels.map(InkBox.inked)
                inks.append(boxes.flatMap { $0 })
                checks.append(check(labels, boxes: boxes, resolved: resolved, locale: locale, index: i, key: key,
                                    text: label.text ?? (label.runs ?? []).map(\.text).joined()))
            }
            // Ink against the other labels of the same locale's scene: each pair once (the test is
            // symmetric), each list ascending.
            for a in inks.indices {
                for b in inks.indices where b > a && InkBox.overlap(inks[a], inks[b]) {
                    checks[a].overlaps.append(b); checks[b].overlaps.append(a)
                }
            }
            for a in checks.indices { checks[a].overlaps.sort() }
            out += checks
        }
        return out
    }

    /// Refuses a key of the form `labels[…]` that names no label of the scene (`labels[7]` of a scene of 4
    /// labels, `labels[-1]`, `labels[0x1]`, `labels[01]`): a translation that would be silently unused.
    /// A key that is a text no label has is fine (a table shared by several screens).
    static func checkLabelKeys(_ strings: StringTable, labels count: Int) throws(SceneError) {
        for key in strings.keys where key.hasPrefix("labels[") {
            guard let n = labelIndex(key), n < count else {
                let range = count == 0 ? "no labels" : count == 1 ? "1 label (labels[0])" : "\(count) labels (labels[0] to labels[\(count - 1)])"
                throw SceneError("", "the string table's key \(MessageText.quoted(MessageText.shortened(key, limit: 40))) names no label: the scene has \(range)")
            }
        }
    }

    /// N of `labels[N]`, N in decimal digits without leading zeros (at most 9 of them); `nil` otherwise.
    static func labelIndex(_ key: String) -> Int? {
        guard key.hasPrefix("labels["), key.hasSuffix("]") else { return nil }
        let digits = key.utf8.dropFirst(7).dropLast()
        guard (1...9).contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              digits.count == 1 || digits.first != 0x30 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// The check of one label's placements; `boxes` are each placement's inked glyphs' boxes.
    static func check(_ labels: [PlacedLabel], boxes: [[InkBox]], resolved: ResolvedLabel, locale: String, index: Int, key: String?, text: String) -> LabelCheck {
        let requested = resolved.text.runs.first?.attributes.size ?? RunStyle.defaultSize
        var fit = LabelFit.fits
        var missing: [UInt32] = [], suppressed = 0, size = requested
        var synthesized: [SynthesizedFont] = []
        for l in labels {
            size = l.size
            for d in l.diagnostics {
                switch d {
                case .missingGlyphs(let m): for c in m.characters where !missing.contains(c.value) { missing.append(c.value) }
                case .suppressedSpacing(let c): suppressed += c.count
                case .synthesized(let s): synthesized.add(s)
                case .truncated: if fit.drawnWhole { fit = .ellipsized }
                case .shrunk(_, let to, let fits): if fits, fit == .fits { fit = .shrunk(to: to) } else if !fits { fit = .overflows }
                case .wrapped(let n):
                    if case .shrunk(let to) = fit { fit = .wrapped(lines: n, size: to) } else if fit == .fits { fit = .wrapped(lines: n, size: nil) }
                case .droppedClusters: fit = .overflows
                case .rejectedTurn: fit = .rejected
                case .shaping, .elongatedSpacing: break
                case .elongationUnavailable, .colorGlyph: break
                }
            }
        }
        if labels.isEmpty { fit = .rejected }
        // Fonts: the first of the label's first run is its own; the rest of its stacks are shipped, any
        // other font came from the system.
        // Fonts are compared by identity and looked at once a label, not once a glyph: every thread's labels
        // use the same fonts, and a retain of one (or of its name) moves its cache line between cores.
        let runs = resolved.text.runs
        let primary = runs.first?.attributes.fonts.first.map(ObjectIdentifier.init)
        var stack = Set<ObjectIdentifier>()
        for r in runs { for f in r.attributes.fonts { stack.insert(ObjectIdentifier(f)) } }
        var fallback: [FallbackFont] = []
        for l in labels {
            // The label's fonts in the order their first inked glyphs come.
            var seen = [Bool](repeating: false, count: l.fonts.count), order: [Int] = []
            for g in l.glyphs where g.glyph != 0 && !seen[g.fontIndex] { seen[g.fontIndex] = true; order.append(g.fontIndex) }
            for k in order {
                let font = l.fonts[k]
                guard ObjectIdentifier(font) != primary else { continue }
                let f = FallbackFont(name: font.name, system: !stack.contains(ObjectIdentifier(font)))
                if !fallback.contains(f) { fallback.append(f) }
            }
        }
        let collisions = boxes.reduce(0) { $0 + InkBox.collisions(among: $1) }
        return LabelCheck(locale: locale, label: index, key: key, text: text, fit: fit, requestedSize: requested, size: size,
                          missing: missing, fallbackFonts: fallback, suppressedSpacing: suppressed, overlaps: [],
                          collisions: collisions, diagnostics: labels.flatMap(\.diagnosticRecords), synthesized: synthesized)
    }
}

/// A glyph's ink box as placed: the four corners of its outline's bounds under the glyph's transform, a
/// parallelogram when the glyph is slanted (synthesized oblique) or stretched, for overlap tests by
/// separating axes. (The placer's `OrientedBox` is a rectangle: a label's collision box, not its ink.)
struct InkBox {
    /// Corners: bottom-left, bottom-right, top-right, top-left in the glyph's frame.
    var corners: (Point, Point, Point, Point)
    /// The corners' axis-aligned bounds on the canvas.
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// The glyph's ink extent along its baseline from its origin, and its distance along the path.
    var inkMinX: Double, inkMaxX: Double, pathDistance: Double, cluster: Int

    /// The boxes of `label`'s glyphs that have ink.
    static func inked(_ label: PlacedLabel) -> [InkBox] {
        var out: [InkBox] = []
        out.reserveCapacity(label.glyphs.count)
        label.fonts.withUnsafeBufferPointer { fonts in
            for g in label.glyphs {
                // The font at +0: every thread's labels use the same fonts, and a retain of one moves its
                // cache line between cores (a retain a glyph, ≈ 2 700 a job of the dial's 50 locales).
                let box = fonts.withUnretained(g.fontIndex) { InkBox(g, font: $0) }
                if !box.isEmpty { out.append(box) }
            }
        }
        return out
    }

    /// The box of glyph `g` in `font` (borrowed: an initializer's parameter is otherwise owned, a retain of
    /// the font each glyph).
    init(_ g: borrowing PlacedGlyph, font: borrowing Typeface) {
        corners = g.inkCorners(font: font)
        let d = g.direction, o = g.origin, c = corners
        inkMinX = (c.0 - o).dot(d); inkMaxX = (c.1 - o).dot(d)
        minX = min(min(c.0.x, c.1.x), min(c.2.x, c.3.x)); maxX = max(max(c.0.x, c.1.x), max(c.2.x, c.3.x))
        minY = min(min(c.0.y, c.1.y), min(c.2.y, c.3.y)); maxY = max(max(c.0.y, c.1.y), max(c.2.y, c.3.y))
        pathDistance = g.pathDistance; cluster = g.cluster
    }

    /// Whether the glyph has no ink (a space).
    var isEmpty: Bool { corners.0 == corners.2 }

    /// How deep two boxes interpenetrate: the smallest overlap of their projections on the four edge
    /// normals (≤ 0: apart).
    static func depth(_ a: InkBox, _ b: InkBox) -> Double {
        func overlap(on edge: Vector) -> Double {
            guard let axis = edge.normalized else { return .infinity }
            let pa = a.projected(on: axis), pb = b.projected(on: axis)
            return min(pa.max, pb.max) - max(pa.min, pb.min)
        }
        let least = min(min(overlap(on: a.corners.1 - a.corners.0), overlap(on: a.corners.2 - a.corners.1)),
                        min(overlap(on: b.corners.1 - b.corners.0), overlap(on: b.corners.2 - b.corners.1)))
        return least.isFinite ? least : -1
    }

    /// The least and greatest projection of the corners on `axis`.
    private func projected(on axis: Vector) -> (min: Double, max: Double) {
        let p0 = Vector(corners.0.x, corners.0.y).dot(axis), p1 = Vector(corners.1.x, corners.1.y).dot(axis)
        let p2 = Vector(corners.2.x, corners.2.y).dot(axis), p3 = Vector(corners.3.x, corners.3.y).dot(axis)
        return (Swift.min(Swift.min(p0, p1), Swift.min(p2, p3)), Swift.max(Swift.max(p0, p1), Swift.max(p2, p3)))
    }

    /// Whether any glyph of `a` overlaps any glyph of `b` by more than half a pixel.
    static func overlap(_ a: [InkBox], _ b: [InkBox]) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        let ra = bounds(a), rb = bounds(b)
        guard ra.minX < rb.maxX, rb.minX < ra.maxX, ra.minY < rb.maxY, rb.minY < ra.maxY else { return false }
        for x in a {
            // Boxes whose bounds are apart (or touch) cannot interpenetrate on every axis.
            for y in b where x.minX < y.maxX && y.minX < x.maxX && x.minY < y.maxY && y.minY < x.maxY && depth(x, y) > 0.5 { return true }
        }
        return false
    }

    static func bounds(_ boxes: [InkBox]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var r = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for b in boxes { r.minX = min(r.minX, b.minX); r.maxX = max(r.maxX, b.maxX); r.minY = min(r.minY, b.minY); r.maxY = max(r.maxY, b.maxY) }
        return r
    }

    /// Neighbouring glyphs of different clusters (in path order) whose ink boxes interpenetrate by more
    /// than half a pixel on the path, though set straight (the same distances along a line) they would not.
    static func collisions(among inked: [InkBox]) -> Int {
        let boxes = inked.sorted { $0.pathDistance < $1.pathDistance }
        guard boxes.count > 1 else { return 0 }
        var n = 0
        for k in 1..<boxes.count {
            let a = boxes[k - 1], b = boxes[k]
            guard a.cluster != b.cluster else { continue }
            let straight = a.pathDistance + a.inkMaxX - (b.pathDistance + b.inkMinX)
            if straight <= 0.5, depth(a, b) > 0.5 { n += 1 }
        }
        return n
    }
}
