import JSON
import Support
import Geometry
import Shaping
import Layout
import Render
import Requests

/// A scene drawn: the pixels, and the placements of every label (for `--json`).
public struct RenderedScene: Sendable {
    /// The picture.
    public var canvas: RasterCanvas
    /// The placed labels, in the scene's label order (a repeated label contributes several).
    public var labels: [PlacedLabel]
}

/// Resolves and draws scenes.
public enum SceneRenderer {
    /// Draws `scene` to pixels: background, then shapes in order, then labels in order.
    ///
    /// - Parameters:
    ///   - resolver: where fonts come from (and the cache of loaded fonts).
    ///   - pixelLimit: the largest canvas allowed, checked before anything is allocated
    ///     (default: the resolver's ``ResourceLimits/canvasPixels``).
    /// - Throws: ``SceneError`` naming the JSON path of the value at fault.
    public static func render(_ scene: Scene, resolver: SceneResolver = SceneResolver(),
                              pixelLimit: Int? = nil) throws(SceneError) -> RenderedScene {
        let (scene, shift, fittedLayouts) = try fitted(scene, resolver: resolver)
        var layouts = fittedLayouts
        let pixelLimit = pixelLimit ?? resolver.limits.canvasPixels
        let background = scene.background ?? .transparent
        var canvas: RasterCanvas
        do { canvas = try RasterCanvas(width: scene.width, height: scene.height, background: background, pixelLimit: pixelLimit) } catch {
            throw SceneError(scene.width <= 0 ? "width" : scene.height <= 0 ? "height" : "", error.description)
        }
        // A fitted canvas's boxes are charged unclipped (they are in the labels' own coordinates).
        var budget = CoverageBudget(resolver.limits, raster: true, width: shift == nil ? scene.width : Self.unclipped,
                                    height: shift == nil ? scene.height : Self.unclipped)
        let labels = try draw(scene, on: &canvas, shift: shift, resolver: resolver, budget: &budget, layouts: &layouts)
        canvas.releaseScratch()  // not held while the picture is encoded
        return RenderedScene(canvas: canvas, labels: labels)
    }

    /// Draws `scene` as SVG: one `<path>` per shape and per placed glyph, outlines baked into canvas
    /// coordinates, so any browser shows what the PNG shows.
    public static func renderSVG(_ scene: Scene, resolver: SceneResolver = SceneResolver(),
                                 pixelLimit: Int? = nil) throws(SceneError) -> (svg: SVGDocument, labels: [PlacedLabel]) {
        let (scene, shift, fittedLayouts) = try fitted(scene, resolver: resolver)
        var layouts = fittedLayouts
        let pixelLimit = pixelLimit ?? resolver.limits.canvasPixels
        let background = scene.background ?? .transparent
        guard scene.width > 0, scene.height > 0 else { throw SceneError(scene.width <= 0 ? "width" : "height", "expected a size above 0") }
        guard scene.width.multipliedReportingOverflow(by: scene.height).partialValue <= pixelLimit, scene.width <= pixelLimit, scene.height <= pixelLimit else {
            throw SceneError("", RenderError.canvasTooLarge(width: scene.width, height: scene.height, limit: pixelLimit).description)
        }
        var svg = SVGDocument(width: Double(scene.width), height: Double(scene.height), background: background.a == 0 ? nil : background)
        svg.commandLimit = resolver.limits.vectorCommands
        var budget = CoverageBudget(resolver.limits, raster: false, width: shift == nil ? scene.width : Self.unclipped,
                                    height: shift == nil ? scene.height : Self.unclipped)
        let labels = try draw(scene, on: &svg, shift: shift, resolver: resolver, budget: &budget, layouts: &layouts)
        return (svg, labels)
    }

    /// `scene` with its canvas fitted to its labels when it asks for it (``Scene/fitCanvas``), and the shift that
    /// moves what it draws onto that canvas: the labels are laid out once on a ``NullSurface`` and measured
    /// by ``CanvasFit`` (the rule of `TextLabel`'s fitted canvas), and those layouts come back for the drawing.
    /// Any other scene comes back as it is.
    static func fitted(_ scene: Scene, resolver: SceneResolver) throws(SceneError) -> (Scene, Affine?, LaidOutLabels) {
        guard let margin = scene.fitCanvas else { return (scene, nil, [:]) }
        var measuring = NullSurface()
        var unlimited = CoverageBudget(limit: .max, width: scene.width, height: scene.height)
        var layouts = LaidOutLabels()
        let labels = try draw(scene, on: &measuring, resolver: resolver, budget: &unlimited, layouts: &layouts)
        let frame = CanvasFit.frame(labels, margin: margin)
        var sized = scene
        sized.width = frame.width; sized.height = frame.height; sized.fitCanvas = nil
        return (sized, frame.shift, layouts)
    }

    /// Labels laid out already, by scene label index: fitting a canvas lays each label out once, and drawing
    /// on the fitted canvas reuses that layout (drawing through a ``ShiftedSurface`` moves it).
    typealias LaidOutLabels = [Int: (placed: [PlacedLabel], blend: CompositeMode)]

    /// The extent a fitted canvas's budget clips to: none to speak of.
    static let unclipped = 1 << 40

    /// ``draw(_:on:resolver:budget:)`` moved by `shift` when there is one (a fitted canvas).
    static func draw<S: DrawingSurface>(_ scene: Scene, on surface: inout S, shift: Affine?, resolver: SceneResolver,
                                        budget: inout CoverageBudget, layouts: inout LaidOutLabels) throws(SceneError) -> [PlacedLabel] {
        guard let shift else { return try draw(scene, on: &surface, resolver: resolver, budget: &budget, layouts: &layouts) }
        var moved = ShiftedSurface(base: surface, shift: shift)
        defer { surface = moved.base }
        return try draw(scene, on: &moved, resolver: resolver, budget: &budget, layouts: &layouts)
    }

    /// Draws the shapes, then the labels, of `scene` on `surface`, and returns the placed labels.
    public static func draw<S: DrawingSurface>(_ scene: Scene, on surface: inout S, resolver: SceneResolver) throws(SceneError) -> [PlacedLabel] {
        var unlimited = CoverageBudget(limit: .max, width: scene.width, height: scene.height)
        var layouts = LaidOutLabels()
        return try draw(scene, on: &surface, resolver: resolver, budget: &unlimited, layouts: &layouts)
    }

    /// Draws `scene`, charging each shape and label to `budget` before it is drawn; a label found in `layouts`
    /// is drawn as laid out there, and every other is laid out and recorded there.
    static func draw<S: DrawingSurface>(_ scene: Scene, on surface: inout S, resolver: SceneResolver,
                                        budget: inout CoverageBudget, layouts: inout LaidOutLabels) throws(SceneError) -> [PlacedLabel] {
        var shapesByID: [String: BezPath] = [:], definitions: [String: SceneShape] = [:]
        var paths: [BezPath] = []
        paths.reserveCapacity(scene.shapes.count)
        for (i, shape) in scene.shapes.enumerated() {
            let path = try shape.path(at: "shapes[\(i)]")
            if let id = shape.id { shapesByID[id] = path; definitions[id] = shape }
            paths.append(path)
        }
        let order = scene.order ?? (scene.shapes.indices.map(SceneItem.shape) + scene.labels.indices.map(SceneItem.label))
        var placed: [PlacedLabel] = []
        // Each open group: its opacity or filter, and the bounding box of what it has drawn (a filter's region
        // in objectBoundingBox units is resolved against it).
        var groups: [(opacity: Double, filter: FilterEffect?, box: Rect)] = []
        defer { while let g = groups.popLast() { surface.endGroup(opacity: g.opacity) } }
        func drew(_ measure: () -> Rect?) {
            guard groups.contains(where: { $0.filter != nil }), let box = measure() else { return }
            groups[groups.count - 1].box = groups[groups.count - 1].box.union(box)
        }
        for item in order {
            let i: Int
            switch item {
            case .beginGroup, .beginFilter:
                guard groups.count < SceneItem.maximumGroupDepth else {
                    throw SceneError("order", "more than \(SceneItem.maximumGroupDepth) groups open at once")
                }
                var opacity = 1.0, filter: FilterEffect?
                switch item {
                case .beginGroup(let o): opacity = o
                case .beginFilter(let f):
                    guard f.primitives.count <= FilterEffect.maximumPrimitives else {
                        throw SceneError("order", "a filter may hold at most \(FilterEffect.maximumPrimitives) primitives, got \(f.primitives.count)")
                    }
                    filter = f
                default: break
                }
                guard opacity.isFinite, opacity >= 0, opacity <= 1 else { throw SceneError("order", "a group's opacity must be 0…1, got \(opacity)") }
                // A group composites the whole canvas once: charged as a canvas-sized fill.
                let canvas = BezPath.polyline([Point(0, 0), Point(Double(scene.width), 0), Point(Double(scene.width), Double(scene.height)),
                                               Point(0, Double(scene.height))], closed: true)
                do { try budget.charge(canvas, padding: 0) } catch { throw SceneError("order", error.description) }
                surface.beginGroup()
                groups.append((opacity, filter, .empty))
                continue
            case .endGroup:
                guard let g = groups.popLast() else { throw SceneError("order", "a group ends that was not begun") }
                guard let filter = g.filter else {
                    surface.endGroup(opacity: g.opacity)
                    drew { g.box.isEmpty ? nil : g.box }
                    continue
                }
                // The parent's box grows by the group's content (a bounding box leaves filter effects out, as SVG's does).
                guard let resolved = filter.resolved(box: g.box.isEmpty ? nil : g.box) else {
                    surface.endGroup(opacity: 0)  // an empty region (an empty objectBoundingBox): nothing is drawn
                    continue
                }
                let r = resolved.region, clipped = Rect(minX: max(0, r.minX), minY: max(0, r.minY),
                                                        maxX: min(Double(scene.width), r.maxX), maxY: min(Double(scene.height), r.maxY))
                if clipped.width * clipped.height > Double(FilterEffect.maximumRegionPixels) {
                    throw SceneError("order", "a filter region of \(Int(clipped.width)) × \(Int(clipped.height)) pixels is larger than "
                                     + "\(FilterEffect.maximumRegionPixels) pixels (the filter bound)")
                }
                // The chain works over the region once per primitive: charged as that many fills of it.
                let region = BezPath.polyline([Point(clipped.minX, clipped.minY), Point(clipped.maxX, clipped.minY),
                                               Point(clipped.maxX, clipped.maxY), Point(clipped.minX, clipped.maxY)], closed: true)
                do { for _ in resolved.primitives { try budget.charge(region, padding: 0) } } catch { throw SceneError("order", error.description) }
                surface.endGroup(filter: resolved)
                drew { g.box }
                continue
            case .shape(let k):
                guard paths.indices.contains(k) else { throw SceneError("order", "no shape \(k)") }
                let at = "shapes[\(k)]", shape = scene.shapes[k], path = paths[k]
                let pad = shape.stroke == nil && shape.strokeGradient == nil ? 0 : (shape.strokeWidth ?? 1)
                do { try budget.charge(path, padding: pad) } catch { throw SceneError(at, error.description) }
                try draw(shape, path: path, on: &surface, at: at, limits: resolver.limits)
                drew { path.controlBox }
                try checkBudgets(surface, at: at, limits: resolver.limits)
                continue
            case .label(let k):
                guard scene.labels.indices.contains(k) else { throw SceneError("order", "no label \(k)") }
                i = k
            }
            let labels: [PlacedLabel], blend: CompositeMode
            if let done = layouts[i] {
                (labels, blend) = done
            } else {
                let label = scene.labels[i]
                let resolved = try resolver.resolve(label, index: i, shapes: shapesByID, definitions: definitions)
                do { labels = try resolved.layout() } catch {
                    if case .path(let e) = error { throw SceneError("labels[\(i)]." + (label.shape != nil ? "shape" : "path"), e.description) }
                    throw SceneError("labels[\(i)]", error.description)
                }
                blend = resolved.blend
                layouts[i] = (labels, blend)
            }
            do { for l in labels { try budget.charge(l) } } catch { throw SceneError("labels[\(i)]", error.description) }
            for l in labels { surface.draw(l, mode: blend) }
            drew { labels.compactMap(\.objectBoundingBox).reduce(Rect.empty) { $0.union($1) } }
            try checkBudgets(surface, at: "labels[\(i)]", limits: resolver.limits)
            placed += labels
        }
        return placed
    }

    /// Throws when drawing stopped early: the request's ``Deadline`` passed, or the surface's vector budget
    /// (``ResourceLimits/vectorCommands``) is used up.
    static func checkBudgets<S: DrawingSurface>(_ surface: S, at: String, limits: ResourceLimits) throws(SceneError) {
        if let d = Deadline.passed { throw SceneError(at, d.message) }
        if surface.isFull {
            throw SceneError(at, "the SVG would hold more than \(MessageText.number(Double(limits.vectorCommands))) path commands (the vector "
                             + "budget; bent glyphs are written as many short lines): bend fewer or smaller glyphs, use warp rigid, or ask for PNG")
        }
    }

    static func draw<S: DrawingSurface>(_ shape: SceneShape, path: BezPath, on surface: inout S, at: String,
                                        limits: ResourceLimits = .default) throws(SceneError) {
        let rule = shape.fillRule ?? .nonZero
        let mode = shape.blend ?? .sourceOver
        if let gradient = shape.fillGradient {
            if let g = gradient.resolved(in: path.controlBox) {
                surface.paintPath(path, transform: .identity, source: .gradient(g, opacity: 1), stroke: nil, rule: rule, mode: mode)
            }
        } else if let fill = shape.fill {
            surface.fillPath(path, transform: .identity, color: fill, rule: rule, mode: mode)
        }
        if shape.stroke != nil || shape.strokeGradient != nil {
            let width = shape.strokeWidth ?? 1
            guard width > 0, width <= OptionLimits.distance else {
                throw SceneError(at + ".strokeWidth", "expected a width above 0 and at most \(MessageText.number(OptionLimits.distance)), got \(MessageText.number(width))")
            }
            guard width <= limits.strokeWidth else {
                throw SceneError(at + ".strokeWidth", LayoutError.limitExceeded(what: "stroke width", amount: width, limit: limits.strokeWidth).description)
            }
            let dashed = DashPattern(shape.strokeDasharray ?? [], offset: shape.strokeDashoffset ?? 0).map { path.dashed(by: $0) } ?? path
            if let gradient = shape.strokeGradient {
                // Round joins, as a shape's colour stroke has them.
                if let g = gradient.resolved(in: path.controlBox) {
                    surface.paintPath(dashed, transform: .identity, source: .gradient(g, opacity: 1),
                                      stroke: StrokeOptions(width: width, cap: shape.strokeCap ?? .round, join: .round), rule: .nonZero, mode: mode)
                }
            } else if let stroke = shape.stroke {
                surface.strokePath(dashed, width: width, color: stroke, cap: shape.strokeCap ?? .round, mode: mode)
            }
        }
    }
}
