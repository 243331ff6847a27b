import PathText

/// One engine behind every front door that is not Swift: it owns loaded fonts and resolvers, takes
/// requests in the scene files' words and answers with placements JSON or images.
///
/// Thread safety: an engine may be used from any number of threads at once. Each request checks a
/// resolver out of a small pool (a resolver caches the fonts it loaded and is used by one thread at a
/// time), so requests run in parallel; the typed call's fonts live in a ``FontRegistry`` behind a lock. No lock is taken per glyph by the engine itself.
public final class Engine: Sendable {
    /// The version of the library and of `pt_version()`.
    public static let version = PathTextVersion.string

    /// The fonts folder requests are resolved against (`nil`: the usual search).
    public let fontsDir: String?
    /// The default stack, loaded once (for the typed call).
    let defaultStack: [Typeface]
    /// The fonts of the typed call, numbered for the life of the engine.
    public let fonts: FontRegistry
    private let pool: Locked<[ResolverSlot]>
    /// The limits every request gets.
    public let limits: ResourceLimits
    /// Whether requests may give fonts as file paths (`false` for a server: fonts only by name).
    public let allowFontPaths: Bool
    /// Whether labels may fall back to the system's fonts (`false`: only the given and embedded fonts,
    /// whatever a request's `systemFonts` says, so answers do not depend on the machine).
    public let systemFonts: Bool

    /// A resolver checked out by one thread at a time.
    private final class ResolverSlot: @unchecked Sendable {
        // @unchecked: a slot is only ever used by the thread that took it out of the pool.
        let resolver: RequestDecoding.Resolver
        init(_ resolver: RequestDecoding.Resolver) { self.resolver = resolver }
    }

    /// Creates an engine that loads the default fonts from `fontsDir` (`nil`: the fonts compiled into the
    /// library) and applies `limits` to every request.
    /// - Parameter allowFontPaths: whether a request may give a font as a file path; a server passes `false`,
    ///   so fonts come only from the embedded fonts, the fonts folder and Fontconfig.
    /// - Parameter systemFonts: whether labels may fall back to the system's fonts (Fontconfig).
    /// - Throws: ``EngineError`` when the fonts folder or a default font cannot be read.
    public init(fontsDir: String? = nil, limits: ResourceLimits = .default, allowFontPaths: Bool = true,
                systemFonts: Bool = true) throws(EngineError) {
        self.fontsDir = fontsDir
        self.limits = limits
        self.allowFontPaths = allowFontPaths
        self.systemFonts = systemFonts
        let first = RequestDecoding.makeResolver(fontsDir: fontsDir, limits: limits, systemFonts: systemFonts,
                                                 fontsByNameOnly: !allowFontPaths)
        defaultStack = try RequestDecoding.preload(first)
        fonts = FontRegistry(fontsDir: fontsDir, defaultStack: defaultStack)
        pool = Locked([ResolverSlot(first)])
    }

    /// Runs `body` with a resolver no other thread is using.
    func withResolver<R>(_ body: (RequestDecoding.Resolver) throws(EngineError) -> R) throws(EngineError) -> R {
        let slot = pool.withLock { $0.popLast() } ?? ResolverSlot(RequestDecoding.makeResolver(
            fontsDir: fontsDir, limits: limits, systemFonts: systemFonts, fontsByNameOnly: !allowFontPaths))
        defer { pool.withLock { $0.append(slot) } }
        return try body(slot.resolver)
    }

    /// Lays out one label request (a label object of a scene file) and returns the placements JSON.
    /// - Parameters:
    ///   - inkBoxes: add each glyph's rotated ink box.
    ///   - singleLine: no line breaks in the reply.
    /// - Throws: ``EngineError`` naming the bad key and value, or what the layout refused.
    public func layoutJSON(_ request: String, inkBoxes: Bool = false, singleLine: Bool = false) throws(EngineError) -> String {
        let placed = try layout(request)
        return PlacementsJSON.encode(placed, inkBoxes: inkBoxes, singleLine: singleLine)
    }

    /// Lays out one label request and returns the placed labels (several when it repeats).
    public func layout(_ request: String) throws(EngineError) -> [PlacedLabel] {
        let label = try resolve(request)
        do { return try label.layout() } catch { throw EngineError(error.description) }
    }

    /// Decodes and resolves one label request (fonts loaded, path parsed) without laying it out.
    public func resolve(_ request: String) throws(EngineError) -> ResolvedLabel {
        try withResolver { r throws(EngineError) in try RequestDecoding.label(request, resolver: r, allowFontPaths: allowFontPaths) }
    }

    /// Lays out a label given as the scene model (what `pt_options` holds) and returns the placed labels.
    /// - Throws: ``EngineError`` naming the bad key and value, or what the layout refused.
    public func layout(_ label: SceneLabel) throws(EngineError) -> [PlacedLabel] {
        let resolved = try withResolver { r throws(EngineError) in try RequestDecoding.label(label, resolver: r, allowFontPaths: allowFontPaths) }
        do { return try resolved.layout() } catch { throw EngineError(error.description) }
    }

    /// ``layout(_:)-(SceneLabel)`` as placements JSON.
    public func layoutJSON(_ label: SceneLabel, inkBoxes: Bool = false, singleLine: Bool = false) throws(EngineError) -> String {
        PlacementsJSON.encode(try layout(label), inkBoxes: inkBoxes, singleLine: singleLine)
    }

    /// One line of `pathtext layout --batch`: the placements on one line, or `{"error":"…"}`, newline-terminated.
    public func batchLine(_ request: String, inkBoxes: Bool = false) -> String {
        do { return try layoutJSON(request, inkBoxes: inkBoxes, singleLine: true) } catch {
            return "{\"error\":" + PlacementsJSON.string(error.message) + "}\n"
        }
    }

    /// Draws a scene request (a scene file's JSON) and returns the image's bytes.
    public func render(_ sceneJSON: String, format: ImageFormat) throws(EngineError) -> [UInt8] {
        let scene = try RequestDecoding.scene(sceneJSON, allowFontPaths: allowFontPaths)
        return try withResolver { r throws(EngineError) in try RequestDecoding.render(scene, format: format, resolver: r) }
    }

    /// The typed call: lays out `request` without any JSON. Glyphs' fonts are numbered by ``fonts``.
    /// - Throws: ``EngineError`` for bad values (sizes, path data, features, fonts) or a refused layout.
    public func layout(_ request: GlyphRequest) throws(EngineError) -> [PlacedLabel] {
        let limits = request.options.limits
        do { try limits.check(fontSize: request.size) } catch { throw EngineError("size: " + error.description) }
        guard request.letterSpacing.isFinite else { throw EngineError("letter_spacing: expected a finite number") }
        let path: BezPath
        do { path = try BezPath(svgPathData: request.pathData) } catch { throw EngineError("path: \(error.description)") }
        var attributes = TextAttributes(fonts: try fonts.stack(request.font), size: request.size)
        if let features = request.features, !features.isEmpty {
            do { attributes.features = try FeatureList.parse(features) } catch {
                throw EngineError("features: \(error.description)")
            }
        }
        attributes.language = request.language
        attributes.systemFallback = systemFonts
        attributes.letterSpacing = request.letterSpacing
        let text = AttributedText(request.text, attributes: attributes)
        let direction = request.direction
        do {
            return try LabelLayout.layout(text, along: path, options: request.options) { Shaper.shape($0, direction: direction) }
        } catch {
            throw EngineError(error.description)
        }
    }
}
