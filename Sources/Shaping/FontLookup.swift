import Support
internal import CFontconfig

/// Finds installed fonts by family and style, and the system's fallback fonts, with Fontconfig (the
/// Fontconfig boundary: Fontconfig's patterns and character sets never leave this file).
public enum FontLookup {
    /// Fontconfig's configuration is process-wide; lookups take turns.
    private static let lock = Locked<Void>(())

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

    /// ``locate(family:style:)``'s answers so far.
    private static let located = Locked<[String: Location]>([:])

    /// The family Fontconfig chooses for `name` when any installed font will do: for a CSS generic family
    /// (`sans-serif`, `serif`, `monospace`) the configured default (`DejaVu Sans` on Debian), for an
    /// installed family that family itself; `nil` when Fontconfig has no font at all.
    public static func bestFamily(for name: String) -> String? {
        lock.withLock { _ -> String? in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
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
        let result: Result<Location, FontError> = lock.withLock { _ in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return .failure(.familyNotFound(family)) }
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
        lock.withLock { _ -> SortedFonts in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return SortedFonts(set: nil) }
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
        lock.withLock { _ in
            guard FcInit() != 0, let langs = FcGetLangs() else { return false }
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
        lock.withLock { _ -> [String] in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
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
