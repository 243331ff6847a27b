import Geometry
import Shaping
import Layout
import Render
import Requests

/// `text-decoration` per element, drawn as Chromium draws it: each line belongs to the element that
/// declares it (its *decorating box*) and spans the glyphs of that element's text, in that element's fill,
/// whatever the descendants' own fill.
///
/// Chromium's geometry (measured on resvg's suite): under each glyph the line is a tenth of the glyph's
/// font size thick; the underline is centred on the font's `post.underlinePosition`, the line-through
/// sits on its `OS/2.yStrikeoutPosition` and the overline on its ascender. Under each glyph the line follows the
/// glyph's own position (a `dy` list steps it, a path bends it, a tspan's alignment baseline moves it), not
/// the glyph's `baseline-shift`.
/// In vertical writing Chromium draws each line along the whole column: the underline just outside the em
/// box on the column's left (the line-under side of `vertical-rl`; CSS leaves the side to the user agent,
/// and Chromium does not put it on the right for Japanese), the overline over the text's top on its right
/// (half the primary font's height from the centre), each a tenth of the font size thick, and line-through
/// on the column's centre; where each character is a box of its own (on a `textPath`, or turned by
/// `rotate`) it draws a straight piece per character, turned with it.
/// The lines are shapes of the scene, drawn after the text.
enum SVGDecorations {
    /// A decoration line and the style entry of the element that declares it.
    struct Decorator: Hashable, Sendable {
        var line: TextDecoration
        var owner: Int
        /// Declared outside the text (on a `<g>`): its paint is the innermost declaring element's.
        var outside = false
    }

    /// The band of `line` for a font with `metrics` and `decoration` at `size`: its bottom and top edges,
    /// pixels up from the baseline.
    static func band(_ line: TextDecoration, metrics m: FontMetrics, decoration d: DecorationMetrics, size: Double) -> (bottom: Double, top: Double) {
        let t = size / 10
        switch line {
        case .underline:
            // post.underlinePosition is the line's top edge in the font's terms; Chromium centres its line there.
            let centre = d.underlinePosition
            return (centre - t / 2, centre + t / 2)
        case .lineThrough: return (d.strikeoutPosition, d.strikeoutPosition + t)
        case .overline: return (m.ascender, m.ascender + t)
        }
    }

    /// The band of `line` in vertical writing, for text of font size `size` whose primary font has
    /// `metrics`: its edges in pixels from the column's centre towards the path's left normal (the
    /// column's right on screen for a column running down the page). Blink's rule for the central
    /// baseline (`TextDecorationOffset::ComputeUnderlineOffsetForUnder`), in device pixels with the font's
    /// whole-pixel ascent and descent (``DevicePixelVerticalMetrics/rounded(_:)``): the underline a pixel
    /// outside the em box, its distance from the text's top (half the font's height, ascender − descender,
    /// from the centre) to the em box's bottom rounded down; the overline over the text's top; each a tenth
    /// of the font size thick; line-through on the centre.
    static func verticalBand(_ line: TextDecoration, size: Double, metrics: FontMetrics) -> (bottom: Double, top: Double) {
        let m = DevicePixelVerticalMetrics.rounded(metrics)
        let h = size / 2, t = size / 10, textTop = (m.ascender - m.descender) / 2
        let under = (textTop + h).rounded(.down) + 1 - textTop
        switch line {
        case .underline: return (-under - t, -under)
        case .overline: return (textTop, textTop + t)
        case .lineThrough: return (-t / 2, t / 2)
        }
    }

    /// The line `line` under vertical text drawn per character, as Chromium draws it where each character
    /// is a box of its own (on a `textPath`, or turned by `rotate`): a straight piece of
    /// ``verticalBand(_:size:metrics:)`` across each cluster's cell, on the tangent at the cell's middle,
    /// turned with the cluster (about its ``ClusterCell/pivot`` by its ``ClusterCell/rotation``).
    static func cellPieces(_ line: TextDecoration, _ cells: [ClusterCell], along measure: PathMeasure, size: Double,
                           metrics: FontMetrics) -> BezPath {
        let (bottom, top) = verticalBand(line, size: size, metrics: metrics)
        var path = BezPath()
        for c in cells where c.length > 0 {
            let turn = Affine.translate(Vector(c.pivot.x, c.pivot.y)) * .rotate(c.rotation) * .translate(Vector(-c.pivot.x, -c.pivot.y))
            let mid = measure.sample(at: c.start + c.length / 2)
            let a = mid.point - mid.tangent * (c.length / 2), b = mid.point + mid.tangent * (c.length / 2), n = mid.normal
            let corners = [a + n * (c.across + bottom), b + n * (c.across + bottom), b + n * (c.across + top), a + n * (c.across + top)]
                .map { turn.apply($0) }
            path.move(to: corners[0])
            for q in corners.dropFirst() { path.line(to: q) }
            path.close()
        }
        return path
    }

    /// The outline of a band along `measure` from distance `a` to `b` between `bottom` and `top` (pixels
    /// along the left normal): its edges sampled at the segment boundaries and at most every 2 px between.
    static func band(along measure: PathMeasure, from a: Double, to b: Double, bottom: Double, top: Double) -> BezPath {
        guard b > a else { return BezPath() }
        let steps = min(Int(((b - a) / 2).rounded(.up)), 1024)
        var at = (0...max(steps, 1)).map { a + (b - a) * Double($0) / Double(max(steps, 1)) }
        at += measure.segmentBoundaries(from: a, to: b)
        at.sort()
        let samples = at.map { measure.sample(at: $0) }
        var path = BezPath()
        path.move(to: samples[0].point + samples[0].normal * bottom)
        for s in samples.dropFirst() { path.line(to: s.point + s.normal * bottom) }
        for s in samples.reversed() { path.line(to: s.point + s.normal * top) }
        path.close()
        return path
    }

    /// The outline of a line under `glyphs` (each with its baseline point, direction and extent along it)
    /// between `bottom` and `top` (pixels up): one quadrilateral per glyph, so that the line follows the
    /// glyphs where they step or turn.
    static func outline(_ glyphs: [(base: Point, direction: Vector, length: Double)], bottom: Double, top: Double) -> BezPath {
        var path = BezPath()
        for g in glyphs where g.length > 0 {
            let up = g.direction.turnedLeft
            let a = g.base + up * bottom, b = g.base + up * top
            let along = g.direction * g.length
            path.move(to: a)
            path.line(to: a + along)
            path.line(to: b + along)
            path.line(to: b)
            path.close()
        }
        return path
    }
}

extension SVGDocumentReader {
    /// The primary font of a run drawn with `style`, and its size (nil when no font loads).
    func primaryFont(_ style: RunStyle) -> (font: Typeface, size: Double)? {
        var label = SceneLabel(path: .line(from: Point(0, 0), to: Point(1, 0)))
        label.runs = [SceneRun(text: "x", style: style)]
        guard let resolved = try? resolver.resolve(label, index: 0), let run = resolved.text.runs.first,
              let font = run.attributes.fonts.first else { return nil }
        return (font, run.attributes.size)
    }

    /// The metrics of the primary font of a run drawn with `style` (nil when no font loads).
    func primaryMetrics(_ style: RunStyle) -> FontMetrics? {
        primaryFont(style).map { $0.font.metrics(size: $0.size) }
    }

    /// Draws the decoration lines of the label at `labelIndex` in the scene: `runDecorators` gives each run's
    /// lines (in run order), `runShifts` each run's `baseline-shift` (device pixels, up), `owner` each line's
    /// owner's run style and fill colour; each line goes under the glyphs of the runs it covers, in its
    /// owner's fill. `perCharacter`: the label's characters are boxes of their own (a `textPath`'s), whose
    /// vertical lines are drawn per character.
    func drawDecorations(labelIndex: Int, runDecorators: [[SVGDecorations.Decorator]], runShifts: [Double], perCharacter: Bool,
                         owner: (Int) -> (style: RunStyle, color: RGBAColor?)) {
        let label = scene.labels[labelIndex]
        guard runDecorators.contains(where: { !$0.isEmpty }), let runs = label.runs,
              let resolved = try? resolver.resolve(label, index: labelIndex), let placed = try? resolved.layout() else { return }
        // The run of each UTF-8 byte of the label's text.
        var runOfByte: [Int] = []
        for (r, run) in runs.enumerated() { runOfByte += Array(repeating: r, count: run.text.utf8.count) }
        var decorators: [SVGDecorations.Decorator] = []
        for list in runDecorators { for d in list where !decorators.contains(d) { decorators.append(d) } }
        for d in decorators {
            let ownerPaint = owner(d.owner)
            let stroked = ((ownerPaint.style.stroke?.a ?? 0) > 0 || ownerPaint.style.strokeGradient != nil) && (ownerPaint.style.strokeWidth ?? 0) > 0
            guard let color = ownerPaint.color, color.a > 0 || stroked else { continue }
            var outline = BezPath()
            var strip: (base: Point, direction: Vector, length: Double, bottom: Double, top: Double)?
            func flush() {
                guard let s = strip else { return }
                outline.subpaths += SVGDecorations.outline([(s.base, s.direction, s.length)], bottom: s.bottom, top: s.top).subpaths
                strip = nil
            }
            if label.options.writingMode == .vertical {
                outline = verticalOutline(d.line, label: label, placed: placed, perCharacter: perCharacter)
            } else {
            for line in placed {
                let glyphs = line.glyphs
                for (k, g) in glyphs.enumerated() {
                    let r = g.cluster < runOfByte.count ? runOfByte[g.cluster] : runs.count - 1
                    guard r < runDecorators.count, runDecorators[r].contains(d) else { continue }
                    let shift = r < runShifts.count ? runShifts[r] : 0
                    let base = g.origin - g.direction.turnedLeft * shift
                    // Up to the next glyph when it follows on the same line (letter and word spacing included).
                    var length = g.advance
                    if k + 1 < glyphs.count {
                        let next = glyphs[k + 1]
                        let gap = (next.origin - g.origin).dot(g.direction)
                        if gap > 0, gap < 3 * max(g.advance, g.size) { length = gap }
                    }
                    let font = line.font(of: g)
                    let (bottom, top) = SVGDecorations.band(d.line, metrics: font.metrics(size: g.size),
                                                            decoration: font.decorationMetrics(size: g.size), size: g.size)
                    // One strip while the glyphs follow on in line with the same band (a stroke then has no seams).
                    if var s = strip, s.bottom == bottom, s.top == top, (s.direction - g.direction).length < 1e-9,
                       (s.base + s.direction * s.length - base).length < 1e-6 {
                        s.length += length; strip = s
                    } else {
                        flush()
                        strip = (base, g.direction, length, bottom, top)
                    }
                }
            }
            flush()
            }
            guard !outline.isEmpty, Self.isFinite(outline) else { continue }
            var shape = SceneShape(type: .path, id: nil)
            shape.d = outline
            shape.fill = color
            // A gradient fill spans the decorated label's box, as it does for the glyphs.
            if let g = owner(d.owner).style.fillGradient, let box = placed.compactMap(\.objectBoundingBox).first {
                shape.fillGradient = g.resolved(in: box)
                if let o = owner(d.owner).style.fillOpacity, o < 1, var resolved = shape.fillGradient {
                    for k in resolved.stops.indices { resolved.stops[k].color = RunPaint.faded(resolved.stops[k].color, o) }
                    shape.fillGradient = resolved
                }
            }
            // The owner's stroke outlines its lines too (as Chromium draws them).
            let ownerStyle = owner(d.owner).style
            if let stroke = ownerStyle.stroke, stroke.a > 0, let w = ownerStyle.strokeWidth, w > 0 {
                shape.stroke = RunPaint.faded(stroke, ownerStyle.strokeOpacity ?? 1); shape.strokeWidth = w
            }
            // A gradient stroke spans the decorated label's box, as the fill's gradient does.
            if let g = ownerStyle.strokeGradient, let w = ownerStyle.strokeWidth, w > 0,
               let box = placed.compactMap(\.objectBoundingBox).first, var resolved = g.resolved(in: box) {
                if let o = ownerStyle.strokeOpacity, o < 1 {
                    for k in resolved.stops.indices { resolved.stops[k].color = RunPaint.faded(resolved.stops[k].color, o) }
                }
                shape.strokeGradient = resolved; shape.strokeWidth = w
            }
            scene.order!.append(.shape(scene.shapes.count))
            scene.shapes.append(shape)
        }
    }

    /// Chromium's line `line` in vertical writing: along each placed line's column from its text's start to
    /// its end (the label's distances mapped to arc length where they are chords), across by the label's
    /// perpendicular shift and ``SVGDecorations/verticalBand(_:size:metrics:)`` of its first glyph's size
    /// and its first run's primary font; in pieces per character (``SVGDecorations/cellPieces(_:_:along:size:metrics:)``)
    /// when `perCharacter` (a `textPath`'s characters are boxes of their own in Chromium) or `rotate`
    /// turns some character.
    func verticalOutline(_ line: TextDecoration, label: SceneLabel, placed: [PlacedLabel], perCharacter: Bool) -> BezPath {
        var outline = BezPath()
        guard let style = label.runs?.first?.style, let metrics = primaryMetrics(style) else { return outline }
        for p in placed {
            guard let measure = p.measure, let size = p.glyphs.first?.size else { continue }
            if !p.cells.isEmpty, perCharacter || p.cells.contains(where: { $0.rotation != 0 }) {
                outline.subpaths += SVGDecorations.cellPieces(line, p.cells, along: measure, size: size, metrics: metrics).subpaths
                continue
            }
            var a = p.start, b = p.start + p.advance
            if case .skiaChords(let tolerance) = label.options.distances {
                let chords = ChordDistances(measure, tolerance: tolerance)
                a = chords.arcDistance(at: a); b = chords.arcDistance(at: b)
            }
            a = max(a, 0); b = min(b, measure.length)
            let (bottom, top) = SVGDecorations.verticalBand(line, size: size, metrics: metrics)
            let shift = label.options.dy
            outline.subpaths += SVGDecorations.band(along: measure, from: a, to: b, bottom: bottom + shift, top: top + shift).subpaths
        }
        return outline
    }
}
