import Pipeline
import Support
import Geometry
import Shaping
import Layout
import Render
import Requests

/// The check's pictures: each locale's scene as a PNG, a grid of them all, and an `index.html` that
/// shows the grid, every picture and the table's rows.
public enum ContactSheet {
    /// The grid's tile width in pixels (scenes are scaled to fit it).
    public static let tileWidth = 160

    /// The file names (without `.png`) of the locales' pictures, in the locales' order: letters, digits,
    /// `-` and `_` kept, anything else `_`; a name taken before (by another locale, whatever the letter
    /// case, or by `grid` and `index`) gets `-2`, `-3`, … so no picture replaces another.
    public static func fileNames(_ locales: [String]) -> [String] {
        var taken: Set<String> = ["grid", "index"]
        return locales.map { locale in
            let base = fileName(locale)
            var name = base, n = 1
            while taken.contains(name.lowercased()) { n += 1; name = "\(base)-\(n)" }
            taken.insert(name.lowercased())
            return name
        }
    }

    /// The files ``write(_:strings:results:resolver:to:)`` writes in `dir`, in order: each locale's
    /// picture, `grid.png`, `index.html` (for checking them against the inputs first).
    public static func files(_ strings: StringTable, in dir: String) -> [String] {
        fileNames(strings.locales).map { dir + "/" + $0 + ".png" } + [dir + "/grid.png", dir + "/index.html"]
    }

    /// Writes `DIR/LOCALE.png` for every locale (named by ``fileNames(_:)``), `DIR/grid.png` and
    /// `DIR/index.html`, and returns the files written. Everything is drawn first and then written all or
    /// none (``AtomicFile``'s group write), so a failure leaves every existing file as it was; a folder
    /// made for them is removed again.
    /// - Throws: ``SceneError`` for a scene that cannot be drawn or a file that cannot be written.
    public static func write(_ template: Scene, strings: StringTable, results: [LabelCheck], resolver: SceneResolver,
                             to dir: String) throws(SceneError) -> [String] {
        var files: [(bytes: [UInt8], path: String)] = []
        var scenes: [(String, Scene)] = []
        let names = fileNames(strings.locales)
        for (locale, name) in zip(strings.locales, names) {
            if let d = Deadline.passed { throw SceneError("", d.message) }
            let scene = LocaleChecker.scene(template, locale: locale, strings: strings)
            scenes.append((locale, scene))
            var rendered = try SceneRenderer.render(scene, resolver: resolver)
            rendered.canvas.releaseScratch()
            let file = dir + "/" + name + ".png"
            do { files.append((try rendered.canvas.pngData(), file)) } catch { throw SceneError("", "\(file): \(error.description)") }
        }
        let grid = try self.grid(scenes, resolver: resolver)
        let gridFile = dir + "/grid.png"
        do { files.append((try grid.pngData(compression: .balanced), gridFile)) } catch { throw SceneError("", "\(gridFile): \(error.description)") }
        files.append((Array(html(strings.locales, names: names, results: results).utf8), dir + "/index.html"))
        let made: [String]
        do { made = try Folders.make(dir) } catch {
            guard case let .cannotWrite(_, why) = error else { throw SceneError("", error.description) }
            throw SceneError("", "cannot make the folder \(dir): \(why)")
        }
        do { try AtomicFile.write(all: files) } catch {
            Folders.remove(made)
            throw SceneError("", error.description)
        }
        return files.map(\.path)
    }

    /// A file name for a locale: letters, digits, `-` and `_` kept, anything else `_`.
    static func fileName(_ locale: String) -> String {
        String(locale.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }

    /// Every scene scaled into a tile ``tileWidth`` wide, a caption with its locale under it, six to a row.
    public static func grid(_ scenes: [(locale: String, scene: Scene)], resolver: SceneResolver) throws(SceneError) -> RasterCanvas {
        guard let first = scenes.first?.scene else { throw SceneError("", "no locales to draw") }
        let scale = Double(tileWidth) / Double(max(first.width, 1))
        let tileHeight = Int((Double(first.height) * scale).rounded(.up)), caption = 28, gap = 8
        let columns = min(6, scenes.count), rows = (scenes.count + columns - 1) / columns
        let width = columns * (tileWidth + gap) + gap, height = rows * (tileHeight + caption + gap) + gap
        // One surface for every tile, its transform moved from tile to tile: the canvas is never copied
        // (a copy per tile made 2 000 locales quadratic).
        var tile: TileSurface
        do {
            tile = TileSurface(canvas: try RasterCanvas(width: width, height: height, background: RGBAColor(r: 226, g: 232, b: 240),
                                                        pixelLimit: resolver.limits.canvasPixels), transform: .identity)
        } catch { throw SceneError("", error.description) }
        let font = try? resolver.embeddedStack()
        for (k, item) in scenes.enumerated() {
            if let d = Deadline.passed { throw SceneError("", d.message) }
            let x = Double(gap + (k % columns) * (tileWidth + gap)), y = Double(gap + (k / columns) * (tileHeight + caption + gap))
            let s = Double(tileWidth) / Double(max(item.scene.width, 1))
            tile.transform = Affine.translate(Vector(x, y)) * Affine.scale(s)
            let rect = BezPath.polyline([Point(0, 0), Point(Double(item.scene.width), 0),
                                         Point(Double(item.scene.width), Double(item.scene.height)), Point(0, Double(item.scene.height))], closed: true)
            tile.fillPath(rect, transform: .identity, color: item.scene.background ?? .white, rule: .nonZero, mode: .sourceOver)
            _ = try SceneRenderer.draw(item.scene, on: &tile, resolver: resolver)
            if let font {
                let text = AttributedText(item.locale, attributes: TextAttributes(fonts: font, size: 18, color: RGBAColor(r: 15, g: 23, b: 42), systemFallback: false))
                let baseline = y + Double(tileHeight) + 20
                if let label = try? LabelLayout.layout(text, along: BezPath.line(from: Point(x + 4, baseline), to: Point(x + Double(tileWidth), baseline))).first {
                    tile.canvas.draw(label)
                }
            }
        }
        return tile.canvas
    }

    /// The contact sheet page: the grid, then per locale its picture and its rows.
    static func html(_ locales: [String], names: [String], results: [LabelCheck]) -> String {
        func esc(_ s: String) -> String {
            s.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
                .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
        }
        var h = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>pathtext check</title><style>
        body{font-family:sans-serif;margin:24px;color:#0f172a} img{max-width:100%} .locale{display:flex;gap:16px;margin:16px 0;align-items:flex-start}
        .locale img{width:320px;border:1px solid #cbd5e1} td,th{padding:2px 8px;text-align:left} .bad{color:#b91c1c} .warn{color:#b45309} .ok{color:#15803d}
        </style></head><body><h1>pathtext check</h1>
        <p>\(esc(CheckReport.summary(results)))</p><img src="grid.png" alt="every locale">

        """
        for (locale, name) in zip(locales, names) {
            h += "<div class=\"locale\"><img src=\"\(esc(name)).png\" alt=\"\(esc(locale))\"><div><h2 lang=\"\(esc(locale))\">\(esc(locale))</h2><table>"
            h += "<tr><th>label</th><th>text</th><th>result</th><th>issues</th></tr>"
            for r in results where r.locale == locale {
                let cls = r.issues.contains(.overflow) || r.issues.contains(.missing) || r.issues.contains(.overlap) ? "bad" : r.issues.isEmpty ? "ok" : "warn"
                let result = r.fit.shown
                h += "<tr class=\"\(cls)\"><td>#\(r.label)</td><td lang=\"\(esc(locale))\">\(esc(r.text))</td><td>\(esc(result))</td><td>"
                    + esc(r.issues.map(\.rawValue).joined(separator: ", ")) + (r.missing.isEmpty ? "" : " " + esc(r.missing.map(CheckReport.codePoint).joined(separator: " ")))
                    + "</td></tr>"
            }
            h += "</table></div></div>\n"
        }
        return h + "</body></html>\n"
    }
}

/// A drawing surface that maps everything drawn by `transform` onto a canvas: a scene drawn into a tile.
struct TileSurface: DrawingSurface {
    var canvas: RasterCanvas
    var transform: Affine
    /// How much the transform scales lengths (uniform scales only).
    var scale: Double { (transform.a * transform.a + transform.b * transform.b).squareRoot() }

    mutating func fillPath(_ path: BezPath, transform t: Affine, color: RGBAColor, rule: FillRule, mode: CompositeMode) {
        canvas.fillPath(path, transform: transform * t, color: color, rule: rule, mode: mode)
    }

    mutating func strokePath(_ path: BezPath, width: Double, color: RGBAColor, cap: LineCap, mode: CompositeMode) {
        canvas.strokePath(path.transformed(by: transform), width: width * scale, color: color, cap: cap, mode: mode)
    }

    mutating func drawBitmap(_ bitmap: ColorBitmap, transform t: Affine, opacity: Double, mode: CompositeMode) {
        canvas.drawBitmap(bitmap, transform: transform * t, opacity: opacity, mode: mode)
    }
}
