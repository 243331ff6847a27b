import Pipeline
import JSON
import PathText

/// Every piece of request decoding the front doors (C library, Python, `pathtext layout --batch`) need,
/// in one place: a label request and a scene request, in the words of the scene files.
///
/// This is the only file of the engine that knows how scene JSON is decoded and resolved; a new decoder
/// is wired in here.
enum RequestDecoding {
    /// The resolver a request is resolved with: it loads fonts and keeps them loaded.
    typealias Resolver = SceneResolver

    /// A resolver that finds fonts in `fontsDir` (`nil`: the usual search).
    static func makeResolver(fontsDir: String?, limits: ResourceLimits = .default, systemFonts: Bool = true,
                             fontsByNameOnly: Bool = false) -> Resolver {
        let resolver = SceneResolver(fontsDir: fontsDir)
        resolver.limits = limits
        resolver.systemFallback = systemFonts
        resolver.fontsByNameOnly = fontsByNameOnly
        return resolver
    }

    /// Loads the resolver's default fonts now (so a missing fonts folder is reported when an engine is
    /// made) and returns them.
    static func preload(_ resolver: Resolver) throws(EngineError) -> [Typeface] {
        do { return try resolver.embeddedStack() } catch { throw EngineError(error.description) }
    }

    /// A label request (one label object of a scene file: `{"text": …, "path": …, "size": 40}`), decoded
    /// with the scene files' own decoder (``SceneJSON/decodeLabel(_:)``) and resolved.
    ///
    /// Errors name the key of the bad value (`align: expected …`); invalid JSON gives its line and column.
    /// - Parameter allowFontPaths: when false, fonts may be named (embedded fonts, files in the fonts folder,
    ///   Fontconfig families) but not given as paths, as a server must require.
    static func label(_ json: String, resolver: Resolver, allowFontPaths: Bool = true) throws(EngineError) -> ResolvedLabel {
        let label: SceneLabel
        do { label = try SceneJSON.decodeLabel(Array(json.utf8)) } catch { throw labelError(error.path, error.message) }
        return try self.label(label, resolver: resolver, allowFontPaths: allowFontPaths)
    }

    /// A label given as the scene model, resolved (fonts refused as paths unless `allowFontPaths`).
    static func label(_ label: SceneLabel, resolver: Resolver, allowFontPaths: Bool = true) throws(EngineError) -> ResolvedLabel {
        if !allowFontPaths { try checkFontNames(label.fontFiles, at: "font") }
        do { return try resolver.resolve(label, index: 0) } catch {
            throw labelError(error.path, error.message)
        }
    }

    /// Lays a resolved label out (the shared caches), its errors as the engine's.
    static func layout(_ label: ResolvedLabel) throws(EngineError) -> [PlacedLabel] {
        do { return try label.layout() } catch {
            if case .path(let e) = error { throw EngineError(key: "path", e.description) }
            throw EngineError(error.description)
        }
    }

    /// Refuses fonts given as paths (anything with a `/`, or starting with `.`).
    static func checkFontNames(_ names: [String], at key: String) throws(EngineError) {
        for name in names where name.contains("/") || name.hasPrefix(".") {
            throw EngineError(key: key, "fonts are taken by name here (an embedded font, a file in the fonts folder, or fontFamily), not as a path: \(MessageText.quoted(name))")
        }
    }

    /// `labels[0].align`, `expected …` → the error at key `align`: a label request is one label.
    static func labelError(_ path: String, _ message: String) -> EngineError {
        var key = path
        if key.hasPrefix("labels[0]") { key.removeFirst("labels[0]".count) }
        if key.hasPrefix(".") { key.removeFirst() }
        if key.isEmpty && message.hasPrefix("expected an object") { return EngineError("expected a label object") }
        return EngineError(key: key, message)
    }

    /// A scene request (a whole scene file's JSON).
    static func scene(_ json: String, allowFontPaths: Bool = true) throws(EngineError) -> Scene {
        let scene: Scene
        do { scene = try SceneJSON.decode(Array(json.utf8)) } catch { throw EngineError(key: error.path, error.message) }
        if !allowFontPaths {
            for (i, label) in scene.labels.enumerated() { try checkFontNames(label.fontFiles, at: "labels[\(i)].font") }
        }
        return scene
    }

    /// Draws `scene` with `resolver` and returns its pixels: 8-bit RGBA, straight alpha, rows top to bottom.
    static func renderRGBA(_ scene: Scene, resolver: Resolver) throws(EngineError) -> RGBAImage {
        do {
            let canvas = try SceneRenderer.render(scene, resolver: resolver).canvas
            return RGBAImage(width: canvas.width, height: canvas.height, pixels: canvas.straightPixels())
        } catch {
            throw EngineError(error.description)
        }
    }

    /// Draws `scene` with `resolver` as a PNG or an SVG, and returns the bytes.
    static func render(_ scene: Scene, format: ImageFormat, resolver: Resolver) throws(EngineError) -> [UInt8] {
        do {
            switch format {
            case .png:
                let rendered = try SceneRenderer.render(scene, resolver: resolver)
                do { return try rendered.canvas.pngData() } catch { throw EngineError(error.description) }
            case .svg:
                let (svg, _) = try SceneRenderer.renderSVG(scene, resolver: resolver)
                return Array(svg.text.utf8)
            }
        } catch let error as SceneError {
            throw EngineError(key: error.path, error.message)
        } catch let error as EngineError {
            throw error
        } catch {
            throw EngineError("\(error)")
        }
    }
}
