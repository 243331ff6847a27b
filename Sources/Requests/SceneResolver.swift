import JSON
import Geometry
import Shaping
import Layout

/// A label ready to lay out: text with attributes, the path, the options and the paragraph direction.
public struct ResolvedLabel: Sendable {
    /// The attributed text.
    public var text: AttributedText
    /// The path to follow.
    public var path: BezPath
    /// The placement options.
    public var options: LabelOptions
    /// The paragraph direction.
    public var direction: ParagraphDirection
    /// How the glyphs combine with what is below.
    public var blend: CompositeMode

    /// Whether the glyphs cut through what is below (destination-out) instead of painting.
    public var knockout: Bool { blend == .destinationOut }

    /// Shapes and places the label; the shaping comes from ``ShapeCache/shared`` when the same text in
    /// the same fonts, size, features and language was shaped before, and the path's measure from
    /// ``PathCache/shared`` when the same path was measured before.
    public func layout() throws(LayoutError) -> [PlacedLabel] {
        try Self.layout(text, along: path, options: options, direction: direction)
    }

    /// ``layout()`` of a label with these parts, for doors that resolve the parts themselves (the engine's
    /// typed fast path): the same caches, the same placements and errors.
    package static func layout(_ text: AttributedText, along path: BezPath, options: LabelOptions,
                               direction: ParagraphDirection) throws(LayoutError) -> [PlacedLabel] {
        // The shared cache at +0: a retain of it per label is a write to a line every thread's labels write.
        let shape = { (t: AttributedText) in
            Unmanaged.passUnretained(ShapeCache.shared)._withUnsafeGuaranteedRef { $0.shape(t, direction: direction) }
        }
        if let measure = PathCache.shared.measure(path, segmentsAtMost: options.limits.pathSegments) {
            // What the path's own call checks before it measures (the options and the path's size), so
            // that the errors are the ones that call gives; its measuring succeeds, as the kept one did.
            try LabelLayout.check(options, segments: measure.segmentCount)
            return try LabelLayout.layout(text, along: measure, options: options, shape: shape)
        }
        return try LabelLayout.layout(text, along: path, options: options, shape: shape)
    }
}

/// Turns scene values into library values, loading each font file once.
///
/// Every error names the JSON path of the value at fault.
public final class SceneResolver {
    /// A folder to load the default fonts from as files (`nil`: the embedded fonts; see ``DefaultFonts``).
    public let fontsDir: String?
    /// Limits applied to every label and canvas this resolver resolves.
    public var limits: ResourceLimits = .default
    /// Whether labels may fall back to the system's fonts (``TextAttributes/systemFallback``); off for
    /// output that does not depend on the installed fonts. When off, no label's `systemFonts` turns it on.
    public var systemFallback = true
    /// Whether fonts may only be named (an embedded font or a file of the fonts folder), never opened by
    /// path: what a server requires (see ``DefaultFonts/font(namedOnly:folder:)``).
    public var fontsByNameOnly = false
    private var fonts: [String: Typeface] = [:]
    private var embedded: [Typeface]?
    /// Variable fonts set to coordinates (``varied(_:style:size:at:)``), at most ``variedFontLimit`` (then emptied).
    private var variedFonts: [VariedKey: (base: Typeface, instance: Typeface)] = [:]
    /// The most instances ``variedFonts`` keeps.
    static let variedFontLimit = 256
    /// A font and the settings asked; the entry holds the font, so its identifier names no other while kept.
    private struct VariedKey: Hashable {
        let font: ObjectIdentifier
        let settings: [FontVariation]
    }

    /// The stacks made (``stack(_:families:embedded:at:familiesAt:weight:stretch:style:)``) by what was
    /// asked, at most ``stackLimit`` (then emptied). A run's font list is then the same array every time:
    /// copying it retains one buffer, which only the thread using this resolver touches, where making it
    /// again retained each of its fonts, which every thread shares.
    private var stacks: [StackKey: [Typeface]] = [:]
    /// The most stacks ``stacks`` keeps.
    static let stackLimit = 256
    /// What a stack was asked with.
    private struct StackKey: Hashable {
        let names: [String]?, families: [FontFamilyName]?, embedded: Bool, byNameOnly: Bool
        let weight: Double?, stretch: Double?, style: CSSFontStyle?
    }

    /// Creates a resolver that uses the embedded fonts, or the default fonts' files in `fontsDir`.
    public init(fontsDir: String? = nil) { self.fontsDir = fontsDir }

    /// The embedded stack, loaded once. Kept in an array of this resolver's own: the process's stack is one
    /// array every resolver would share, and each run's copy of it retains that buffer, whose count every
    /// thread's runs would then write.
    public func embeddedStack() throws(FontError) -> [Typeface] {
        if let embedded { return embedded }
        let stack = try DefaultFonts.stack(folder: fontsDir).withUnsafeBufferPointer { Array($0) }
        embedded = stack
        return stack
    }

    /// A font by file name (the fonts folder's file or the embedded font of that name) or path, loaded
    /// once; see ``DefaultFonts/font(named:folder:)``.
    public func font(_ name: String) throws(FontError) -> Typeface {
        if let f = fonts[name] { return f }
        let f = fontsByNameOnly ? try DefaultFonts.font(namedOnly: name, folder: fontsDir)
                                : try DefaultFonts.font(named: name, folder: fontsDir)
        fonts[name] = f
        return f
    }

    /// The stack for a run: the Fontconfig `families` first, then the font files `names`, then the
    /// embedded stack as fallback (alone when neither is given) unless `embedded` is false. The JSON paths
    /// of errors are made only when there is an error.
    package func stack(_ names: [String]?, families: [FontFamilyName]? = nil, embedded: Bool = true, at path: @autoclosure () -> String,
                       familiesAt familyPath: @autoclosure () -> String = "fontFamily", weight: Double? = nil, stretch: Double? = nil,
                       style: CSSFontStyle? = nil) throws(SceneError) -> [Typeface] {
        let key = StackKey(names: names, families: families, embedded: embedded, byNameOnly: fontsByNameOnly,
                           weight: weight, stretch: stretch, style: style)
        if let known = stacks[key] { return known }
        let made = try makeStack(names, families: families, embedded: embedded, at: path(), familiesAt: familyPath(),
                                 weight: weight, stretch: stretch, style: style)
        if stacks.count >= Self.stackLimit { stacks = [:] }
        stacks[key] = made
        return made
    }

    /// ``stack(_:families:embedded:at:familiesAt:weight:stretch:style:)`` made anew.
    private func makeStack(_ names: [String]?, families: [FontFamilyName]?, embedded: Bool, at path: @autoclosure () -> String,
                           familiesAt familyPath: @autoclosure () -> String, weight: Double?, stretch: Double?,
                           style: CSSFontStyle?) throws(SceneError) -> [Typeface] {
        var list: [Typeface] = []
        for family in families ?? [] {
            do {
                // A style named with the family (`Noto Sans:Bold`) is that face; else CSS font matching picks the
                // family's face for the weight, stretch and style (400, 100 %, normal when not given).
                if family.style != nil || (weight == nil && stretch == nil && style == nil) {
                    list.append(try FontLookup.font(family: family.family, style: family.style))
                } else {
                    list.append(try FontLookup.font(family: family.family, weight: weight ?? 400, stretch: stretch ?? 100, style: style ?? .normal))
                }
            } catch {
                throw SceneError(familyPath(), error.description)
            }
        }
        var files: [Typeface] = []
        for name in names ?? [] {
            do { files.append(try font(name)) } catch {
                // A missing fonts folder is not the fault of this label's font list.
                if case .fontsFolderNotFound = error { throw SceneError("", error.description) }
                throw SceneError(path(), Self.message(error, naming: name))
            }
        }
        if weight != nil || stretch != nil || style != nil {
            files = Self.matched(files, weight: weight ?? 400, stretch: stretch ?? 100, style: style ?? .normal)
        }
        list += files
        guard embedded else {
            if list.isEmpty { throw SceneError(path(), "embeddedFonts is false, so the run needs a font or a fontFamily") }
            return list
        }
        do {
            if list.isEmpty { return try embeddedStack() }
        } catch {
            throw SceneError("", error.description)
        }
        if let fallback = try? embeddedStack() { list += fallback }
        return list
    }

    /// The given font files with, among the files of each family, the face CSS font matching picks first
    /// (as `@font-face` rules of one family are matched): `font: [Regular, Bold, Italic]` with weight 700 puts
    /// Bold where Regular was. Families keep the order of their first file; a family's other files follow
    /// its pick, in their order.
    static func matched(_ files: [Typeface], weight: Double, stretch: Double, style: CSSFontStyle) -> [Typeface] {
        guard files.count > 1 else { return files }
        var order: [String] = [], members: [String: [Typeface]] = [:]
        for f in files {
            if members[f.familyName] == nil { order.append(f.familyName) }
            members[f.familyName, default: []].append(f)
        }
        guard order.count < files.count else { return files }
        var out: [Typeface] = []
        for family in order {
            var faces = members[family]!
            if faces.count > 1, let best = CSSFontMatch.best(faces.map(\.traits), weight: weight, stretch: stretch, style: style), best > 0 {
                faces.insert(faces.remove(at: best), at: 0)
            }
            out += faces
        }
        return out
    }

    /// Each variable font of `fonts` set as CSS sets it: the size's `opsz` (unless optical sizing is off), the
    /// style's `ital` or `slnt`, then the run's `font-variation-settings` (``Typeface/varied(by:)``); the
    /// weight's and width's axes were set when the family's face was matched. Each instance is made once per
    /// resolver (``variedFonts``): a label's runs and a batch's labels ask for the same ones again.
    func varied(_ fonts: [Typeface], style: RunStyle, size: Double, at path: @autoclosure () -> String) throws(SceneError) -> [Typeface] {
        guard fonts.contains(where: { !$0.axes.isEmpty }) else { return fonts }
        var out: [Typeface] = []
        out.reserveCapacity(fonts.count)
        for font in fonts {
            guard !font.axes.isEmpty else { out.append(font); continue }
            let settings = font.styleVariations(size: size, style: style.fontStyle ?? .normal, opticalSizing: style.fontOpticalSizing ?? true,
                                                weight: style.fontWeight, stretch: style.fontStretch)
                + (style.fontVariationSettings ?? [])
            let key = VariedKey(font: ObjectIdentifier(font), settings: settings)
            if let kept = variedFonts[key] { out.append(kept.instance); continue }
            let instance: Typeface
            do { instance = try font.varied(by: settings) } catch { throw SceneError(path(), error.description) }
            if variedFonts.count >= Self.variedFontLimit { variedFonts.removeAll(keepingCapacity: true) }
            variedFonts[key] = (font, instance)
            out.append(instance)
        }
        return out
    }

    /// The font error's message with the file name as the user gave it shortened to
    /// ``MessageText/maximumLength`` characters (a name can be any length).
    static func message(_ error: FontError, naming name: String) -> String {
        let text = error.description
        guard name.count > MessageText.maximumLength else { return text }
        return text.replacing(name, with: MessageText.shortened(name))
    }

    /// Resolves `label`, the `index`th of the scene, whose `shape` references look up `shapes` (and, for
    /// a span in degrees, the circle or arc in `definitions`).
    public func resolve(_ label: SceneLabel, index: Int, shapes: [String: BezPath] = [:],
                        definitions: [String: SceneShape] = [:]) throws(SceneError) -> ResolvedLabel {
        // The JSON path of the label, made only for an error.
        func at() -> String { "labels[\(index)]" }
        // The path.
        let path: BezPath
        if let p = label.path {
            path = p
        } else if let id = label.shape {
            guard let p = shapes[id] else { throw SceneError(at() + ".shape", "no shape has the id \(MessageText.quoted(id))") }
            path = p
        } else {
            throw SceneError(at(), "needs a path (SVG path data) or a shape (a shape's id)")
        }
        // The runs.
        guard label.text == nil || label.runs == nil else { throw SceneError(at(), "give text or runs, not both") }
        let runs = label.runs ?? label.text.map { [SceneRun(text: $0)] } ?? []
        guard runs.contains(where: { !$0.text.isEmpty }) else {
            throw SceneError(at() + (label.runs == nil ? ".text" : ".runs"), LayoutError.emptyText.description)
        }
        var text = AttributedText(pieces: [])
        for (k, run) in runs.enumerated() {
            func rat() -> String { label.runs == nil ? at() : "\(at()).runs[\(k)]" }
            let style = run.style.over(label.style)
            var a = TextAttributes(fonts: try stack(style.fonts, families: style.fontFamilies, embedded: style.embeddedFonts ?? true,
                                                    at: rat() + ".font", familiesAt: rat() + ".fontFamily",
                                                    weight: style.fontWeight, stretch: style.fontStretch, style: style.fontStyle))
            let size = style.size ?? RunStyle.defaultSize
            do { try limits.check(fontSize: size) } catch { throw SceneError(rat() + ".size", error.description) }
            a.size = size
            a.fonts = try varied(a.fonts, style: style, size: size, at: rat() + ".fontVariationSettings")
            a.paint = style.paint
            // font-kerning and font-variant first; the run's own features win (CSS font-feature-settings).
            a.features = (style.fontKerning?.features ?? []) + (style.fontVariant?.features ?? []) + (style.features ?? [])
            a.language = style.language
            // The resolver's switch (`--no-system-fonts`, an engine made without system fonts) wins over the request's.
            a.systemFallback = systemFallback && (style.systemFonts ?? true)
            a.letterSpacing = style.letterSpacing ?? 0
            a.wordSpacing = style.wordSpacing ?? 0
            a.baselineShift = style.baselineShift ?? 0
            a.fontSynthesis = style.fontSynthesis ?? .both
            if let variant = style.fontVariant, variant.smallCaps, let first = a.fonts.first, !first.hasSubstitutionFeature("smcp") {
                for piece in SmallCapsSynthesis.pieces(run.text, allSmallCaps: variant.keywords.contains("all-small-caps")) {
                    var b = a
                    if piece.scaled { b.size = a.size * SmallCapsSynthesis.scale }
                    text.append(piece.text, attributes: b)
                }
            } else {
                text.append(run.text, attributes: a)
            }
        }
        var options = label.options
        options.limits = limits
        if let span = options.span, span.usesDegrees {
            guard let id = label.shape, let shape = definitions[id] else {
                throw SceneError(at() + ".span", "a span in degrees needs a label that follows a circle or arc shape")
            }
            options.span = try shape.resolving(span, at: at() + ".span")
        }
        return ResolvedLabel(text: text, path: path, options: options, direction: label.direction, blend: label.blend)
    }
}
