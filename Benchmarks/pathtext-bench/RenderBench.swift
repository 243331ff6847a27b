#if canImport(Glibc)
import Pipeline
import Glibc
#endif
import Foundation
import Geometry
import Shaping
import Layout
import Render
import Requests
import Showcase

enum RenderBench {
    /// Stage times of one staged render, in ns.
    struct Stages {
        var fonts = 0.0, shape = 0.0, place = 0.0, raster = 0.0, png = 0.0
        var total: Double { fonts + shape + place + raster + png }
    }

    /// `SceneRenderer.render` + `pngData()`, done piece by piece with a clock between the pieces:
    /// fonts (a fresh resolver loading every font, shape paths, label resolution), shaping, placement,
    /// rasterizing (canvas, shapes, glyphs — outlines come from FreeType on first use), PNG encoding.
    static func staged(_ scene: Scene, fontsDir: String) -> (Stages, canvas: RasterCanvas, png: [UInt8], glyphs: Int) {
        var st = Stages()
        let t0 = nowNs()
        let resolver = SceneResolver(fontsDir: fontsDir)
        var shapePaths: [BezPath] = []
        var byID: [String: BezPath] = [:]
        var definitions: [String: SceneShape] = [:]
        for (i, s) in scene.shapes.enumerated() {
            let p = try! s.path(at: "shapes[\(i)]")
            shapePaths.append(p)
            if let id = s.id { byID[id] = p; definitions[id] = s }
        }
        let resolved = scene.labels.enumerated().map { i, l in try! resolver.resolve(l, index: i, shapes: byID, definitions: definitions) }
        let t1 = nowNs()
        let lines = resolved.map { Shaper.shape($0.text, direction: $0.direction) }
        let t2 = nowNs()
        var placed: [(PlacedLabel, Bool)] = []
        for (r, line) in zip(resolved, lines) {
            for l in try! LabelLayout.place(line, along: r.path, options: r.options) { placed.append((l, r.knockout)) }
        }
        let t3 = nowNs()
        var canvas = try! RasterCanvas(width: scene.width, height: scene.height,
                                 background: scene.background ?? .transparent)
        for (s, p) in zip(scene.shapes, shapePaths) {
            let mode = s.blend ?? .sourceOver
            let rule = s.fillRule ?? .nonZero
            if let fill = s.fill { canvas.fill(p, color: fill, rule: rule, mode: mode) }
            if let stroke = s.stroke {
                canvas.stroke(p, style: StrokeOptions(width: s.strokeWidth ?? 1, cap: s.strokeCap ?? .round, join: .round), color: stroke, mode: mode)
            }
        }
        for (l, knockout) in placed { canvas.draw(l, mode: knockout ? .destinationOut : .sourceOver) }
        let t4 = nowNs()
        let png = try! canvas.pngData()
        let t5 = nowNs()
        st.fonts = Double(t1 - t0); st.shape = Double(t2 - t1); st.place = Double(t3 - t2)
        st.raster = Double(t4 - t3); st.png = Double(t5 - t4)
        return (st, canvas, png, placed.reduce(0) { $0 + $1.0.glyphs.count })
    }

    /// Under callgrind: the raster stage alone, `passes` times on labels placed once
    /// (`PATHTEXT_RENDER_RASTER_PASSES=N`, big scene only), so that its instructions per pass can be read.
    static func rasterPasses(_ scene: Scene, fontsDir: String, passes: Int) {
        let resolver = SceneResolver(fontsDir: fontsDir)
        var byID: [String: BezPath] = [:], shapePaths: [BezPath] = [], definitions: [String: SceneShape] = [:]
        for (i, s) in scene.shapes.enumerated() {
            let p = try! s.path(at: "shapes[\(i)]")
            shapePaths.append(p)
            if let id = s.id { byID[id] = p; definitions[id] = s }
        }
        let resolved = scene.labels.enumerated().map { i, l in try! resolver.resolve(l, index: i, shapes: byID, definitions: definitions) }
        var placed: [(PlacedLabel, Bool)] = []
        for r in resolved {
            for l in try! LabelLayout.place(Shaper.shape(r.text, direction: r.direction), along: r.path, options: r.options) {
                placed.append((l, r.knockout))
            }
        }
        for _ in 0..<passes {
            var canvas = try! RasterCanvas(width: scene.width, height: scene.height, background: scene.background ?? .transparent)
            for (s, p) in zip(scene.shapes, shapePaths) {
                if let fill = s.fill { canvas.fill(p, color: fill, rule: s.fillRule ?? .nonZero, mode: s.blend ?? .sourceOver) }
                if let stroke = s.stroke {
                    canvas.stroke(p, style: StrokeOptions(width: s.strokeWidth ?? 1, cap: s.strokeCap ?? .round, join: .round),
                                  color: stroke, mode: s.blend ?? .sourceOver)
                }
            }
            for (l, knockout) in placed { canvas.draw(l, mode: knockout ? .destinationOut : .sourceOver) }
            blackHole(canvas.pixels.count)
        }
        progress("render raster: \(passes) passes of \(placed.count) labels")
    }

    /// The library's one call: `SceneRenderer.render` with a fresh resolver, then `pngData()`.
    static func oneCall(_ scene: Scene, fontsDir: String) -> (RasterCanvas, [UInt8]) {
        let r = try! SceneRenderer.render(scene, resolver: SceneResolver(fontsDir: fontsDir))
        return (r.canvas, try! r.canvas.pngData())
    }

    /// A 4096 × 4096 scene of 625 short labels (16 clusters each, about 10 000 glyphs), alternately on
    /// circles and on S-shaped cubics; every fourth label is Arabic, every eighth Devanagari (font fallback).
    /// `cells` per side (25; a smoke run's 3 gives a 576 px scene of 9 labels).
    static func bigScene(cells: Int = 25) -> Scene {
        let latin = ["curved text here", "labels on paths!", "pathtext bench 1", "round and round 2",
                     "wavy baseline ok", "glyphs everywhere", "upright reading", "tangent & normal"]
        let arabic = "النص يتبع المسار"
        let devanagari = "पाठ वक्र पथ अनुसरण"
        var shapes: [SceneShape] = []
        var labels: [SceneLabel] = []
        let pitch = 160.0, margin = 48.0
        for row in 0..<cells {
            for col in 0..<cells {
                let k = row * cells + col
                let cx = margin + pitch * (Double(col) + 0.5), cy = margin + pitch * (Double(row) + 0.5)
                let text = k % 8 == 7 ? devanagari : k % 4 == 3 ? arabic : latin[k % latin.count]
                var label: SceneLabel
                if k % 2 == 0 {
                    var c = SceneShape(type: .circle, id: "c\(k)")
                    c.center = Point(cx, cy); c.radius = 58; c.startAngle = 180
                    c.stroke = RGBAColor(rgb: 0xcbd5e1); c.strokeWidth = 1
                    shapes.append(c)
                    label = SceneLabel(text: text, shape: "c\(k)")
                    label.options.offset = .percent(-25)
                } else {
                    var d = BezPath()
                    d.move(to: Point(cx - 72, cy))
                    d.cubic(to: Point(cx + 72, cy), control1: Point(cx - 30, cy - 60), control2: Point(cx + 30, cy + 60))
                    label = SceneLabel(text: text, path: d)
                }
                label.options.align = .center
                label.style = RunStyle(size: 13, color: RGBAColor(rgb: k % 3 == 0 ? 0x0f172a : 0x1d4ed8))
                labels.append(label)
            }
        }
        let side = Int(2 * margin + pitch * Double(cells))
        return Scene(width: side, height: side, background: .white, shapes: shapes, labels: labels)
    }

    static func scene(named name: String, smoke: Bool = false) -> Scene? {
        switch name {
        case "dial": Showcase.paymentDial(size: 1024)
        case "big": bigScene(cells: smoke ? 3 : 25)
        default: nil
        }
    }

    /// Child mode: render one scene to PNG once and exit (the parent reads our peak RSS).
    static func child(_ name: String, fontsDir: String, smoke: Bool = false) -> Never {
        if let scene = scene(named: name, smoke: smoke) {
            let (canvas, png) = oneCall(scene, fontsDir: fontsDir)
            blackHole(canvas.width); blackHole(png.count)
        }
        exit(0)
    }

    /// Runs this executable as a child and returns its peak resident set (ru_maxrss, KiB).
    static func childPeakRSS(_ name: String, fontsDir: String, smoke: Bool = false) -> Double {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let args = [exe, "--child", name, "--fonts", fontsDir] + (smoke ? ["--smoke"] : [])
        var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, exe, nil, nil, &cargs, environ) == 0 else { fatalError("cannot spawn \(exe)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { fatalError("child \(name) failed (\(status))") }
        return Double(usage.ru_maxrss)
    }

    static let scenes = [("dial", "render/dial-1024"), ("big", "render/4096-10k")]

    /// Peak memory rows, measured in child processes. Call this before anything else grows the process:
    /// a child started by posix_spawn inherits the parent's high-water mark into its own ru_maxrss at exec,
    /// so the parent must still be small then (the `idle` row shows that floor).
    static func peakRSS(_ config: BenchConfig, fontsDir: String) -> [String: Row] {
        var rows: [String: Row] = [:]
        let idle = (0..<config.runs).map { _ in childPeakRSS("idle", fontsDir: fontsDir, smoke: config.smoke) }
        rows["idle"] = makeRow("render/idle/peak-rss", unit: "KiB", ours: idle,
                               note: "this executable started with --child and doing nothing: the floor of the rows below")
        for (name, label) in scenes {
            let rss = (0..<config.runs).map { _ in childPeakRSS(name, fontsDir: fontsDir, smoke: config.smoke) }
            rows[name] = makeRow("\(label)/peak-rss", unit: "KiB", ours: rss, note: "ru_maxrss of a child process rendering once to PNG")
        }
        return rows
    }

    static func run(_ config: BenchConfig, fontsDir: String, rss: [String: Row]) -> [Row] {
        var rows: [Row] = []
        if let idle = rss["idle"] { rows.append(idle) }
        if let env = getenv("PATHTEXT_RENDER_RASTER_PASSES"), let passes = Int(String(cString: env)), passes >= 0 {
            rasterPasses(scene(named: "big", smoke: config.smoke)!, fontsDir: fontsDir, passes: passes)
            return rows
        }
        for (name, label) in scenes {
            let runs = name == "big" && !config.smoke ? 5 : config.runs
            let scene = scene(named: name, smoke: config.smoke)!
            // Same picture both ways?
            let (_, stagedCanvas, stagedPNG, glyphs) = staged(scene, fontsDir: fontsDir)
            let (oneCanvas, _) = oneCall(scene, fontsDir: fontsDir)
            precondition(stagedCanvas.pixels == oneCanvas.pixels, "\(name): the staged render differs from SceneRenderer.render")
            progress("\(label): \(scene.width)×\(scene.height), \(scene.labels.count) labels, \(glyphs) glyphs, PNG \(stagedPNG.count) bytes; staged = one call, pixel for pixel")
            var stages: [Stages] = [], totals: [Double] = []
            for r in 0..<runs {
                if r % 2 == 0 {
                    stages.append(staged(scene, fontsDir: fontsDir).0)
                    let t0 = nowNs(); blackHole(oneCall(scene, fontsDir: fontsDir)); totals.append(Double(nowNs() - t0))
                } else {
                    let t0 = nowNs(); blackHole(oneCall(scene, fontsDir: fontsDir)); totals.append(Double(nowNs() - t0))
                    stages.append(staged(scene, fontsDir: fontsDir).0)
                }
            }
            let note = "\(scene.labels.count) labels, \(glyphs) glyphs"
            rows.append(makeRow("\(label)/total", ours: totals, note: "SceneRenderer.render + pngData(), fresh resolver; \(note)"))
            rows.append(makeRow("\(label)/staged", ours: stages.map(\.total), note: "sum of the stages below"))
            rows.append(makeRow("\(label)/fonts", ours: stages.map(\.fonts), note: "SceneResolver: font files loaded (FreeType + HarfBuzz), labels resolved"))
            rows.append(makeRow("\(label)/shape", ours: stages.map(\.shape), note: "Shaper.shape per label"))
            rows.append(makeRow("\(label)/place", ours: stages.map(\.place), note: "LabelLayout.place per label (path measuring included)"))
            rows.append(makeRow("\(label)/raster", ours: stages.map(\.raster), note: "canvas, shapes, canvas.draw per label (first use loads outlines)"))
            rows.append(makeRow("\(label)/png", ours: stages.map(\.png), note: "canvas.pngData()"))
            if let r = rss[name] { rows.append(r) }
        }
        return rows
    }
}
