import Support
internal import CFontconfig

/// Finds installed fonts by family and style, and the system's fallback fonts, with Fontconfig (the
/// Fontconfig boundary: Fontconfig's patterns and character sets never leave this file).
public enum FontLookup {
    /// Fontconfig's configuration is process-wide; lookups take turns. The state says whether this file
    /// has loaded the configuration (``configure(_:)``).
    private static let lock = Locked<Bool>(false)

    /// Loads Fontconfig's configuration at the first lookup that needs it, and only what matching needs.
    ///
    /// `FcInit` also parses every file of Fontconfig's template folder (`conf.avail`, 42 files on Debian)
    /// to describe rules that are not in use (what `fc-conflist` lists): about 2.5 ms of a one-document
    /// process. This loads the configuration file alone (`FONTCONFIG_FILE`, else the system's), builds
    /// its fonts and makes it current, which matches the same fonts. When that file does not load, or
    /// names no cache folder, `FcInit` does it instead, with its fallbacks and warnings.
    /// - Returns: whether Fontconfig has a configuration.
    private static func configure(_ configured: inout Bool) -> Bool {
        if configured { return true }
        if let config = FcConfigCreate() {
            var usable = FcConfigParseAndLoad(config, nil, 1) != 0
            if usable, let caches = FcConfigGetCacheDirs(config) {
                usable = FcStrListNext(caches) != nil
                FcStrListDone(caches)
            }
            if usable, FcConfigBuildFonts(config) != 0, FcConfigSetCurrent(config) != 0 { configured = true }
            FcConfigDestroy(config)  // the current configuration holds its own reference
        }
        if !configured { configured = FcInit() != 0 }
        return configured
    }

    /// Where Fontconfig found a face: the file, the face index, and a named instance of a variable font
    /// (1-based; 0 for none).
    struct Location: Hashable, Sendable {
        var path: String
        var faceIndex: Int
        var namedInstance: Int
    }

    /// Finds the installed face for `family` and `style` (`"Noto Sans"`, `"Bold"`).
    ///
    /// Fontconfig always proposes *some* font; this accepts it only when one of its family names equals
    /// `family` and, when `style` is given, one of its style names equals `style` (ignoring case and
    /// spaces). A named instance of a variable font (Inter Bold) is selected with its coordinates.
    /// - Throws: ``FontError/familyNotFound(_:)`` (with `:style=` appended when the family exists but
    ///   not the style), or the errors of ``Typeface/init(path:faceIndex:variations:)``.
    ///
    /// The answer for a family and style is remembered for the life of the process, and the file is loaded
    /// once per file identity (``FontCache``), however many runs name the family.
    public static func font(family: String, style: String? = nil) throws(FontError) -> Typeface {
        let key = style.map { family + "\u{0}" + $0 } ?? family
        let location: Location
        if let known = located.withLock({ $0[key] }) { location = known } else {
            location = try locate(family: family, style: style)
            located.withLock { $0[key] = location }
        }
        return try FontCache.typeface(path: location.path, faceIndex: location.faceIndex, namedInstance: location.namedInstance)
    }

    /// One installed face of a family, where it stands in CSS matching.
    struct Face: Hashable, Sendable {
        var location: Location
        var traits: FaceTraits
        /// Whether the face is a variable font's default instance with axes to set (``FaceTraits`` ranges).
        var variable: Bool
    }

    /// The installed faces of `family` (its family names compared ignoring case and spaces), in
    /// Fontconfig's order, with their CSS weights (Fontconfig's weights mapped to OpenType's), widths and
    /// slants. A variable font's named instances are left out when its default instance (with the axis
    /// ranges) is listed: the default instance is set to any weight or width in range.
    static func faces(of family: String) -> [Face] {
        if let known = familyFaces.withLock({ $0[family] }) { return known }
        let found: [Face] = lock.withLock { configured -> [Face] in
            guard configure(&configured), let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            add(pattern, "family", family)
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            for o in ["family", "file", "index", "weight", "width", "slant", "variable", "fontformat"] { _ = FcObjectSetAdd(objects, o) }
            guard let set = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            func same(_ a: String, _ b: String) -> Bool { a.lowercased().filter { $0 != " " } == b.lowercased().filter { $0 != " " } }
            var out: [Face] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i], strings(font, "family").contains(where: { same($0, family) }),
                      let path = strings(font, "file").first,
                      ["TrueType", "CFF"].contains(strings(font, "fontformat").first ?? "TrueType") else { continue }
                var index: Int32 = 0
                if FcPatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
                var variable: FcBool = 0
                if FcPatternGetBool(font, "variable", 0, &variable) != FcResultMatch { variable = 0 }
                let weight = range(font, "weight").map { ClosedRange(uncheckedBounds: (FcWeightToOpenTypeDouble($0.lowerBound),
                                                                                        FcWeightToOpenTypeDouble($0.upperBound))) }
                    ?? 400...400
                let width = range(font, "width") ?? 100...100
                var slant: Int32 = 0
                if FcPatternGetInteger(font, "slant", 0, &slant) != FcResultMatch { slant = 0 }
                let traits = FaceTraits(weight: weight, width: width, slant: slant >= 110 ? .oblique : slant >= 100 ? .italic : .upright)
                out.append(Face(location: Location(path: path, faceIndex: Int(index & 0xFFFF), namedInstance: Int(index >> 16)),
                                traits: traits, variable: variable != 0))
            }
            // A variable font's default instance covers its named instances.
            let variableFiles = Set(out.filter(\.variable).map { $0.location.path + "\u{0}\($0.location.faceIndex)" })
            return out.filter { $0.variable || $0.location.namedInstance == 0
                || !variableFiles.contains($0.location.path + "\u{0}\($0.location.faceIndex)") }
        }
        familyFaces.withLock { $0[family] = found }
        return found
    }

    /// ``faces(of:)``'s answers so far.
    private static let familyFaces = Locked<[String: [Face]]>([:])

    /// A number or a range of numbers of `object` in `pattern`.
    private static func range(_ pattern: OpaquePointer, _ object: String) -> ClosedRange<Double>? {
        var number: Double = 0, whole: Int32 = 0
        var r: OpaquePointer? = nil
        if FcPatternGetRange(pattern, object, 0, &r) == FcResultMatch, let r {
            var lo: Double = 0, hi: Double = 0
            if FcRangeGetDouble(r, &lo, &hi) != 0, lo <= hi { return lo...hi }
        }
        if FcPatternGetDouble(pattern, object, 0, &number) == FcResultMatch { return number...number }
        if FcPatternGetInteger(pattern, object, 0, &whole) == FcResultMatch { return Double(whole)...Double(whole) }
        return nil
    }

    /// The face of `family` that CSS font matching picks for `weight`, `stretch` and `style`
    /// (``CSSFontMatch``), loaded once per file identity. A variable face is set to the weight and width
    /// asked for, within its ranges (its `wght` and `wdth` axes). `nil` when the family has no face.
    /// - Returns: the face and whether it is as bold and as slanted as asked (else synthesis may apply).
    public static func font(family: String, weight: Double, stretch: Double = 100, style: CSSFontStyle = .normal) throws(FontError) -> Typeface {
        let faces = faces(of: family)
        guard let best = CSSFontMatch.best(faces.map(\.traits), weight: weight, stretch: stretch, style: style) else {
            throw .familyNotFound(family)
        }
        let face = faces[best]
        var variations: [FontVariation] = []
        if face.variable {
            if face.traits.weight.lowerBound < face.traits.weight.upperBound {
                variations.append(FontVariation(tag: "wght", value: min(max(weight, face.traits.weight.lowerBound), face.traits.weight.upperBound)))
            }
            if face.traits.width.lowerBound < face.traits.width.upperBound {
                variations.append(FontVariation(tag: "wdth", value: min(max(stretch, face.traits.width.lowerBound), face.traits.width.upperBound)))
            }
        }
        return try FontCache.typeface(path: face.location.path, faceIndex: face.location.faceIndex,
                                      namedInstance: face.location.namedInstance, variations: variations)
    }

    /// ``locate(family:style:)``'s answers so far.
    private static let located = Locked<[String: Location]>([:])

    /// The family Fontconfig chooses for `name` when any installed font will do: for a CSS generic family
    /// (`sans-serif`, `serif`, `monospace`) the configured default (`DejaVu Sans` on Debian), for an
    /// installed family that family itself; `nil` when Fontconfig has no font at all.
    public static func bestFamily(for name: String) -> String? {
        lock.withLock { configured -> String? in
            guard configure(&configured), let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            add(pattern, "family", name)
            guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
            FcDefaultSubstitute(pattern)
            var outcome = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &outcome) else { return nil }
            defer { FcPatternDestroy(match) }
            return strings(match, "family").first
        }
    }

    /// The file and index Fontconfig has for `family` and `style`.
    static func locate(family: String, style: String?) throws(FontError) -> Location {
        let result: Result<Location, FontError> = lock.withLock { configured in
            guard configure(&configured), let pattern = FcPatternCreate() else { return .failure(.familyNotFound(family)) }
            defer { FcPatternDestroy(pattern) }
            add(pattern, "family", family)
            if let style { add(pattern, "style", style) }
            guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return .failure(.familyNotFound(family)) }
            FcDefaultSubstitute(pattern)
            var outcome = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &outcome) else { return .failure(.familyNotFound(family)) }
            defer { FcPatternDestroy(match) }
            func same(_ a: String, _ b: String) -> Bool {
                a.lowercased().filter { $0 != " " } == b.lowercased().filter { $0 != " " }
            }
            guard strings(match, "family").contains(where: { same($0, family) }) else { return .failure(.familyNotFound(family)) }
            if let style, !strings(match, "style").contains(where: { same($0, style) }) {
                return .failure(.familyNotFound("\(family):style=\(style)"))
            }
            guard let path = strings(match, "file").first else { return .failure(.familyNotFound(family)) }
            var index: Int32 = 0
            if FcPatternGetInteger(match, "index", 0, &index) != FcResultMatch { index = 0 }
            return .success(Location(path: path, faceIndex: Int(index & 0xFFFF), namedInstance: Int(index >> 16)))
        }
        return try result.get()
    }

    /// The installed fonts Fontconfig prefers for `query`, best first, each with its coverage: what
    /// Pango's font sets are. Fontconfig sorts every font by how well it matches the language, style
    /// and presentation (`FcFontSort`, trimmed of fonts that add no coverage); the caller takes the
    /// first font that covers a cluster. Only TrueType and CFF fonts (what HarfBuzz shapes) are kept.
    static func sortedFallbackFonts(for query: FallbackQuery) -> SortedFonts {
        lock.withLock { configured -> SortedFonts in
            guard configure(&configured), let pattern = FcPatternCreate() else { return SortedFonts(set: nil) }
            defer { FcPatternDestroy(pattern) }
            // Emoji: the generic family Fontconfig's configuration maps to emoji fonts, and colour first.
            add(pattern, "family", query.presentation == .emoji ? "emoji" : "sans-serif")
            // Always a language, so the process's locale never changes the answer ("und": none known).
            add(pattern, "lang", query.language)
            if query.bold { FcPatternAddInteger(pattern, "weight", 200) }  // FC_WEIGHT_BOLD
            if query.italic { FcPatternAddInteger(pattern, "slant", 100) }  // FC_SLANT_ITALIC
            switch query.presentation {
            case .emoji: FcPatternAddBool(pattern, "color", 1)
            case .text: FcPatternAddBool(pattern, "color", 0)
            case .unspecified: break
            }
            guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return SortedFonts(set: nil) }
            FcDefaultSubstitute(pattern)
            var outcome = FcResultNoMatch
            return SortedFonts(set: FcFontSort(nil, pattern, 1, nil, &outcome))
        }
    }

    /// Fontconfig's sorted font set for one fallback query, kept alive for its character sets.
    ///
    /// Immutable after creation; Fontconfig's character sets are only read (`FcCharSetHasChar`).
    final class SortedFonts: @unchecked Sendable {
        /// One installed face: where it is, whether it is a colour font, and its coverage.
        struct Entry {
            var location: Location
            var isColor: Bool
            fileprivate var charset: OpaquePointer
        }

        private let set: UnsafeMutablePointer<FcFontSet>?
        /// The fonts, best first.
        let entries: [Entry]

        fileprivate init(set: UnsafeMutablePointer<FcFontSet>?) {
            self.set = set
            var entries: [Entry] = []
            if let set, let fonts = set.pointee.fonts {
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = fonts[i], let path = FontLookup.strings(font, "file").first,
                          let format = FontLookup.strings(font, "fontformat").first,
                          format == "TrueType" || format == "CFF" else { continue }
                    var charset: OpaquePointer?
                    guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset else { continue }
                    var index: Int32 = 0
                    if FcPatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
                    var color: FcBool = 0
                    if FcPatternGetBool(font, "color", 0, &color) != FcResultMatch { color = 0 }
                    entries.append(Entry(location: Location(path: path, faceIndex: Int(index & 0xFFFF), namedInstance: Int(index >> 16)),
                                         isColor: color != 0, charset: charset))
                }
            }
            self.entries = entries
        }

        deinit { if let set { FcFontSetDestroy(set) } }

        /// Whether entry `i` maps `scalar` to a glyph, by Fontconfig's character set.
        func covers(_ i: Int, _ scalar: Unicode.Scalar) -> Bool { FcCharSetHasChar(entries[i].charset, scalar.value) != 0 }
    }

    /// Whether Fontconfig knows `language` (`zh-cn`, `ja`, `pa-pk`) as an orthography of its own
    /// (`FcGetLangs`; `ja-jp` is not one).
    static func knowsLanguage(_ language: String) -> Bool {
        lock.withLock { configured in
            guard configure(&configured), let langs = FcGetLangs() else { return false }
            defer { FcStrSetDestroy(langs) }
            return language.withCString { c in
                c.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) { FcStrSetMember(langs, $0) != 0 }
            }
        }
    }

    private static func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        _ = value.withCString { c in
            c.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { FcPatternAddString(pattern, object, $0) }
        }
    }

    /// The family names of every installed font, sorted and without repeats (what a font menu lists).
    public static func installedFamilies() -> [String] {
        lock.withLock { configured -> [String] in
            guard configure(&configured), let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            _ = FcObjectSetAdd(objects, "family")
            guard let set = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            var names = Set<String>()
            for i in 0..<Int(set.pointee.nfont) {
                if let font = set.pointee.fonts[i], let first = strings(font, "family").first { names.insert(first) }
            }
            return names.sorted()
        }
    }

    /// Every string value of `object` in `pattern`.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var i: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, i, &value) == FcResultMatch, let v = value {
            out.append(String(cString: v))
            i += 1
        }
        return out
    }
}

extension Typeface {
    /// Loads the installed font for `family` and `style` through Fontconfig (`Typeface(family: "Noto Sans",
    /// style: "Bold")`); see ``FontLookup/font(family:style:)``.
    /// - Throws: ``FontError/familyNotFound(_:)`` when no installed font has that family (and style).
    public convenience init(family: String, style: String? = nil) throws(FontError) {
        let location = try FontLookup.locate(family: family, style: style)
        let data = try FontData.read(path: location.path)
        let name = location.path.split(separator: "/").last.map(String.init) ?? location.path
        try self.init(data: data, name: name, path: location.path, faceIndex: location.faceIndex,
                      variations: [], namedInstance: location.namedInstance)
    }
}
