import CFontconfig

/// Finds installed fonts by family and style with Fontconfig (the Fontconfig boundary: Fontconfig's
/// patterns never leave this file).
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
    public static func font(family: String, style: String? = nil) throws(FontError) -> Typeface {
        try Typeface(family: family, style: style)
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

    private static func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        _ = value.withCString { c in
            c.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { FcPatternAddString(pattern, object, $0) }
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
