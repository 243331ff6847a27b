import XML
import Support
import Geometry
import Shaping
import Layout
import Render
import Requests

/// One `<text>` element turned into labels.
///
/// The characters of the element and its `<tspan>`, `<a>` and `<textPath>` descendants are collected in
/// document order with white space collapsed as CSS does (or kept, with `xml:space="preserve"` or
/// `white-space: pre`). Each character gets its resolved `x`, `y`, `dx`, `dy` and `rotate` (the innermost
/// element's value wins; `rotate`'s last value repeats over the element's remaining characters). Then:
/// - the characters of a `<textPath>` are one label on that path, anchored at `startOffset`;
/// - other characters form text chunks, a new one at each absolute `x` or `y` (SVG 2; Chromium), each a
///   label on a straight line through the chunk's start, anchored by `text-anchor`. A chunk that starts
///   without an absolute position (or with only one of the two)
///   continues where the text before it ended (after a `<textPath>`: at the path's end point, as SVG 2
///   says and Chromium draws).
/// Runs are consecutive characters with one style. Lists are per grapheme (a cluster takes its first
/// character's values), as Chromium positions clusters.
struct SVGTextReader {
    let reader: SVGDocumentReader
    let text: XMLElement
    let ctm: Affine
    let style: SVGStyle

    struct Char { var scalar: Unicode.Scalar; var style: Int; var path: Int? }
    struct PathInfo { var element: XMLElement; var style: SVGStyle }
    struct Positions { var element: XMLElement; var range: Range<Int>; var x, y, dx, dy: [Double]?; var rotate: [Double]? }

    private final class State {
        var chars: [Char] = []
        /// Each element's style, with its alignment baseline and its cumulative baseline shift (device
        /// pixels, up positive; ``SVGBaselines``).
        var styles: [(style: SVGStyle, element: XMLElement, baseline: SVGBaseline, shift: Double,
                      decorators: [SVGDecorations.Decorator])] = []
        /// The style entry of each run of the label built last (``runsAndLists``).
        var runOwners: [Int] = []
        /// The labels of this text in the scene, with their runs' style entries (for their decorations) and whether each is a textPath's.
        var decorated: [(label: Int, owners: [Int], onPath: Bool)] = []
        var paths: [PathInfo] = []
        /// Each path's outline in user space and its `pathLength`; nil when the textPath refers to nothing
        /// drawable (its characters are then left out, as resvg does).
        var outlines: [(path: BezPath, pathLength: Double?)?] = []
        var positions: [Positions] = []
        /// The characters of each element with `unicode-bidi: bidi-override`, and its direction.
        var overrides: [(range: Range<Int>, rtl: Bool)] = []
        var lastSpace = true
    }

    /// A distance along a line through a chunk's start that no text reaches: the start sits at its middle.
    static let reach = 100_000.0

    func read() throws(SVGError) {
        let st = State()
        let rootBaseline = style.alignmentBaseline ?? style.dominantBaseline
        collect(text, style: style, path: nil, baseline: rootBaseline, shift: 0, decorators: [], parentDecoration: [], into: st)
        // A textPath with no path draws nothing: its characters are left out, so the text around it is one
        // chunk (resvg's picture; Chromium 156 leaves out the text after it too).
        st.outlines = st.paths.map(outline)
        if st.outlines.contains(where: { $0 == nil }) {
            // Position lists index the characters: each range moves to the kept characters before it.
            var kept: [Char] = [], map: [Int] = []
            for c in st.chars {
                map.append(kept.count)
                if let p = c.path, st.outlines[p] == nil { continue }
                if c.scalar == " ", kept.last?.scalar == " ", !st.styles[c.style].style.preserveSpaces { continue }
                kept.append(c)
            }
            map.append(kept.count)
            for i in st.positions.indices {
                let r = st.positions[i].range
                st.positions[i].range = map[r.lowerBound]..<max(map[r.lowerBound], map[r.upperBound])
            }
            for i in st.overrides.indices {
                let r = st.overrides[i].range
                st.overrides[i].range = map[r.lowerBound]..<max(map[r.lowerBound], map[r.upperBound])
            }
            st.chars = kept
        }
        // Trailing collapsible space.
        if let last = st.chars.last, last.scalar == " ", !st.styles[last.style].style.preserveSpaces { st.chars.removeLast() }
        guard !st.chars.isEmpty else { return }
        let n = st.chars.count
        var X = [Double?](repeating: nil, count: n), Y = X, R = X
        var DX = [Double](repeating: 0, count: n), DY = DX
        for p in st.positions {
            let r = p.range.clamped(to: 0..<n)
            for (list, isX) in [(p.x, true), (p.y, false)] {
                guard let list else { continue }
                for (k, v) in list.enumerated() where r.lowerBound + k < r.upperBound {
                    if isX { X[r.lowerBound + k] = v } else { Y[r.lowerBound + k] = v }
                }
            }
            if let list = p.dx { for (k, v) in list.enumerated() where r.lowerBound + k < r.upperBound { DX[r.lowerBound + k] = v } }
            if let list = p.dy { for (k, v) in list.enumerated() where r.lowerBound + k < r.upperBound { DY[r.lowerBound + k] = v } }
            if let list = p.rotate, let lastValue = list.last {
                for i in r { let k = i - r.lowerBound; R[i] = k < list.count ? list[k] : lastValue }
            }
        }
        let vertical = style.writingMode == .vertical
        // textLength on a <tspan>: its characters spaced so that they span that length, by dx steps.
        for p in st.positions where p.element.name == "tspan" {
            guard let raw = p.element.attribute("textLength") else { continue }
            let r = p.range.clamped(to: 0..<n)
            guard let l = SVGLength(raw), l.value >= 0, !r.isEmpty else {
                reader.warn(p.element, "textLength", "cannot read \"\(raw)\": ignored")
                continue
            }
            if p.element.attribute("lengthAdjust") == "spacingAndGlyphs" {
                reader.warn(p.element, "lengthAdjust", "spacingAndGlyphs on a <tspan> is drawn as spacing (the glyphs are not stretched)")
            }
            var c = reader.context
            c.fontSize = st.styles[st.chars[r.lowerBound].style].style.fontSize
            guard let natural = advance(st, r) else { continue }
            let scale = scaleOfCTM().0
            // As Chromium: the extra space goes between the characters (the first starts, the last ends
            // the length), and the text after moves on by one step more.
            let delta = (l.resolved(c) - natural / scale) / Double(max(1, r.count - 1))
            for i in (r.lowerBound + 1)...r.upperBound where i < n { DX[i] += delta }
        }
        // Segments: a textPath's characters, or a plain text chunk.
        var segments: [(range: Range<Int>, path: Int?)] = []
        var start = 0
        for i in 1...n {
            let breaks: Bool
            if i == n { breaks = true } else if st.chars[i].path != st.chars[i - 1].path { breaks = true } else if st.chars[i].path == nil {
                // SVG 2 and Chromium: every absolutely positioned character (x or y) starts a text chunk.
                breaks = Y[i] != nil || X[i] != nil
            } else {
                // On a path, an absolute x (y in vertical writing) is a new position along the path.
                breaks = vertical ? Y[i] != nil : X[i] != nil
            }
            if breaks { segments.append((start..<i, st.chars[start].path)); start = i }
        }
        let (scale, exact) = scaleOfCTM()
        if !exact { reader.warn(text, "transform", "text under a skew, unequal scale or mirror is drawn with the transform's mean scale, upright") }
        let inverse = ctm.inverse ?? .identity
        var current = Point(0, 0)
        var labels: [(SceneLabel, Int)] = []
        for (k, seg) in segments.enumerated() {
            let first = seg.range.lowerBound
            let needsEnd = k + 1 < segments.count
            if let p = seg.path {
                // SVG 1.1 and both references: an absolute x on a character in a textPath is its distance
                // along the path (after startOffset), and starts a new part of the text there.
                let along = (vertical ? Y[first] : X[first]).map { $0 * scale }
                guard let (label, devicePath) = pathLabel(st, seg.range, pathIndex: p, along: along, DX: DX, DY: DY, R: R, scale: scale) else { continue }
                guard SVGDocumentReader.isFinite(devicePath), scale.isFinite else {
                    reader.warn(text, "transform", "the text's path overflows on the canvas: not drawn")
                    continue
                }
                labels.append((label, seg.range.count))
                st.decorated.append((reader.scene.labels.count, st.runOwners, true))
                add(label, st, seg.range, path: seg.path)
                // SVG 2 (and Chromium): text after a textPath continues from the path's end point.
                if needsEnd { current = inverse.apply(devicePath.currentPoint) }
            } else {
                var dy = DY
                let startPoint = Point(X[first] ?? current.x, Y[first] ?? current.y)
                if !vertical {
                    // An absolute y inside the chunk: a dy jump to it.
                    var y = startPoint.y + dy[first]
                    for i in seg.range.dropFirst() {
                        if let yy = Y[i] { dy[i] = yy + dy[i] - y }
                        y += dy[i]
                    }
                }
                guard let (label, devicePath) = plainLabel(st, seg.range, start: startPoint, DX: DX, DY: dy, R: R, scale: scale) else { continue }
                guard SVGDocumentReader.isFinite(devicePath), scale.isFinite else {
                    reader.warn(text, "transform", "the text's position overflows on the canvas: not drawn")
                    continue
                }
                labels.append((label, seg.range.count))
                st.decorated.append((reader.scene.labels.count, st.runOwners, false))
                add(label, st, seg.range, path: seg.path)
                if needsEnd, let end = measuredEnd(label, on: devicePath) {
                    current = inverse.apply(end)
                    // The end of the baseline: the chunk's dy shifts count (measured on the unshifted line).
                    let total = seg.range.reduce(0.0) { $0 + (vertical ? DX[$1] : dy[$1]) }
                    current = vertical ? Point(current.x + total, current.y) : Point(current.x, current.y + total)
                }
            }
        }
        // textLength on <text>: fits its one label.
        if let raw = text.attribute("textLength") {
            if labels.count == 1, let l = SVGLength(raw) {
                var label = reader.scene.labels[reader.scene.labels.count - 1]
                let length = l.resolved(reader.context) * scale
                if length > 0 {
                    label.options.fit = (text.attribute("lengthAdjust") == "spacingAndGlyphs") ? .stretch(length: length) : .spacing(length: length)
                    reader.scene.labels[reader.scene.labels.count - 1] = label
                }
            } else {
                reader.warn(text, "textLength", "applies only to a text of one chunk here: ignored")
            }
        }
        drawDecorations(st, scale: scale)
    }

    /// Adds the label of the characters `range` to the scene, through the filter of the `<textPath>` or
    /// `<tspan>` that holds them all, as Chromium draws one (``SVGDocumentReader/filtered(_:_:ctm:_:)``).
    private func add(_ label: SceneLabel, _ st: State, _ range: Range<Int>, path: Int?) {
        var owner: (element: XMLElement, style: SVGStyle)?
        if let p = path, st.paths[p].style.filter != nil { owner = (st.paths[p].element, st.paths[p].style) }
        for (k, entry) in st.styles.enumerated() where k > 0 && owner == nil && entry.style.filter != nil && entry.element.name != "textPath" {
            let r = st.positions[k].range
            if r.lowerBound <= range.lowerBound, range.upperBound <= r.upperBound {
                owner = (entry.element, entry.style)
            } else if r.overlaps(range) {
                reader.warn(entry.element, "filter", "a filter on part of a text chunk is not supported: drawn without it")
            }
        }
        guard let owner else { return reader.add(label) }
        reader.filtered(owner.element, owner.style, ctm: ctm) { reader.add(label) }
    }

    /// The advance of the characters `range` laid out alone on a straight line (device pixels).
    private func advance(_ st: State, _ range: Range<Int>) -> Double? {
        var runs: [SceneRun] = [], text = "", current = -1
        let scale = scaleOfCTM().0
        for i in range {
            let c = st.chars[i]
            if c.style != current, !text.isEmpty {
                runs.append(SceneRun(text: text, style: runStyle(st.styles[current].style, element: st.styles[current].element, scale: scale)))
                text = ""
            }
            current = c.style
            text.unicodeScalars.append(c.scalar)
        }
        if !text.isEmpty { runs.append(SceneRun(text: text, style: runStyle(st.styles[current].style, element: st.styles[current].element, scale: scale))) }
        var label = SceneLabel(path: .line(from: Point(-Self.reach, 0), to: Point(Self.reach, 0)))
        label.runs = runs
        label.options.writingMode = style.writingMode
        guard let resolved = try? reader.resolver.resolve(label, index: 0), let placed = try? resolved.layout().first else { return nil }
        return placed.advance
    }

    /// Each label's decoration lines, once its fit is known.
    private func drawDecorations(_ st: State, scale: Double) {
        for (index, owners, onPath) in st.decorated {
            reader.drawDecorations(labelIndex: index, runDecorators: owners.map { st.styles[$0].decorators },
                                   runShifts: owners.map { st.styles[$0].shift }, perCharacter: onPath) { i in
                let e = st.styles[i]
                var style = runStyle(e.style, element: e.element, scale: scale)
                let color = e.style.visible ? runPaint(e.style, element: e.element, scale: scale, into: &style) : nil
                return (style, color)
            }
        }
    }

    /// The scale the transform applies to text, and whether the transform is a similarity.
    func scaleOfCTM() -> (Double, Bool) {
        if let s = SVGTransform.similarity(ctm) { return (s.scale, true) }
        return (abs(ctm.determinant).squareRoot(), false)
    }

    // MARK: Collecting characters

    private func collect(_ e: XMLElement, style: SVGStyle, path: Int?, baseline: SVGBaseline, shift parentShift: Double,
                         decorators parentDecorators: [SVGDecorations.Decorator], parentDecoration: [TextDecoration], into st: State) {
        let styleIndex = st.styles.count
        // The lines this element declares are its own (it is their decorating box, even for a line an
        // ancestor declares too); the others are its parent's. Lines from outside the text (a <g>'s) have
        // no decorating box in it: Chromium paints them in the innermost element that declares a line,
        // the element outside that declares one when nothing inside does (an entry of its own after the
        // text's, which no character uses).
        var decorators = parentDecorators
        let outsideBox = styleIndex == 0 && style.declaredDecoration.isEmpty ? style.decoratingBox : nil
        if styleIndex == 0 {
            let owner = outsideBox == nil ? styleIndex : styleIndex + 1
            decorators += style.decoration.filter { !style.declaredDecoration.contains($0) }
                .map { SVGDecorations.Decorator(line: $0, owner: owner, outside: true) }
        } else if !style.declaredDecoration.isEmpty {
            decorators = decorators.map { $0.outside ? SVGDecorations.Decorator(line: $0.line, owner: styleIndex, outside: true) : $0 }
        }
        decorators += style.declaredDecoration.map { SVGDecorations.Decorator(line: $0, owner: styleIndex) }
        var shift = parentShift
        if style.baselineShift != .length(0) {
            let scale = scaleOfCTM().0
            let metrics = style.baselineShift == .length(0) ? nil : reader.primaryMetrics(runStyle(style, element: e, scale: scale))
            shift += SVGBaselines.shift(style.baselineShift, metrics, scale: scale)
        }
        st.styles.append((style, e, baseline, shift, decorators))
        if let box = outsideBox { st.styles.append((box.style, box.element, baseline, shift, [])) }
        let positionIndex = st.positions.count
        let start = st.chars.count
        st.positions.append(positions(e, style: style, range: start..<start))
        for child in e.children {
            switch child {
            case .text(let t):
                append(t, style: styleIndex, path: path, preserve: style.preserveSpaces, into: st)
            case .element(let c):
                guard reader.isSVG(c) else { continue }
                switch c.name {
                case "tspan", "a":
                    let s = reader.computedStyle(c, parent: style)
                    guard s.display else { continue }
                    if self.style.writingMode == .vertical, s.decoration != style.decoration {
                        reader.warn(c, "text-decoration", "in vertical writing decorations apply to whole labels: the label's own decoration is drawn")
                    }
                    let b = SVGBaselines.alignment(child: s, parent: style, parentBaseline: baseline)
                    if self.style.writingMode == .vertical, b != baseline {
                        reader.warn(c, s.alignmentBaseline != nil ? "alignment-baseline" : "dominant-baseline",
                                    "in vertical writing a <\(c.name)> takes the text's baseline: its own is ignored")
                    }
                    collect(c, style: s, path: path, baseline: self.style.writingMode == .vertical ? baseline : b, shift: shift,
                            decorators: decorators, parentDecoration: style.decoration, into: st)
                case "textPath":
                    let s = reader.computedStyle(c, parent: style)
                    guard s.display else { continue }
                    let b = self.style.writingMode == .vertical ? baseline : SVGBaselines.alignment(child: s, parent: style, parentBaseline: baseline)
                    if path != nil {
                        // SVG 2: a textPath is a child of <text> or <tspan> only; Chromium and resvg draw nothing of a nested one.
                        reader.warn(c, nil, "a <textPath> inside a <textPath> is not drawn (a textPath belongs directly in a <text> or <tspan>)")
                    } else {
                        st.paths.append(PathInfo(element: c, style: s))
                        collect(c, style: s, path: st.paths.count - 1, baseline: b, shift: shift, decorators: decorators,
                                parentDecoration: style.decoration, into: st)
                    }
                case "title", "desc", "metadata":
                    continue
                default:
                    reader.warn(c, nil, "<\(c.name)> inside <text> is not supported: its text is skipped")
                }
            }
        }
        st.positions[positionIndex].range = start..<st.chars.count
        if style.bidiOverride, start < st.chars.count { st.overrides.append((start..<st.chars.count, style.rtl)) }
    }

    private func append(_ t: String, style: Int, path: Int?, preserve: Bool, into st: State) {
        for sc in t.unicodeScalars {
            let white = sc == " " || sc == "\t" || sc == "\n" || sc == "\r"
            if preserve {
                st.chars.append(Char(scalar: white ? " " : sc, style: style, path: path))
                st.lastSpace = false
            } else if white {
                if st.lastSpace { continue }
                st.chars.append(Char(scalar: " ", style: style, path: path))
                st.lastSpace = true
            } else {
                st.chars.append(Char(scalar: sc, style: style, path: path))
                st.lastSpace = false
            }
        }
    }

    private func positions(_ e: XMLElement, style: SVGStyle, range: Range<Int>) -> Positions {
        var c = reader.context
        c.fontSize = style.fontSize
        func lengths(_ name: String, base: Double) -> [Double]? {
            guard let raw = e.attribute(name) else { return nil }
            c.percentBase = base
            guard let list = SVGLength.list(raw) else {
                reader.warn(e, name, "cannot read \"\(raw)\": ignored")
                return nil
            }
            return list.map { $0.resolved(c) }
        }
        let w = reader.viewport.width, h = reader.viewport.height
        var p = Positions(element: e, range: range, x: lengths("x", base: w), y: lengths("y", base: h),
                          dx: lengths("dx", base: w), dy: lengths("dy", base: h), rotate: nil)
        if let raw = e.attribute("rotate") {
            if let list = numberList(raw) { p.rotate = list } else { reader.warn(e, "rotate", "cannot read \"\(raw)\": ignored") }
        }
        if e.name == "textPath", p.x != nil || p.y != nil {
            reader.warn(e, "x", "absolute positions inside a <textPath> are not supported: ignored")
            p.x = nil; p.y = nil
        }
        return p
    }

    // MARK: Building labels

    /// The label's runs (consecutive characters of one style) and per-grapheme lists from per-character ones.
    private func runsAndLists(_ st: State, _ range: Range<Int>, DX: [Double], DY: [Double], R: [Double?], scale: Double,
                              vertical: Bool) -> (runs: [SceneRun], dx: [Double], up: [Double], rotate: [Double]) {
        // The label's scalars: its characters, with an override (RLO or LRO ... PDF, UAX #9's explicit
        // formatting characters, which FriBidi resolves) around each `bidi-override` element's. A
        // formatting character (nil) takes the style of the character after it (before it, for a PDF).
        var items: [(scalar: Unicode.Scalar, char: Int?)] = []
        for i in range {
            for o in st.overrides where o.range.lowerBound == i || (i == range.lowerBound && o.range.contains(i)) {
                items.append((o.rtl ? "\u{202E}" : "\u{202D}", nil))
            }
            items.append((st.chars[i].scalar, i))
            for o in st.overrides where o.range.upperBound == i + 1 || (i == range.upperBound - 1 && o.range.contains(i)) {
                items.append(("\u{202C}", nil))
            }
        }
        var runs: [SceneRun] = []
        st.runOwners = []
        var text = "", runStyle = -1
        for (k, item) in items.enumerated() {
            let owner = item.char.map { st.chars[$0].style }
                ?? (item.scalar == "\u{202C}" ? nil : items[k...].first(where: { $0.char != nil }).map { st.chars[$0.char!].style })
                ?? runStyle
            if owner != runStyle, !text.isEmpty {
                runs.append(SceneRun(text: text, style: shiftedRunStyle(st, runStyle, scale: scale, vertical: vertical)))
                st.runOwners.append(runStyle)
                text = ""
            }
            runStyle = owner
            text.unicodeScalars.append(item.scalar)
        }
        if !text.isEmpty {
            runs.append(SceneRun(text: text, style: shiftedRunStyle(st, runStyle, scale: scale, vertical: vertical)))
            st.runOwners.append(runStyle)
        }
        // Graphemes over the whole label: the first character of each takes the lists' values (a
        // formatting character none, and the rotation before it).
        var all = ""
        for item in items { all.unicodeScalars.append(item.scalar) }
        var dx: [Double] = [], up: [Double] = [], rotate: [Double] = []
        var offset = 0
        for g in all {
            let item = items[offset]
            offset += g.unicodeScalars.count
            guard let i = item.char else {
                dx.append(0); up.append(0); rotate.append(rotate.last ?? 0)
                continue
            }
            // In vertical writing the path runs down: along is SVG's dy, up (the path's left, the screen's right) is dx.
            dx.append((vertical ? DY[i] : DX[i]) * scale)
            up.append((vertical ? DX[i] : -DY[i]) * scale)
            rotate.append(R[i] ?? 0)
        }
        func trimmed(_ v: [Double]) -> [Double] {
            var v = v
            while let l = v.last, l == 0 { v.removeLast() }
            return v
        }
        // rotate keeps its full length when any value is set: the model repeats the last value.
        let anyRotate = rotate.contains { $0 != 0 }
        return (runs, trimmed(dx), trimmed(up), anyRotate ? rotate : [])
    }

    private func baseOptions(_ s: SVGStyle, up: [Double], dx: [Double], rotate: [Double]) -> LabelOptions {
        var o = LabelOptions(dx: dx, dy: up.first ?? 0, clusterDy: Array(up.dropFirst()), shift: .normal, rotate: rotate,
                             upright: .off, closedPath: .clip)
        o.writingMode = style.writingMode  // CSS: writing-mode applies to the <text> alone, not its tspans
        o.textOrientation = s.textOrientation
        // Vertical text rounded to device pixels as Chromium rounds it (the label's pixels are the output's).
        o.snapsVerticalMetrics = true
        // Each element's lines are shapes of their own (SVGDecorations), in vertical writing too.
        return o
    }

    private func plainLabel(_ st: State, _ range: Range<Int>, start: Point, DX: [Double], DY: [Double], R: [Double?],
                            scale: Double) -> (SceneLabel, BezPath)? {
        let first = st.styles[st.chars[range.lowerBound].style].style
        let vertical = style.writingMode == .vertical
        let (runs, dx, up, rotate) = runsAndLists(st, range, DX: DX, DY: DY, R: R, scale: scale, vertical: vertical)
        guard runs.contains(where: { !$0.text.isEmpty && $0.text.contains { $0 != " " } }) || first.preserveSpaces else { return nil }
        let d = vertical ? Vector(0, 1) : Vector(1, 0)
        let m = Self.reach
        let userPath = BezPath.line(from: start - d * m, to: start + d * m)
        let path = userPath.transformed(by: ctm)
        var o = baseOptions(first, up: up, dx: dx, rotate: rotate)
        o.rotateAbout = .origin  // plain text turns each glyph about its origin, as Chromium does
        var anchor = first.textAnchor
        if first.rtl, !vertical { anchor = anchor == .start ? .end : anchor == .end ? .start : .center }
        o.align = anchor
        o.offset = .pixels(m * scale * (anchor == .start ? 1 : anchor == .end ? -1 : 0))
        var label = SceneLabel(path: path, options: o)
        label.runs = runs
        label.direction = first.rtl ? .rtl : .ltr
        if vertical {
            let b = style.alignmentBaseline ?? style.dominantBaseline
            if b == .hanging {
                // Chromium's hanging baseline in vertical text: the column's central line sits left of the
                // line by the horizontal distance from the central baseline to the hanging one (0.8 of the
                // ascender up), as if the column's over side were the horizontal line's top.
                if let resolved = try? reader.resolver.resolve(label, index: 0), let run = resolved.text.runs.first,
                   let font = run.attributes.fonts.first {
                    let m = DevicePixelVerticalMetrics.rounded(font.metrics(size: run.attributes.size))
                    label.options.dy += SVGBaselines.up(.hanging, m) - SVGBaselines.up(.central, m)
                }
                return (label, path)
            }
            if b != .alphabetic, b != .central, b != .middle {
                reader.warn(text, style.alignmentBaseline != nil ? "alignment-baseline" : "dominant-baseline",
                            "in vertical writing this baseline is drawn as in horizontal text, across the column")
            }
            applyBaseline(b, to: &label)
        }
        return (label, path)
    }

    /// The outline of a textPath's path in user space, and the referenced shape's `pathLength`: SVG 2's
    /// `path` attribute, else the referenced shape with its own transform; nil (with a warning) when there
    /// is none.
    private func outline(_ info: PathInfo) -> (path: BezPath, pathLength: Double?)? {
        let e = info.element
        var userPath: BezPath?
        var pathLength: Double?
        if let d = e.attribute("path") {
            do { userPath = try BezPath(svgPathData: d) } catch { reader.warn(e, "path", "cannot read the path data: the text is not drawn") }
        } else if let target = reader.referenced(e) {
            if SVGShapes.names.contains(target.name) {
                var c = reader.context
                c.fontSize = info.style.fontSize
                var problem: (attribute: String, value: String)? = nil
                userPath = SVGShapes.path(of: target, context: c, problem: &problem)
                if userPath == nil { reader.warn(e, "href", "the referenced <\(target.name)> has no readable outline: the text is not drawn") }
                if let t = target.attribute("transform"), let m = reader.transform(t, target) { userPath = userPath?.transformed(by: m) }
                pathLength = target.attribute("pathLength").flatMap { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
            } else {
                reader.warn(e, "href", "refers to a <\(target.name)>, not a shape: the text is not drawn")
            }
        } else {
            reader.warn(e, "href", "refers to no element: the text is not drawn")
        }
        guard let userPath, !userPath.isEmpty else { return nil }
        return (userPath, pathLength)
    }

    private func pathLabel(_ st: State, _ range: Range<Int>, pathIndex: Int, along: Double?, DX: [Double], DY: [Double], R: [Double?],
                           scale: Double) -> (SceneLabel, BezPath)? {
        let info = st.paths[pathIndex]
        let e = info.element
        guard let (userPath, pathLength) = st.outlines[pathIndex] else { return nil }
        let path = userPath.transformed(by: ctm)
        let first = st.styles[st.chars[range.lowerBound].style].style

        let (runs, dx, up, rotate) = runsAndLists(st, range, DX: DX, DY: DY, R: R, scale: scale, vertical: style.writingMode == .vertical)
        guard !runs.isEmpty else { return nil }
        var o = baseOptions(first, up: up, dx: dx, rotate: rotate)
        // Distances along the path as Chromium counts them: Skia's chord sums, curves halved until flat to
        // 0.5 user units (0.5 × the scale on the device path); see PathDistanceModel.
        o.distances = .skiaChords(tolerance: Self.chordTolerance * scale)
        let anchor = first.textAnchor
        o.align = anchor
        // startOffset: SVG's anchor point along the path; PathText's is {0, L/2, L} + offset.
        let shift = anchor == .start ? 0.0 : anchor == .center ? 0.5 : 1.0
        let raw = e.attribute("startOffset")?.trimmingCharacters(in: " ") ?? "0"
        // `along`: an absolute x (device pixels) added to startOffset.
        if raw.hasSuffix("%"), let p = Double(raw.dropLast()), p.isFinite {
            if let x = along {
                let length = Self.chordLength(path, tolerance: Self.chordTolerance * scale)
                o.offset = .pixels(length * p / 100 + x - shift * length)
            } else {
                o.offset = .percent(p - 100 * shift)
            }
        } else {
            var c = reader.context
            c.fontSize = info.style.fontSize
            c.percentBase = 0
            var px = SVGLength(raw)?.resolved(c) ?? 0
            if SVGLength(raw) == nil { reader.warn(e, "startOffset", "cannot read \"\(raw)\": 0 is used") }
            let length = Self.chordLength(path, tolerance: Self.chordTolerance * scale)
            if let pl = pathLength { px *= Self.chordLength(userPath, tolerance: Self.chordTolerance) / pl }
            o.offset = .pixels(px * scale + (along ?? 0) - shift * length)
        }
        switch e.attribute("side") {
        case "right"?: o.side = .right
        case nil, "left"?: break
        case let v?: reader.warn(e, "side", "cannot read \"\(v)\": left is used")
        }
        switch e.attribute("method") {
        case "stretch"?: o.warp = .bend
        case nil, "align"?: break
        case let v?: reader.warn(e, "method", "cannot read \"\(v)\": align is used")
        }
        if let v = e.attribute("spacing"), v != "auto", v != "exact" { reader.warn(e, "spacing", "cannot read \"\(v)\": exact is used") }
        if let raw = e.attribute("textLength") {
            if let l = SVGLength(raw), l.value > 0 {
                let length = l.resolved(reader.context) * scale
                o.fit = e.attribute("lengthAdjust") == "spacingAndGlyphs" ? .stretch(length: length) : .spacing(length: length)
            } else { reader.warn(e, "textLength", "cannot read \"\(raw)\": ignored") }
        }
        var label = SceneLabel(path: path, options: o)
        label.runs = runs
        label.direction = first.rtl ? .rtl : .ltr
        if style.writingMode == .vertical {
            applyBaseline(style.alignmentBaseline ?? style.dominantBaseline, to: &label)
        }
        return (label, path)
    }

    /// A run's style with its element's baselines: in horizontal writing its alignment baseline (of its
    /// own primary font) and its cumulative baseline shift; in vertical writing the shift alone (the
    /// label's baseline is the text's, ``applyBaseline(_:to:)``).
    private func shiftedRunStyle(_ st: State, _ index: Int, scale: Double, vertical: Bool) -> RunStyle {
        let entry = st.styles[index]
        var r = runStyle(entry.style, element: entry.element, scale: scale)
        var up = entry.shift
        if !vertical, self.style.writingMode != .vertical, entry.baseline != .alphabetic, let m = reader.primaryMetrics(r) {
            up += SVGBaselines.up(entry.baseline, m)
        }
        r.baselineShift = up == 0 ? nil : up
        return r
    }

    /// Maps an SVG baseline onto the label: ``Baseline`` where PathText's rule is the same, else a
    /// perpendicular shift from the first run's primary font (`central`: the em box's middle; `hanging`:
    /// 80 % of the ascender, as Chromium synthesizes it for fonts without a BASE table).
    private func applyBaseline(_ b: SVGBaseline, to label: inout SceneLabel) {
        switch b {
        case .alphabetic: label.options.baseline = .alphabetic
        case .middle: label.options.baseline = .middle
        case .textTop: label.options.baseline = .hanging
        case .ideographic: label.options.baseline = .ideographic
        case .central, .hanging, .mathematical:
            guard let resolved = try? reader.resolver.resolve(label, index: 0), let run = resolved.text.runs.first,
                  let font = run.attributes.fonts.first else { return }
            // In vertical writing (the only caller) with Chromium's whole-device-pixel ascent and descent.
            let m = DevicePixelVerticalMetrics.rounded(font.metrics(size: run.attributes.size))
            label.options.baseline = .alphabetic
            label.options.dy += SVGBaselines.up(b, m)
        }
    }

    /// Where the label's text ends, on the canvas: the point at its start plus its advance along the path
    /// (in the label's distances: Skia's chords, mapped to the arc length).
    private func measuredEnd(_ label: SceneLabel, on path: BezPath) -> Point? {
        guard let resolved = try? reader.resolver.resolve(label, index: 0), let placed = try? resolved.layout().first,
              let measure = try? PathMeasure(label.options.side == .right ? path.reversed() : path) else { return nil }
        var s = placed.start + placed.advance
        if case .skiaChords(let tolerance) = label.options.distances {
            let chords = ChordDistances(measure, tolerance: tolerance)
            s = chords.arcDistance(at: max(0, min(chords.length, s)))
        }
        return measure.sample(at: max(0, min(measure.length, s))).point
    }

    /// Skia's flatness limit for measuring paths (`CHEAP_DIST_LIMIT`), in user units.
    static let chordTolerance = 0.5

    /// The length of `path` as Chromium measures it (Skia's chord sums, flat to `tolerance`); 0 when it
    /// cannot be measured.
    static func chordLength(_ path: BezPath, tolerance: Double) -> Double {
        guard let measure = try? PathMeasure(path) else { return 0 }
        return ChordDistances(measure, tolerance: tolerance).length
    }

    // MARK: Fonts and run styles

    /// The fill colour of a run drawn with `s`, and its gradient, stroke and opacities set in `r`: a
    /// gradient fill keeps its first stop as the colour (what decorations and one-colour renderers use).
    private func runPaint(_ s: SVGStyle, element: XMLElement, scale: Double, into r: inout RunStyle) -> RGBAColor {
        guard s.visible else { return .transparent }
        var color: RGBAColor
        if let g = reader.gradient(s.fill, element: element, ctm: ctm) {
            r.fillGradient = g
            color = g.stops[0].color
            // Opacity per paint, as the reader applies it to every colour.
            if s.fillOpacity * s.opacity < 1 { r.fillOpacity = s.fillOpacity * s.opacity }
        } else {
            color = reader.color(s.fill, opacity: s.fillOpacity, style: s, element: element, property: "fill") ?? .transparent
        }
        if s.stroke != .none, s.strokeWidth > 0 {
            let width = s.strokeWidth * scale
            if let g = reader.gradient(s.stroke, element: element, ctm: ctm) {
                r.strokeGradient = g
                r.strokeOpacity = s.strokeOpacity * s.opacity
            } else if let c = reader.color(s.stroke, opacity: s.strokeOpacity, style: s, element: element, property: "stroke") {
                r.stroke = c
            }
            if r.stroke != nil || r.strokeGradient != nil {
                r.strokeWidth = width
                if s.strokeLinejoin != .miter { r.strokeLinejoin = s.strokeLinejoin }
                if s.strokeMiterlimit != 4 { r.strokeMiterlimit = s.strokeMiterlimit }
                if !s.strokeDasharray.isEmpty {
                    r.strokeDasharray = s.strokeDasharray.map { $0 * scale }
                    if s.strokeDashoffset != 0 { r.strokeDashoffset = s.strokeDashoffset * scale }
                }
                if s.strokeFirst { r.paintOrder = .strokeFirst }
            }
        }
        return color
    }

    /// A run's attributes from its element's style, lengths scaled by the transform.
    private func runStyle(_ s: SVGStyle, element: XMLElement, scale: Double) -> RunStyle {
        var r = RunStyle()
        let (families, files) = reader.fonts(for: s, element: element)
        r.fontFamilies = families.isEmpty ? nil : families
        r.fonts = files.isEmpty ? nil : files
        if !families.isEmpty {
            r.fontWeight = s.fontWeight
            if s.fontStretch != 100 { r.fontStretch = s.fontStretch }
            if s.fontStyle != .normal { r.fontStyle = s.fontStyle }
        }
        r.size = max(s.fontSize * scale, 1e-3)
        r.color = runPaint(s, element: element, scale: scale, into: &r)
        r.language = s.language
        var features: [FeatureSetting] = []
        if !s.kerning { features.append(FeatureSetting(tag: "kern", value: 0)) }
        features += s.fontFeatureSettings
        if !features.isEmpty { r.features = features }
        r.fontVariant = s.fontVariant
        // font-optical-sizing: auto puts opsz at the font size in CSS pixels, before the transform scales it (as
        // Chromium does); the document's own settings come after it and win.
        if s.opticalSizing {
            r.fontVariationSettings = [FontVariation(tag: "opsz", value: s.fontSize)] + s.fontVariationSettings
        } else {
            r.fontOpticalSizing = false
            if !s.fontVariationSettings.isEmpty { r.fontVariationSettings = s.fontVariationSettings }
        }
        if s.letterSpacing != 0 { r.letterSpacing = s.letterSpacing * scale }
        if s.wordSpacing != 0 { r.wordSpacing = s.wordSpacing * scale }
        return r
    }
}

extension SVGDocumentReader {
    /// The most families of one `font-family` list that are looked up.
    static let maximumFamilies = 16

    static let generics: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
                                        "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong"]

    /// The Fontconfig families (with the style that the weight and slant ask for) that are installed, and
    /// the embedded font files to put in front of the embedded stack (Noto Sans Bold for bold text that no
    /// named family covers). Families that are not installed are reported.
    func fonts(for s: SVGStyle, element e: XMLElement) -> (families: [FontFamilyName], files: [String]) {
        let bold = s.fontWeight >= 600, italic = s.fontStyle != .normal
        var out: [FontFamilyName] = []
        // The document's families, then the reader's defaults (the user agent's default font). The face of
        // each is chosen by CSS font matching (the run style's fontWeight, fontStretch and fontStyle). Only the
        // first families of a list are looked up (a list of 135 000 names cost a Fontconfig lookup and a
        // warning each); the embedded stack covers what they do not.
        let limit = Self.maximumFamilies
        if s.fontFamilies.count > limit {
            warn(e, "font-family", "\(s.fontFamilies.count) families listed: only the first \(limit) are looked up")
        }
        // Every installed family of the document's list, in order, as browsers fall back through the list
        // character by character before the system's fonts (😀 from the second family of "Noto Sans,
        // Twitter Color Emoji"); the first installed default only when the list has none.
        let document = Array(s.fontFamilies.prefix(limit))
        for (k, f) in (document + options.defaultFamilies.filter({ !s.fontFamilies.contains($0) })).enumerated() {
            if k >= document.count, !out.isEmpty { break }
            let family = Self.generics.contains(f.lowercased()) ? FontLookup.bestFamily(for: f.lowercased()) : f
            guard let family else { continue }
            if installed(family, nil) {
                if let name = FontFamilyName(family: family), !out.contains(name) { out.append(name) }
            } else {
                warn(e, "font-family", "\(f) is not installed: the next family (or the embedded fonts) is used")
            }
            if k >= document.count, !out.isEmpty { break }
        }
        if out.isEmpty, bold { return ([], ["NotoSans-Bold.ttf"]) }
        if out.isEmpty, italic { warn(e, "font-style", "no italic face: the embedded fonts are upright") }
        return (out, [])
    }

    func installed(_ family: String, _ style: String?) -> Bool {
        let key = family + "\u{0}" + (style ?? "")
        if let known = installedFamilies[key] { return known }
        let ok = (try? FontLookup.font(family: family, style: style)) != nil
        installedFamilies[key] = ok
        return ok
    }
}
