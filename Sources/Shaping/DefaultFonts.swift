import Support
internal import CEmbeddedFonts

/// The default fonts: compiled into the library, so they work from any program, package or working
/// folder with no file to find.
///
/// The top-level `Fonts/` folder's files are built into the binary (a small C target with C23
/// `#embed`). Each embedded font keeps its file name as its ``Typeface/name`` (`NotoSans-Regular.ttf`)
/// and has ``TypefaceSource/embedded`` as its source. Embedded fonts are loaded on first use, once per
/// process, straight from the static bytes (nothing is copied), and shared: a ``Typeface`` is safe to
/// use from any number of threads.
///
/// A folder given explicitly loads the same file names from files in that folder instead.
public enum DefaultFonts {
    /// The default fallback stack, primary first: Latin/Greek/Cyrillic, then Arabic, Hebrew, Devanagari, Thai.
    public static let stackFileNames = [
        "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
    ]

    /// The file names of every embedded font: the stack, then `NotoSans-Bold.ttf` and `NotoSerif-Regular.ttf`.
    public static let embeddedFileNames: [String] = (0..<pt_embedded_font_count()).compactMap { index in
        pt_embedded_font_name(index).map { String(cString: $0) }
    }

    /// The default stack: the embedded fonts, or (when `folder` is given) the same file names loaded
    /// from files in `folder`.
    /// - Throws: ``FontError/fontsFolderNotFound(path:)`` when `folder` is not a folder, or the
    ///   ``FontError`` of a file in it that is missing or not a font.
    public static func stack(folder: String? = nil) throws(FontError) -> [Typeface] {
        if let folder { try check(folder) }
        var fonts: [Typeface] = []
        for name in stackFileNames {
            if let folder {
                fonts.append(try FontCache.typeface(path: join(folder, name)))
            } else {
                fonts.append(try embedded(name))
            }
        }
        return fonts
    }

    /// A font by file name or path: `name` in `folder` when `folder` is given and has that file, else the
    /// embedded font of that file name (`NotoSans-Bold.ttf`), else the font file at path `name`. Files load
    /// once per file identity (``FontCache``).
    /// - Throws: ``FontError/fontsFolderNotFound(path:)`` when `folder` is not a folder, or the
    ///   ``FontError`` of the file.
    public static func font(named name: String, folder: String? = nil) throws(FontError) -> Typeface {
        if !name.contains("/") {
            if let folder {
                try check(folder)
                let path = join(folder, name)
                if Syscalls.kind(of: path) != .missing { return try FontCache.typeface(path: path) }
            }
            if embeddedFileNames.contains(name) { return try embedded(name) }
        }
        return try FontCache.typeface(path: name)
    }

    /// The embedded font with file name `name` (one of ``embeddedFileNames``), loaded once per process.
    /// - Throws: ``FontError/notEmbedded(name:available:)`` for any other name.
    public static func embedded(_ name: String) throws(FontError) -> Typeface {
        guard let index = embeddedFileNames.firstIndex(of: name) else {
            throw .notEmbedded(name: name, available: embeddedFileNames)
        }
        return try loaded.withLock { (cache: inout [Int: Typeface]) throws(FontError) -> Typeface in
            if let font = cache[index] { return font }
            var count = 0
            guard let bytes = pt_embedded_font_data(Int32(index), &count) else {
                throw .notEmbedded(name: name, available: embeddedFileNames)
            }
            let font = try Typeface(data: FontData(static: bytes, count: count), name: name, path: nil,
                                    source: .embedded, faceIndex: 0, variations: [])
            cache[index] = font
            return font
        }
    }

    /// The bytes of the embedded font with file name `name`, or `nil` when no embedded font has that name.
    /// The memory is static and read-only: it lives as long as the program.
    public static func embeddedBytes(_ name: String) -> UnsafeRawBufferPointer? {
        guard let index = embeddedFileNames.firstIndex(of: name) else { return nil }
        var count = 0
        guard let bytes = pt_embedded_font_data(Int32(index), &count) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }

    /// A font by name only, as a server must take it: `name` in `folder` (a plain file name, no folder
    /// part), else the embedded font of that name. Nothing else is opened, and the error shows neither the
    /// file's contents nor its absolute path.
    /// - Throws: ``FontError/notEmbedded(name:available:)`` for any other name (the message lists the
    ///   embedded fonts), or the folder file's error in words that name only `name`.
    public static func font(namedOnly name: String, folder: String? = nil) throws(FontError) -> Typeface {
        let plain = !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && !name.contains("\0")
        if plain, let folder {
            try check(folder)
            let path = join(folder, name)
            if Syscalls.kind(of: path) == .regular {
                do { return try FontCache.typeface(path: path) } catch {
                    throw .invalidFont(name: name, reason: "the file in the fonts folder cannot be loaded as a font")
                }
            }
        }
        if plain, embeddedFileNames.contains(name) { return try embedded(name) }
        throw .notEmbedded(name: name, available: embeddedFileNames)
    }

    /// Embedded fonts loaded so far, by index.
    private static let loaded = Locked<[Int: Typeface]>([:])

    private static func check(_ folder: String) throws(FontError) {
        guard Syscalls.kind(of: folder) == .folder else { throw .fontsFolderNotFound(path: folder) }
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
