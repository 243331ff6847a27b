import XML
import Support
import Geometry
import Shaping
import Layout
import Render
import Requests

/// How ``SVGInput/read(_:options:resolver:)`` reads a document.
public struct SVGReadOptions: Hashable, Sendable {
    /// Whether anything the reader does not draw is an error (``SVGError/unsupported(_:)``) instead of a warning.
    public var strict: Bool
    /// Limits on the document's size and element count.
    public var limits: XMLLimits
    /// The size to draw the document at (default: its own, `width` × `height`).
    public var size: SVGOutputSize
    /// The initial value of `font-size`, in pixels: what a document that sets none gets (browsers: 16;
    /// resvg: 12).
    public var fontSize: Double
    /// The families for text whose `font-family` names no installed family (or that has none), tried
    /// after the document's own: the user agent's default font (empty: the embedded fonts).
    public var defaultFamilies: [String]

    /// Warnings, not errors; the default limits; the document's own size; 16 px text in the embedded fonts.
    public init(strict: Bool = false, limits: XMLLimits = .default, size: SVGOutputSize = .natural, fontSize: Double = 16,
                defaultFamilies: [String] = []) {
        self.strict = strict; self.limits = limits; self.size = size; self.fontSize = fontSize; self.defaultFamilies = defaultFamilies
    }

    /// The most labels one document may make, `<use>` copies counted.
    public static let maximumLabels = 10_000
    /// The most UTF-8 bytes of text one document's labels may hold together, `<use>` copies counted.
    public static let maximumTextBytes = 1_000_000
}

/// The size an SVG document is drawn at, as `resvg` and `rsvg-convert` take it: the picture is scaled
/// as a whole (shapes, text, the placements), never cropped or stretched.
public enum SVGOutputSize: Hashable, Sendable {
    /// The document's own `width` × `height`.
    case natural
    /// The document's size times a factor (`--scale 2`: twice as wide and high).
    case scale(Double)
    /// A width in pixels; the height follows the aspect ratio.
    case width(Int)
    /// A height in pixels; the width follows the aspect ratio.
    case height(Int)
    /// The largest size that fits in width × height with the document's aspect ratio (resvg's `-w W -h H`).
    case fit(width: Int, height: Int)

    /// The factor that maps the document's size onto this one.
    func factor(width: Double, height: Double) -> Double {
        switch self {
        case .natural: 1
        case .scale(let f): f
        case .width(let w): Double(w) / width
        case .height(let h): Double(h) / height
        case .fit(let w, let h): min(Double(w) / width, Double(h) / height)
        }
    }
}

/// A document read into the scene model, with what it holds that the scene does not draw.
public struct SVGScene: Sendable {
    /// The picture: the canvas (width and height), shapes and labels, in document paint order.
    public var scene: Scene
    /// Each feature drawn differently or not at all, by element and attribute, in document order.
    public var warnings: [SVGWarning]
    /// The element each shape and label came from (its name and line), by the scene's JSON path
    /// (`shapes[3]`, `labels[0]`), so an error about the scene is said in the document's terms.
    public var origins: [String: (element: String, line: Int)] = [:]

    /// `error` (about ``scene``) in the document's terms: the element and line instead of the scene's
    /// JSON path (`line 7: <rect> stroke-width: …` for `shapes[1].strokeWidth: …`).
    public func describe(_ error: SceneError) -> String {
        let path = error.path
        guard let close = path.firstIndex(of: "]") else { return error.description }
        let head = String(path[...close])
        guard let origin = origins[head] else { return error.description }
        var key = String(path[path.index(after: close)...].drop { $0 == "." })
        let names = ["path": "d", "strokeWidth": "stroke-width", "size": "font-size", "fontFamily": "font-family",
                     "letterSpacing": "letter-spacing", "wordSpacing": "word-spacing", "baselineShift": "baseline-shift"]
        key = names[key] ?? String(key.flatMap { $0.isUppercase ? ["-", Character($0.lowercased())] : [$0] })
        let at = origin.line > 0 ? "line \(origin.line): " : ""
        return "\(at)<\(origin.element)>" + (key.isEmpty ? "" : " \(key)") + ": \(error.message)"
    }
}

/// Reads SVG documents into scenes (see the "Rendering an SVG file" article).
public enum SVGInput {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Reads an SVG document.
    ///
    /// Shapes become path shapes, in user space mapped through their transforms and the viewBox; text
    /// becomes labels: a `<textPath>` is a label on its path, plain text a label per text chunk on a
    /// straight line through its start. Fonts named by `font-family` are found with Fontconfig
    /// (then the embedded stack); `resolver` loads them when text after a `<textPath>` needs to know where
    /// the text on the path ends.
    /// - Throws: ``SVGError``: malformed XML, entities (XXE, billion laughs), limits, a root that is not
    ///   `<svg>`, and with ``SVGReadOptions/strict`` the first unsupported feature.
    public static func read(_ bytes: [UInt8], options: SVGReadOptions = SVGReadOptions(),
                            resolver: SceneResolver = SceneResolver()) throws(SVGError) -> SVGScene {
        if let why = encodingProblem(bytes) { throw .encoding(why) }
        let root: XMLElement
        do { root = try XMLTree.parse(bytes, limits: options.limits) } catch { throw SVGError(error) }
        guard root.name == "svg", root.namespace == svgNamespace || root.namespace == nil else {
            throw .notSVG(root: root.name)
        }
        let reader = SVGDocumentReader(root: root, resolver: resolver)
        reader.elementLimit = options.limits.elements
        reader.options = options
        let scene = try reader.read()
        if options.strict, let first = reader.warnings.first { throw .unsupported(first) }
        if reader.moreWarnings > 0 {
            reader.warnings.append(SVGWarning(element: "svg", message: "\(reader.moreWarnings) more warnings not listed (the first \(SVGDocumentReader.maximumWarnings) are)"))
        }
        return SVGScene(scene: scene, warnings: reader.warnings, origins: reader.origins)
    }

    /// Why `bytes` cannot be read as an SVG document before any parsing: gzip-compressed (`.svgz`) or
    /// UTF-16 (with or without its byte order mark), each refused by name; `nil` for anything else.
    public static func encodingProblem(_ bytes: [UInt8]) -> String? {
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B {
            return "the document is gzip-compressed (an .svgz file): decompress it first (gunzip -c FILE.svgz > FILE.svg)"
        }
        let utf16 = bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
            || (bytes[0] == 0x3C && bytes[1] == 0) || (bytes[0] == 0 && bytes[1] == 0x3C))
        if utf16 { return "the document is UTF-16: only UTF-8 is read (convert it: iconv -f UTF-16 -t UTF-8 FILE.svg)" }
        return nil
    }

    /// Whether a file is SVG: by its extension (`.svg`, `.svgz`), by its first element being `<svg`
    /// (after an XML declaration, comments and a doctype), or by being gzip or UTF-16 (which ``read(_:options:resolver:)``
    /// then refuses by name, instead of a JSON reader's "not valid JSON").
    public static func isSVG(path: String, prefix: [UInt8]) -> Bool {
        if path.lowercased().hasSuffix(".svg") || path.lowercased().hasSuffix(".svgz") { return true }
        if encodingProblem(prefix) != nil { return true }
        var text = Substring(String(decoding: prefix.prefix(4096), as: UTF8.self))
        while true {
            text = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" })
            if text.hasPrefix("<?") || text.hasPrefix("<!--") || text.hasPrefix("<!") {
                // A doctype's internal subset ([ … ]) holds ">" of its own.
                let subset = text.hasPrefix("<!DOCTYPE") && (text.firstIndex(of: "[").map { i in text.firstIndex(of: ">").map { i < $0 } ?? true } ?? false)
                let end = text.hasPrefix("<!--") ? "-->" : subset ? "]>" : ">"
                guard let r = text.firstRange(of: end) else { return false }
                text = text[r.upperBound...]
                continue
            }
            guard text.hasPrefix("<") else { return false }
            let name = text.dropFirst().prefix(while: { !" \t\r\n>/".contains($0) })
            return name == "svg" || name.hasSuffix(":svg")
        }
    }
}

/// One document being read: the id table, the style sheet, the warnings and the scene built so far.
final class SVGDocumentReader {
    let root: XMLElement
    let resolver: SceneResolver
    var warnings: [SVGWarning] = []
    private var seenWarnings = Set<SVGWarning>()
    var ids: [String: XMLElement] = [:]
    var sheet = CSSStyleSheet()
    var scene = Scene(width: 300, height: 150)
    var viewport: (width: Double, height: Double) = (300, 150)
    var rootFontSize = 16.0
    var useDepth = 0
    var usesInProgress = Set<ObjectIdentifier>()
    /// The most elements drawn, each `<use>` copy counted (a chain of `<use>` doubling at each level
    /// would otherwise draw 2^depth copies), and how many so far.
    var elementLimit = XMLLimits.default.elements
    var elementsDrawn = 0
    /// The `<g>` groups composited with their opacity that are open (``SceneItem/beginGroup(opacity:)``);
    /// past ``SceneItem/maximumGroupDepth`` a group's opacity is multiplied into its children's paints.
    var openGroups = 0
    /// The most labels one document may make, each `<use>` copy of a `<text>` counted (a chain of 15
    /// `<use>` doubling one text made 32 000 labels before any budget looked).
    var labelLimit = SVGReadOptions.maximumLabels
    /// The most UTF-8 bytes of text all labels together may hold.
    var textByteLimit = SVGReadOptions.maximumTextBytes
    var textBytes = 0
    /// Where each shape and label came from (see ``SVGScene/origins``), and the `<text>` being read.
    var origins: [String: (element: String, line: Int)] = [:]
    var currentText: XMLElement?
    /// Whether Fontconfig has a family (and style), asked once per document.
    var installedFamilies: [String: Bool] = [:]
    /// The options the document is read with (size, initial font size, default families).
    var options = SVGReadOptions()

    init(root: XMLElement, resolver: SceneResolver) { self.root = root; self.resolver = resolver }

    /// The most warnings one document reports; the rest are counted in one last warning.
    static let maximumWarnings = 1_000
    var moreWarnings = 0

    func warn(_ e: XMLElement, _ attribute: String?, _ message: String) {
        guard warnings.count < Self.maximumWarnings else { moreWarnings += 1; return }
        let w = SVGWarning(element: e.name, attribute: attribute, message: message, line: e.line)
        if seenWarnings.insert(w).inserted { warnings.append(w) }
    }

    var context: SVGLength.Context {
        SVGLength.Context(fontSize: options.fontSize, rootFontSize: rootFontSize, percentBase: viewport.width, viewport: viewport)
    }

    func isSVG(_ e: XMLElement) -> Bool { e.namespace == SVGInput.svgNamespace || (e.namespace == nil && root.namespace == nil) }

    func read() throws(SVGError) -> Scene {
        index(root)
        collectStyleSheets(root)
        // The canvas: width and height (default: the viewBox's size, else 300 × 150), and the viewBox map.
        let viewBox = root.attribute("viewBox").flatMap(numberList).flatMap { $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? $0 : nil }
        func size(_ name: String, _ fallback: Double) -> Double {
            guard let raw = root.attribute(name), let l = SVGLength(raw), l.unit != .percent else { return fallback }
            return l.resolved(SVGLength.Context(viewport: (fallback, fallback)))
        }
        let width = size("width", viewBox.map { $0[2] } ?? 300), height = size("height", viewBox.map { $0[3] } ?? 150)
        guard width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw .badValue(element: "svg", attribute: "width/height", value: "\(width) × \(height)", expected: "a size from 1 to 100000 pixels")
        }
        let factor = options.size.factor(width: width, height: height)
        guard factor.isFinite, factor > 0, width * factor <= 100_000, height * factor <= 100_000,
              (width * factor).rounded(.up) >= 1, (height * factor).rounded(.up) >= 1 else {
            throw .badValue(element: "svg", attribute: "width/height", value: "\(width) × \(height) scaled by \(factor)",
                            expected: "a drawn size from 1 to 100000 pixels")
        }
        scene = Scene(width: Int((width * factor).rounded(.up)), height: Int((height * factor).rounded(.up)))
        scene.order = []
        var ctm = Affine(factor, 0, 0, factor, 0, 0)
        viewport = (width, height)
        if let vb = viewBox {
            ctm = ctm * viewBoxTransform(vb, width: width, height: height, preserve: root.attribute("preserveAspectRatio"), element: root)
            viewport = (vb[2], vb[3])
        }
        var initial = SVGStyle()
        initial.fontSize = options.fontSize
        initial.medium = options.fontSize
        let style = computedStyle(root, parent: initial)
        rootFontSize = style.fontSize
        if let t = root.attribute("transform") { ctm = ctm * (transform(t, root) ?? .identity) }
        try children(of: root, ctm: ctm, style: style)
        return scene
    }

    /// The map from a viewBox to the viewport, as `preserveAspectRatio` says (default `xMidYMid meet`).
    func viewBoxTransform(_ vb: [Double], width: Double, height: Double, preserve: String?, element: XMLElement) -> Affine {
        let words = (preserve ?? "xMidYMid meet").split(separator: " ").map(String.init)
        let align = words.first ?? "xMidYMid"
        var sx = width / vb[2], sy = height / vb[3]
        if align != "none" {
            let slice = words.count > 1 && words[1] == "slice"
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
        }
        var tx = -vb[0] * sx, ty = -vb[1] * sy
        if align != "none" {
            let extraX = width - vb[2] * sx, extraY = height - vb[3] * sy
            if align.contains("xMid") { tx += extraX / 2 } else if align.contains("xMax") { tx += extraX }
            if align.contains("YMid") { ty += extraY / 2 } else if align.contains("YMax") { ty += extraY }
            if !["xMinYMin", "xMidYMin", "xMaxYMin", "xMinYMid", "xMidYMid", "xMaxYMid", "xMinYMax", "xMidYMax", "xMaxYMax"].contains(align) {
                warn(element, "preserveAspectRatio", "cannot read \"\(preserve ?? "")\": xMidYMid meet is used")
            }
        }
        return Affine(sx, 0, 0, sy, tx, ty)
    }

    func transform(_ text: String, _ e: XMLElement) -> Affine? {
        guard let m = SVGTransform.parse(text) else {
            warn(e, "transform", "cannot read \"\(text)\": the element is drawn without it")
            return nil
        }
        return m
    }

    private func index(_ e: XMLElement) {
        if let id = e.attribute("id"), ids[id] == nil { ids[id] = e }
        for c in e.elements { index(c) }
    }

    private func collectStyleSheets(_ e: XMLElement) {
        for c in e.elements {
            if isSVG(c), c.name == "style" {
                let type = c.attribute("type")?.lowercased() ?? "text/css"
                guard type == "text/css" || type.isEmpty else {
                    warn(c, "type", "style sheets of type \(type) are not supported: skipped")
                    continue
                }
                var css = ""
                for case .text(let t) in c.children { css += t }
                sheet.add(css) { what, message in warn(c, nil, "\(what): \(message)") }
            } else {
                collectStyleSheets(c)
            }
        }
    }

    /// The element's declarations in cascade order: presentation attributes, style sheet rules, `style`.
    func declarations(_ e: XMLElement) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        for a in e.attributes where a.namespace == nil && SVGStyle.properties.contains(a.name) {
            out.append((a.name, a.value))
        }
        let classes = (e.attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        out += sheet.declarations(name: e.name, id: e.attribute("id"), classes: classes)
        if let style = e.attribute("style") { out += CSSStyleSheet.declarations(style) }
        return out
    }

    func computedStyle(_ e: XMLElement, parent: SVGStyle) -> SVGStyle {
        var c = context
        c.fontSize = parent.fontSize
        var s = SVGStyle.computed(parent: parent, declarations: declarations(e), context: c) { property, message in
            warn(e, property, message)
        }
        if e.attribute("space", namespace: SVGInput.xmlNamespace) == "preserve" { s.preserveSpaces = true }
        if e.attribute("space", namespace: SVGInput.xmlNamespace) == "default" { s.preserveSpaces = false }
        if let lang = e.attribute("lang", namespace: SVGInput.xmlNamespace) ?? e.attribute("lang") {
            s.language = lang.isEmpty ? nil : lang
        }
        if !s.declaredDecoration.isEmpty { s.decoratingBox = SVGDecoratingBox(style: s, element: e) }
        return s
    }

    func children(of e: XMLElement, ctm: Affine, style: SVGStyle) throws(SVGError) {
        for c in e.elements { try element(c, ctm: ctm, parent: style) }
    }

    /// Elements that are not drawn and hold nothing to report.
    static let silent: Set<String> = ["defs", "title", "desc", "metadata", "style", "symbol", "linearGradient", "radialGradient",
                                      "pattern", "clipPath", "mask", "filter", "marker", "font-face", "font"]
    /// Elements that would draw something the reader does not.
    static let undrawn: Set<String> = ["image", "foreignObject", "video", "audio", "iframe", "canvas", "animate", "animateMotion",
                                       "animateTransform", "animateColor", "set", "script", "discard", "mpath"]

    func element(_ e: XMLElement, ctm parentCTM: Affine, parent: SVGStyle) throws(SVGError) {
        guard isSVG(e) else { return }  // editor data (sodipodi:namedview, inkscape:*, rdf) draws nothing
        elementsDrawn += 1
        guard elementsDrawn <= elementLimit else { throw .tooManyElements(limit: elementLimit) }
        // The caller's deadline, checked as the document expands (every `<use>` copy comes through here).
        if elementsDrawn % 64 == 0, let d = Deadline.passed { throw .deadline(d.message) }
        if Self.silent.contains(e.name) { return }
        if Self.undrawn.contains(e.name) {
            warn(e, nil, "<\(e.name)> is not supported: not drawn")
            return
        }
        let style = computedStyle(e, parent: parent)
        if sheet.exhausted {
            throw .overBudget(budget: "CSS rule tests", limit: CSSStyleSheet.testBudget, element: e.name, line: e.line)
        }
        guard style.display else { return }
        var ctm = parentCTM
        if let t = e.attribute("transform"), let m = transform(t, e) { ctm = ctm * m }
        switch e.name {
        case "g", "a", "switch":
            if e.name == "switch" { warn(e, nil, "every child of <switch> is drawn (no conditional processing)") }
            // Opacity on a group composites the group (its children do not show through each other).
            try grouped(style, parent: parent) { inner throws(SVGError) in
                try filtered(e, inner, ctm: ctm) { () throws(SVGError) in try children(of: e, ctm: ctm, style: inner) }
            }
        case "svg":
            // A nested viewport: x, y, width, height and viewBox (not clipped).
            var c = context
            c.percentBase = viewport.width
            let x = e.attribute("x").flatMap { SVGLength($0) }?.resolved(c) ?? 0
            c.percentBase = viewport.height
            let y = e.attribute("y").flatMap { SVGLength($0) }?.resolved(c) ?? 0
            var inner = ctm * .translate(Vector(x, y))
            let saved = viewport
            if let vb = e.attribute("viewBox").flatMap(numberList), vb.count == 4, vb[2] > 0, vb[3] > 0 {
                c.percentBase = viewport.width
                let w = e.attribute("width").flatMap { SVGLength($0) }?.resolved(c) ?? viewport.width
                c.percentBase = viewport.height
                let h = e.attribute("height").flatMap { SVGLength($0) }?.resolved(c) ?? viewport.height
                inner = inner * viewBoxTransform(vb, width: w, height: h, preserve: e.attribute("preserveAspectRatio"), element: e)
                viewport = (vb[2], vb[3])
            }
            warn(e, nil, "a nested <svg> is not clipped to its viewport")
            try children(of: e, ctm: inner, style: style)
            viewport = saved
        case "use":
            try filtered(e, style, ctm: ctm) { () throws(SVGError) in try use(e, ctm: ctm, style: style) }
        case "text":
            guard scene.labels.count < labelLimit else { throw .overBudget(budget: "labels", limit: labelLimit, element: e.name, line: e.line) }
            guard textBytes <= textByteLimit else { throw .overBudget(budget: "bytes of text", limit: textByteLimit, element: e.name, line: e.line) }
            let before = scene.labels.count
            currentText = e
            defer { currentText = nil }
            // The text's own opacity composites its glyphs, fills and strokes together, as a group's does.
            try grouped(style, parent: parent) { inner throws(SVGError) in
                try filtered(e, inner, ctm: ctm) { () throws(SVGError) in try SVGTextReader(reader: self, text: e, ctm: ctm, style: inner).read() }
            }
            for label in scene.labels[before...] { textBytes += (label.text?.utf8.count ?? 0) + (label.runs ?? []).reduce(0) { $0 + $1.text.utf8.count } }
            guard scene.labels.count <= labelLimit else { throw .overBudget(budget: "labels", limit: labelLimit, element: e.name, line: e.line) }
        case let name where SVGShapes.names.contains(name):
            // A shape's own opacity composites its fill and stroke together (the stroke does not show the fill
            // through it), as a group's does; a shape painted once is simply faded.
            grouped(style, parent: parent) { inner in filtered(e, inner, ctm: ctm) { shape(e, ctm: ctm, style: inner) } }
        default:
            warn(e, nil, "unknown element: not drawn")
        }
    }

    /// `draw` under the element's own opacity (its `style.opacity` over its parent's) composited as a group
    /// (``SceneItem/beginGroup(opacity:)``): `draw` gets the style with the parent's opacity, and what it adds
    /// is faded as one layer. A group of one shape painted once is that shape faded (no layer), an empty one
    /// is dropped; past ``SceneItem/maximumGroupDepth`` open groups, or without an opacity of its own, `draw`
    /// gets the style as it is (the opacity multiplied into each paint).
    func grouped<E: Error>(_ style: SVGStyle, parent: SVGStyle, _ draw: (SVGStyle) throws(E) -> Void) throws(E) {
        let own = parent.opacity > 0 ? style.opacity / parent.opacity : 1
        guard own < 1, parent.opacity > 0, openGroups < SceneItem.maximumGroupDepth else { return try draw(style) }
        var inner = style
        inner.opacity = parent.opacity
        let mark = scene.order!.count
        scene.order!.append(.beginGroup(opacity: own))
        openGroups += 1
        defer { openGroups -= 1 }
        try draw(inner)
        let items = scene.order![(mark + 1)...]
        if items.isEmpty {
            scene.order!.removeLast()
        } else if items.count == 1, case .shape(let k) = items.first!, scene.shapes[k].paintsOnce {
            scene.shapes[k].fade(by: own)
            scene.order!.remove(at: mark)
        } else {
            scene.order!.append(.endGroup)
        }
    }

    /// `<use href="#id" x y>`: the referenced element drawn here, inheriting this element's style.
    func use(_ e: XMLElement, ctm: Affine, style: SVGStyle) throws(SVGError) {
        guard let target = referenced(e) else {
            warn(e, "href", "refers to no element: nothing drawn")
            return
        }
        let key = ObjectIdentifier(target)
        guard useDepth < 16, !usesInProgress.contains(key) else {
            warn(e, "href", "refers to itself or nests deeper than 16: not drawn")
            return
        }
        useDepth += 1; usesInProgress.insert(key)
        defer { useDepth -= 1; usesInProgress.remove(key) }
        var c = context
        let x = e.attribute("x").flatMap { SVGLength($0) }?.resolved(c) ?? 0
        c.percentBase = viewport.height
        let y = e.attribute("y").flatMap { SVGLength($0) }?.resolved(c) ?? 0
        let inner = ctm * .translate(Vector(x, y))
        if target.name == "symbol" {
            var m = inner
            if let vb = target.attribute("viewBox").flatMap(numberList), vb.count == 4, vb[2] > 0, vb[3] > 0 {
                let w = e.attribute("width").flatMap { SVGLength($0) }?.resolved(c) ?? vb[2]
                let h = e.attribute("height").flatMap { SVGLength($0) }?.resolved(c) ?? vb[3]
                m = m * viewBoxTransform(vb, width: w, height: h, preserve: target.attribute("preserveAspectRatio"), element: target)
            }
            let symbolStyle = computedStyle(target, parent: style)
            try children(of: target, ctm: m, style: symbolStyle)
        } else {
            try element(target, ctm: inner, parent: style)
        }
    }

    /// The element an `href` (or `xlink:href`) of `e` points to.
    func referenced(_ e: XMLElement) -> XMLElement? {
        guard let href = e.attribute("href") ?? e.attribute("href", namespace: SVGInput.xlinkNamespace) else { return nil }
        let h = href.trimmingCharacters(in: " ")
        guard h.hasPrefix("#") else {
            if !h.isEmpty { warn(e, "href", "only references within the document (#id) are followed; \"\(h)\" is not loaded") }
            return nil
        }
        return ids[String(h.dropFirst())]
    }

    /// The colour of a paint, with its opacity; `nil` for none. Paint servers are reported and replaced by
    /// their fallback colour.
    func color(_ paint: SVGPaint, opacity: Double, style: SVGStyle, element e: XMLElement, property: String) -> RGBAColor? {
        var c: RGBAColor
        switch paint {
        case .none: return nil
        case .color(let col): c = col
        case .currentColor: c = style.color
        case .server(let id, let fallback):
            let kind = ids[id].map { "<\($0.name)>" } ?? "no element"
            let instead = fallback.map { "the fallback colour \($0.description)" } ?? "no \(property)"
            warn(e, property, "url(#\(id)) refers to \(kind)\(ids[id].map { e in Self.serverNames.contains(e.name) ? ", " + e.name + " paint is not supported" : "" } ?? ""): drawn with \(instead)")
            guard let f = fallback else { return nil }
            c = f
        }
        let a = Double(c.a) * opacity * style.opacity
        c.a = UInt8(max(0, min(255, a.rounded())))
        return c
    }

    static let serverNames: Set<String> = ["linearGradient", "radialGradient", "pattern", "meshgradient", "hatch"]

    func shape(_ e: XMLElement, ctm: Affine, style: SVGStyle) {
        var c = context
        c.fontSize = style.fontSize
        var problem: (attribute: String, value: String)? = nil
        guard let path = SVGShapes.path(of: e, context: c, problem: &problem) else {
            if let p = problem { warn(e, p.attribute, "cannot read \"\(p.value.count > 40 ? String(p.value.prefix(40)) + "…" : p.value)\": the shape is not drawn") }
            return
        }
        guard !path.isEmpty, style.visible else { return }
        var s = SceneShape(type: .path, id: nil)
        s.d = path.transformed(by: ctm)
        guard Self.isFinite(s.d!) else {
            warn(e, "transform", "the shape's coordinates overflow on the canvas: not drawn")
            return
        }
        let fillGradient = e.name == "line" ? nil : gradient(style.fill, element: e, ctm: .identity)
        if fillGradient == nil {
            let filled = ["line", "polyline"].contains(e.name) ? nil : color(style.fill, opacity: style.fillOpacity, style: style, element: e, property: "fill")
            s.fill = filled
            if e.name == "polyline" { s.fill = color(style.fill, opacity: style.fillOpacity, style: style, element: e, property: "fill") }
        }
        // A gradient fill: its bounding box is the shape's in user space, then the transform maps it (exact under rotation).
        if var g = fillGradient {
            if let resolved = g.resolved(in: path.controlBox) {
                g = resolved
                g.transform = ctm * g.transform
                let o = style.fillOpacity * style.opacity
                if o < 1 { for k in g.stops.indices { g.stops[k].color = RunPaint.faded(g.stops[k].color, o) } }
                s.fillGradient = g
            }
        }
        if style.strokeWidth > 0 {
            // A gradient stroke spans the geometry's box (without the stroke), as a gradient fill does.
            if let g = gradient(style.stroke, element: e, ctm: .identity) {
                if var resolved = g.resolved(in: path.controlBox) {
                    resolved.transform = ctm * resolved.transform
                    let o = style.strokeOpacity * style.opacity
                    if o < 1 { for k in resolved.stops.indices { resolved.stops[k].color = RunPaint.faded(resolved.stops[k].color, o) } }
                    s.strokeGradient = resolved
                }
            } else {
                s.stroke = color(style.stroke, opacity: style.strokeOpacity, style: style, element: e, property: "stroke")
            }
            s.strokeWidth = style.strokeWidth * abs(ctm.determinant).squareRoot()
            if SVGTransform.similarity(ctm) == nil, s.stroke != nil || s.strokeGradient != nil,
               abs(abs(ctm.a) - abs(ctm.d)) > 1e-9 || ctm.b != 0 || ctm.c != 0 {
                warn(e, "transform", "a stroke under a skew or unequal scale is drawn with one width (the transform's mean scale)")
            }
        }
        s.strokeCap = style.strokeLinecap
        let stroked = s.stroke != nil || s.strokeGradient != nil
        if stroked, style.strokeDasharray.reduce(0, +) > 0 {
            let k = abs(ctm.determinant).squareRoot()
            s.strokeDasharray = style.strokeDasharray.map { $0 * k }
            if style.strokeDashoffset != 0 { s.strokeDashoffset = style.strokeDashoffset * k }
        }
        if stroked, style.strokeLinejoinGiven, style.strokeLinejoin != .round { warn(e, "stroke-linejoin", "\(style.strokeLinejoin.rawValue) joins are drawn round on shapes") }
        s.fillRule = style.fillRule
        guard s.fill != nil || s.fillGradient != nil || stroked else { return }
        origins["shapes[\(scene.shapes.count)]"] = (e.name, e.line)
        scene.order!.append(.shape(scene.shapes.count))
        scene.shapes.append(s)
    }

    /// Whether every segment of `path` starts and ends at finite coordinates (a transform of huge scale
    /// can overflow them).
    static func isFinite(_ path: BezPath) -> Bool {
        path.subpaths.allSatisfy { sp in sp.start.isFinite && sp.segments.allSatisfy { $0.start.isFinite && $0.end.isFinite } }
    }

    /// Adds a label to the scene, in paint order.
    func add(_ label: SceneLabel) {
        if let t = currentText { origins["labels[\(scene.labels.count)]"] = (t.name, t.line) }
        scene.order!.append(.label(scene.labels.count))
        scene.labels.append(label)
    }
}

extension SceneShape {
    /// Whether the shape paints one thing (a fill or a stroke, not both): then fading its paint equals
    /// fading it as a group.
    var paintsOnce: Bool { (fill != nil || fillGradient != nil) != (stroke != nil || strokeGradient != nil) }

    /// The shape with every paint's alpha multiplied by `opacity`.
    mutating func fade(by opacity: Double) {
        fill = fill.map { RunPaint.faded($0, opacity) }
        stroke = stroke.map { RunPaint.faded($0, opacity) }
        for k in fillGradient?.stops.indices ?? 0..<0 { fillGradient!.stops[k].color = RunPaint.faded(fillGradient!.stops[k].color, opacity) }
        for k in strokeGradient?.stops.indices ?? 0..<0 { strokeGradient!.stops[k].color = RunPaint.faded(strokeGradient!.stops[k].color, opacity) }
    }
}
