import Support
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
    /// The attributes resolved for a label style by ``layoutTyped(_:)`` (fonts loaded, limits checked), at most
    /// ``typedStyleLimit`` of them.
    private let typedStyles = Locked<[RunStyle: TextAttributes]>([:])
    /// How many styles ``layoutTyped(_:)`` remembers.
    static let typedStyleLimit = 64
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

    /// ``layout(_:)-(SceneLabel)`` for hot loops (`pt_layout`): a label of one run (`text`, no `runs`) on a
    /// path reuses the text attributes resolved before for the same style (its fonts loaded, its size checked),
    /// so a call pays for shaping and placement only. Any other label, and the first of each style, goes
    /// through ``layout(_:)-(SceneLabel)``; both give the same placements.
    public func layoutTyped(_ label: SceneLabel) throws(EngineError) -> [PlacedLabel] {
        guard label.runs == nil, let text = label.text, !text.isEmpty, let path = label.path,
              let attributes = typedStyles.withLock({ $0[label.style] }) else {
            let resolved = try resolveLabel(label)
            if label.runs == nil, resolved.text.runs.count == 1 {
                let attributes = resolved.text.runs[0].attributes
                typedStyles.withLock { cache in
                    if cache.count < Self.typedStyleLimit { cache[label.style] = attributes }
                }
            }
            do { return try resolved.layout() } catch { throw EngineError(error.description) }
        }
        var options = label.options
        options.limits = limits
        do {
            // ResolvedLabel.layout() of the label the resolver would make (its caches too).
            return try ResolvedLabel.layout(AttributedText(text, attributes: attributes), along: path, options: options,
                                            direction: label.direction)
        } catch { throw EngineError(error.description) }
    }

    /// A label given as the scene model, resolved with a pooled resolver.
    private func resolveLabel(_ label: SceneLabel) throws(EngineError) -> ResolvedLabel {
        try withResolver { r throws(EngineError) in try RequestDecoding.label(label, resolver: r, allowFontPaths: allowFontPaths) }
    }

    /// ``layout(_:)-(SceneLabel)`` as placements JSON.
    public func layoutJSON(_ label: SceneLabel, inkBoxes: Bool = false, singleLine: Bool = false) throws(EngineError) -> String {
        PlacementsJSON.encode(try layout(label), inkBoxes: inkBoxes, singleLine: singleLine)
    }

    /// ``batchLine(_:inkBoxes:)`` as UTF-8 bytes, what `pathtext layout --batch` writes.
    package func batchLineUTF8(_ request: String, inkBoxes: Bool = false) -> [UInt8] {
        do {
            let placed = try layout(request)
            return PlacementsJSON.encodeUTF8(placed, inkBoxes: inkBoxes, singleLine: true)
        } catch {
            return Array(("{\"error\":" + PlacementsJSON.string(error.message) + "}\n").utf8)
        }
    }

    /// One line of `pathtext layout --batch`: the placements on one line, or `{"error":"…"}`, newline-terminated.
    public func batchLine(_ request: String, inkBoxes: Bool = false) -> String {
        String(decoding: batchLineUTF8(request, inkBoxes: inkBoxes), as: UTF8.self)
    }

    /// Draws a scene request (a scene file's JSON) and returns the image's bytes.
    /// An SVG document (recognised by its root element) is read as `pathtext render drawing.svg` reads it,
    /// so the C library's `pt_render` and Python's `Engine.render` take SVG as well as scene JSON.
    public func render(_ sceneJSON: String, format: ImageFormat) throws(EngineError) -> [UInt8] {
        let bytes = Array(sceneJSON.utf8)
        if SVGInput.isSVG(path: "", prefix: Array(bytes.prefix(4096))) {
            return try renderSVGDocument(bytes, format: format).image
        }
        let scene = try RequestDecoding.scene(sceneJSON, allowFontPaths: allowFontPaths)
        return try withResolver { r throws(EngineError) in try RequestDecoding.render(scene, format: format, resolver: r) }
    }
}
