import JSON
import Support
import PathText

/// One engine behind every front door that is not Swift: it owns loaded fonts and resolvers, takes
/// requests in the scene files' words and answers with placements JSON or images.
///
/// Thread safety: an engine may be used from any number of threads at once. Each thread that sends it
/// requests leases a resolver of its own on its first request (a resolver caches the fonts it loaded and is
/// used by one thread at a time; Engine+Resolvers.swift), so requests run in parallel without a lock. The
/// typed call's fonts live in a ``FontRegistry`` behind a lock. No lock is taken per glyph by the engine
/// itself.
///
/// Every call takes one route: decode → resolve (``SceneResolver``: fonts, defaults and limits, once) →
/// lay out (``ResolvedLabel/layout()``, through the shared shaping and path caches) → draw or encode.
public final class Engine: Sendable {
    /// The version of the library and of `pt_version()`.
    public static let version = PathTextVersion.string

    /// What the engine was made with (``RequestSettings/catalog``): its fonts folder, system fonts and time
    /// limit, and the defaults of its requests (format, ink boxes, strict).
    public let settings: RequestSettings
    /// The fonts folder requests are resolved against (`nil`: the embedded fonts).
    public var fontsDir: String? { settings.fontsDir }
    /// Whether labels may fall back to the system's fonts (`false`: only the given and embedded fonts,
    /// whatever a request's `systemFonts` says, so answers do not depend on the machine).
    public var systemFonts: Bool { settings.systemFonts }
    /// The default stack, loaded once (for the typed call).
    let defaultStack: [Typeface]
    /// The fonts of the typed call, numbered for the life of the engine.
    public let fonts: FontRegistry
    /// This engine's number in the threads' fronts of resolvers (``ResolverFront``).
    let id = Engine.ids.wrappingAdd(1, ordering: .relaxed).oldValue
    /// The engine's resolvers (Engine+Resolvers.swift).
    let resolvers: Locked<ResolverPool>
    /// The limits every request gets.
    public let limits: ResourceLimits
    /// Whether requests may give fonts as file paths (`false` for a server: fonts only by name).
    public let allowFontPaths: Bool
    /// The zoom placements of the latest tiles jobs, for the next metatiles of the same zoom (``tilesRender(_:batch:out:placement:)``).
    let tileZones = Locked<[TileZone]>([])
    /// The tiles job decoded last and its text: a caller that draws a job metatile by metatile (a Dask task
    /// each) passes the same text every time, and decoding it (the GeoJSON read and checked) costs a
    /// fifth of drawing a metatile.
    let lastTileJob = Locked<(text: String, job: TileJob)?>(nil)

    /// Creates an engine from `settings` (the catalog's request settings) that applies `limits` to every
    /// request.
    /// - Parameter allowFontPaths: whether a request may give a font as a file path; a server passes `false`,
    ///   so fonts come only from the embedded fonts, the fonts folder and Fontconfig.
    /// - Throws: ``EngineError`` when the fonts folder or a default font cannot be read.
    public init(settings: RequestSettings, limits: ResourceLimits = .default, allowFontPaths: Bool = true) throws(EngineError) {
        self.settings = settings
        self.limits = limits
        self.allowFontPaths = allowFontPaths
        let first = RequestDecoding.makeResolver(fontsDir: settings.fontsDir, limits: limits, systemFonts: settings.systemFonts,
                                                 fontsByNameOnly: !allowFontPaths)
        defaultStack = try RequestDecoding.preload(first)
        fonts = FontRegistry(fontsDir: settings.fontsDir, defaultStack: defaultStack)
        resolvers = Locked(ResolverPool(free: [ResolverSlot(first)]))
    }

    /// Creates an engine that loads the default fonts from `fontsDir` (`nil`: the fonts compiled into the
    /// library), with `systemFonts` as its switch and the other settings at their defaults.
    public convenience init(fontsDir: String? = nil, limits: ResourceLimits = .default, allowFontPaths: Bool = true,
                            systemFonts: Bool = true) throws(EngineError) {
        var settings = RequestSettings()
        settings.fontsDir = fontsDir
        settings.systemFonts = systemFonts
        try self.init(settings: settings, limits: limits, allowFontPaths: allowFontPaths)
    }

    /// Creates an engine from a JSON object of settings (`{"fontsDir": "fonts", "systemFonts": false,
    /// "ink": true}`), what `pt_engine_new_json` and Python's `Engine(**settings)` pass.
    /// - Throws: ``EngineError`` naming the bad key (with the nearest known one) and value.
    public convenience init(settingsJSON: String, limits: ResourceLimits = .default, allowFontPaths: Bool = true) throws(EngineError) {
        let settings: RequestSettings
        do {
            settings = try RequestSettings.decode(try JSONValue.parse(settingsJSON))
        } catch { throw EngineError(key: error.path, error.message) }
        try self.init(settings: settings, limits: limits, allowFontPaths: allowFontPaths)
    }

    /// Lays out one label request (a label object of a scene file) and returns the placements JSON.
    /// - Parameters:
    ///   - inkBoxes: add each glyph's rotated ink box (`nil`: the engine's ``RequestSettings/ink``).
    ///   - singleLine: no line breaks in the reply.
    /// - Throws: ``EngineError`` naming the bad key and value, or what the layout refused.
    public func layoutJSON(_ request: String, inkBoxes: Bool? = nil, singleLine: Bool = false) throws(EngineError) -> String {
        let placed = try layout(request)
        return PlacementsJSON.encode(placed, inkBoxes: inkBoxes ?? settings.ink, singleLine: singleLine)
    }

    /// Lays out one label request and returns the placed labels (several when it repeats).
    public func layout(_ request: String) throws(EngineError) -> [PlacedLabel] {
        try withResolver { r throws(EngineError) in
            try RequestDecoding.layout(RequestDecoding.label(request, resolver: r, allowFontPaths: allowFontPaths))
        }
    }

    /// Decodes and resolves one label request (fonts loaded, path parsed) without laying it out.
    public func resolve(_ request: String) throws(EngineError) -> ResolvedLabel {
        try withResolver { r throws(EngineError) in try RequestDecoding.label(request, resolver: r, allowFontPaths: allowFontPaths) }
    }

    /// Lays out a label given as the scene model (what `pt_options` holds) and returns the placed labels:
    /// resolved (fonts from the resolver's cache, limits checked) and laid out through the shared caches,
    /// the route of every other door.
    /// - Throws: ``EngineError`` naming the bad key and value, or what the layout refused.
    public func layout(_ label: SceneLabel) throws(EngineError) -> [PlacedLabel] {
        try withResolver { r throws(EngineError) in
            try RequestDecoding.layout(RequestDecoding.label(label, resolver: r, allowFontPaths: allowFontPaths))
        }
    }

    /// ``layout(_:)-(SceneLabel)`` as placements JSON (ink boxes: `nil` for the engine's setting).
    public func layoutJSON(_ label: SceneLabel, inkBoxes: Bool? = nil, singleLine: Bool = false) throws(EngineError) -> String {
        PlacementsJSON.encode(try layout(label), inkBoxes: inkBoxes ?? settings.ink, singleLine: singleLine)
    }

    /// ``batchLine(_:inkBoxes:)`` as UTF-8 bytes, what `pathtext layout --batch` writes.
    package func batchLineUTF8(_ request: String, inkBoxes: Bool? = nil) -> [UInt8] {
        do {
            let placed = try layout(request)
            return PlacementsJSON.encodeUTF8(placed, inkBoxes: inkBoxes ?? settings.ink, singleLine: true)
        } catch {
            return Array(("{\"error\":" + PlacementsJSON.string(error.message) + "}\n").utf8)
        }
    }

    /// One line of `pathtext layout --batch`: the placements on one line, or `{"error":"…"}`, newline-terminated.
    public func batchLine(_ request: String, inkBoxes: Bool? = nil) -> String {
        String(decoding: batchLineUTF8(request, inkBoxes: inkBoxes), as: UTF8.self)
    }

    /// Draws a scene request (a scene file's JSON) and returns the image's bytes.
    /// An SVG document (recognised by its root element) is read as `pathtext render drawing.svg` reads it,
    /// so the C library's `pt_render` and Python's `Engine.render` take SVG as well as scene JSON.
    /// - Parameter format: the image format (`nil`: the engine's ``RequestSettings/format``).
    public func render(_ sceneJSON: String, format: ImageFormat? = nil) throws(EngineError) -> [UInt8] {
        let format = format ?? settings.format
        let bytes = Array(sceneJSON.utf8)
        if SVGInput.isSVG(path: "", prefix: Array(bytes.prefix(4096))) {
            return try renderSVGDocument(bytes, format: format).image
        }
        let scene = try RequestDecoding.scene(sceneJSON, allowFontPaths: allowFontPaths)
        return try withResolver { r throws(EngineError) in try RequestDecoding.render(scene, format: format, resolver: r) }
    }
}
