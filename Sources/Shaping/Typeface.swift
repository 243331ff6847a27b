import Support
import Geometry

/// A font face: FreeType for outlines, HarfBuzz for shaping, sharing one copy of the file's bytes.
///
/// Thread safety: a `Typeface` may be used from any number of threads at once. HarfBuzz's font is immutable
/// after creation, so shaping takes no lock; FreeType's face is mutable state (the glyph slot), so it lives
/// inside a ``Locked`` (a pthread mutex) and every outline load holds the lock. Loaded outlines are cached
/// per glyph, in font units, in a table read without a lock, so drawing takes the lock only for a glyph's
/// first load. The coverage answers of itemizing are kept without a lock (``CoverageMemo``).
///
/// A variable font is fixed at one instance when loaded (``variations``): FreeType's outlines and
/// HarfBuzz's advances both use it. Find installed fonts by family with ``init(family:style:)``.
public final class Typeface: Sendable, Hashable, CustomStringConvertible {
    /// Keeps the fields below off the reference count's cache line: every placed glyph retains and
    /// releases its font, from every thread that places glyphs in it.
    private let pad = CacheLinePad()
    /// The file's name without its folder (`NotoSans-Regular.ttf`), or the name given for in-memory data.
    public let name: String
    /// The file's path as given, when loaded from a file.
    public let path: String?
    /// Where the bytes came from: compiled in, a file (with its absolute path), or memory.
    public let source: TypefaceSource
    /// The face index within a collection.
    public let faceIndex: Int
    /// The family name from the font's name table.
    public let familyName: String
    /// The style name from the font's name table.
    public let styleName: String
    /// Design units per em.
    public let unitsPerEm: Int
    /// Number of glyphs in the face.
    public let glyphCount: Int
    /// Which tables give the font's vertical origins (``VerticalOriginSource``).
    package let verticalOrigins: VerticalOriginSource
    /// The variation axes of a variable font (empty for a static font).
    public let axes: [FontAxis]
    /// The instance in use: every axis with its value (clamped to the axis range) when variations were
    /// given, empty for the default instance.
    public let variations: [FontVariation]

    let harfBuzz: HarfBuzzFont
    /// Which BMP scalars were asked about and which of those need no other font (covered or
    /// default-ignorable), read and written without a lock.
    private let coverageMemo = CoverageMemo()
    let freeType: Locked<FreeTypeFace>
    /// Outlines already loaded, read without taking the FreeType lock (see OutlineTable.swift).
    let outlineTable: OutlineTable
    /// Emboldened outlines (synthesized bold), loaded on first use (see FontSynthesizer.swift).
    private let boldOutlineTable: OutlineTable
    /// Decoded colour glyphs, for a face that has them (see Typeface+ColorGlyphs.swift).
    let colorGlyphs: ColorGlyphCache?
    private let unscaledMetrics: (ascender: Double, descender: Double, lineGap: Double, xHeight: Double, capHeight: Double)

    /// The largest font file (or decoded WOFF/WOFF2 font) loaded unless a caller allows more: 64 MB.
    public static let defaultMaximumFileSize = FontData.defaultMaximumFileSize

    /// Loads face `faceIndex` of the font file at `path`, optionally at a variable-font instance.
    ///
    /// The file's size is checked before it is read, it is read once into the one buffer FreeType and
    /// HarfBuzz share, and its structure is checked before either sees it (see ``FontError`` for what a
    /// damaged font reports). WOFF and WOFF2 files are decoded.
    /// - Parameters:
    ///   - variations: axis settings such as `wght=700` (see ``FontVariation/parse(_:)``), applied to
    ///     both outlines and shaping; values outside an axis's range are clamped to it.
    ///   - maximumFileSize: the largest file, in bytes, that is read; larger is an error.
    /// - Throws: ``FontError`` naming the file as `path` gives it: missing, unreadable, too large, not a
    ///   font, damaged (missing tables, tables past the end, unreadable `loca`/`glyf`/`cmap`, no glyphs,
    ///   absurd advances), or ``FontError/badVariation(_:)`` for an axis the font does not have.
    public convenience init(path: String, faceIndex: Int = 0, variations: [FontVariation] = [],
                            maximumFileSize: Int = Typeface.defaultMaximumFileSize) throws(FontError) {
        let data = try FontData.read(path: path, limit: maximumFileSize)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        do {
            try self.init(data: data, name: name, path: path, faceIndex: faceIndex, variations: variations,
                          maximumFileSize: maximumFileSize)
        } catch {
            throw error.naming(path)  // errors name the file as the caller gave it
        }
    }

    /// Loads face `faceIndex` of a font held in memory, optionally at a variable-font instance, with the
    /// same checks as ``init(path:faceIndex:variations:maximumFileSize:)``.
    /// - Parameter name: what errors and placements call this font.
    public convenience init(bytes: some Collection<UInt8>, name: String = "memory font", faceIndex: Int = 0,
                            variations: [FontVariation] = []) throws(FontError) {
        try self.init(data: FontData(bytes), name: name, path: nil, faceIndex: faceIndex, variations: variations)
    }

    /// - Parameter namedInstance: a named instance of a variable font (1-based, 0 for none) whose
    ///   coordinates come before `requested`, as fontconfig reports it in the upper bits of an index.
    /// - Parameter source: where the bytes came from; by default a file when `path` is given (made
    ///   absolute here), else memory.
    init(data file: FontData, name: String, path: String?, source: TypefaceSource? = nil, faceIndex: Int,
         variations: [FontVariation], namedInstance: Int = 0,
         maximumFileSize: Int = Typeface.defaultMaximumFileSize) throws(FontError) {
        guard faceIndex >= 0 else { throw .faceIndexOutOfRange(name: name, index: faceIndex, count: 0) }
        var data = file, index = faceIndex
        switch BigEndian(file.bytes).u32(0) {
        case 0x774F_4646, 0x774F_4632:  // 'wOFF', 'wOF2': decode, then check and use the TrueType/OpenType font inside
            let format = BigEndian(file.bytes).u32(0) == 0x774F_4646 ? "WOFF" : "WOFF2"
            data = try FreeTypeFace.decodeWOFF(file, format: format, index: faceIndex, name: name, limit: maximumFileSize)
            if BigEndian(data.bytes).u32(0) != 0x7474_6366 { index = 0 }  // FreeType decodes one face of a collection
        default: break
        }
        // The embedded fonts are compiled in, not input: DefaultFontsTests validates them once, instead of
        // every process at start-up (0.4 ms of a one-label `pathtext render`).
        if source != .embedded { try FontValidator.validate(data.bytes, faceIndex: index, name: name) }
        let ft = try FreeTypeFace(data: data, index: index, name: name)
        self.name = name; self.path = path; self.faceIndex = faceIndex
        self.source = source ?? path.map { .file(absolutePath: Syscalls.absolutePath($0)) } ?? .memory
        familyName = ft.familyName; styleName = ft.styleName
        unitsPerEm = ft.unitsPerEm; glyphCount = ft.glyphCount
        verticalOrigins = VerticalOriginSource(hasTable: ft.hasTable)
        axes = ft.axes()
        var requested = variations
        if let named = ft.namedInstanceCoordinates(namedInstance) {
            requested = zip(axes, named).map { FontVariation(tag: $0.tag, value: $1) } + requested
        }
        var instance: [FontVariation] = []
        if !requested.isEmpty {
            // Every axis gets a value (its default unless set; a later setting of an axis wins), so
            // FreeType and HarfBuzz are told exactly the same instance.
            var coordinates = axes.map(\.defaultValue)
            for v in requested {
                guard let i = axes.firstIndex(where: { $0.tag == v.tag }) else {
                    let have = axes.isEmpty ? "\(name) is not a variable font" : "\(name) has axes \(axes.map(\.tag).joined(separator: ", "))"
                    throw .badVariation("\(v) (\(have))")
                }
                coordinates[i] = min(max(v.value, axes[i].minimum), axes[i].maximum)
            }
            guard ft.setDesignCoordinates(coordinates) else {
                throw .invalidFont(name: name, reason: "FreeType rejected the variation coordinates")
            }
            instance = zip(axes, coordinates).map { FontVariation(tag: $0.tag, value: $1) }
        }
        self.variations = instance
        harfBuzz = HarfBuzzFont(data: data, index: index, variations: instance.map { ($0.tag, $0.value) })
        guard harfBuzz.mappedCharacterCount() > 0 else {
            throw .damagedTable(name: name, table: "cmap", reason: "it maps no character to a glyph")
        }
        unscaledMetrics = harfBuzz.metrics()
        colorGlyphs = ft.hasColor ? ColorGlyphCache(ft) : nil
        outlineTable = OutlineTable(glyphCount: ft.glyphCount)
        boldOutlineTable = OutlineTable(glyphCount: ft.glyphCount)
        freeType = Locked(ft)
    }

    /// Whether the font is one of the fonts compiled into the library.
    public var isEmbedded: Bool { source == .embedded }

    /// The absolute path of the font file, when loaded from a file.
    public var absolutePath: String? {
        if case .file(let absolutePath) = source { absolutePath } else { nil }
    }

    /// Metrics in pixels at `size` pixels per em.
    public func metrics(size: Double) -> FontMetrics {
        let k = size / Double(unitsPerEm), m = unscaledMetrics
        return FontMetrics(ascender: m.ascender * k, descender: m.descender * k, lineGap: m.lineGap * k,
                           xHeight: m.xHeight * k, capHeight: m.capHeight * k, unitsPerEm: unitsPerEm, size: size)
    }

    /// Underline and strikeout metrics in pixels at `size` pixels per em (y up).
    public func decorationMetrics(size: Double) -> DecorationMetrics {
        let k = size / Double(unitsPerEm), m = harfBuzz.decorationMetrics()
        return DecorationMetrics(underlinePosition: m.underlinePosition * k, underlineThickness: m.underlineThickness * k,
                                 strikeoutPosition: m.strikeoutPosition * k, strikeoutThickness: m.strikeoutThickness * k)
    }

    /// Whether the font maps `scalar` to a glyph of its own.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { harfBuzz.glyph(for: scalar) != nil }

    /// Whether the font's `GSUB` table has the OpenType feature `tag` (`smcp`) in any script: what decides
    /// whether small capitals come from the font or are synthesized.
    public func hasSubstitutionFeature(_ tag: String) -> Bool { harfBuzz.hasSubstitutionFeature(tag) }

    /// Whether every scalar is default-ignorable or has a glyph of its own; each BMP scalar is asked of
    /// HarfBuzz once for the life of the font.
    func coversAllOrIgnorable(_ scalars: [Unicode.Scalar]) -> Bool {
        withCoverage { check in scalars.allSatisfy { check.coversOrIgnorable($0) } }
    }

    /// Answers whether a scalar has a glyph or is default-ignorable from the font's ``CoverageMemo``
    /// (asking HarfBuzz once per BMP scalar, whichever thread asks first).
    struct CoverageCheck {
        fileprivate let words: CoverageMemo.Words
        fileprivate let font: Typeface

        /// Whether `s` has a glyph in the font or is default-ignorable.
        @inline(__always)
        func coversOrIgnorable(_ s: Unicode.Scalar) -> Bool {
            let v = s.value
            guard v < 0x10000 else { return ScalarProperties.isDefaultIgnorable(s) || font.covers(s) }
            if let known = words.answer(v) { return known }
            let yes = ScalarProperties.isDefaultIgnorable(s) || font.covers(s)
            words.record(v, yes)
            return yes
        }
    }

    /// Runs `body` with a coverage check of the font (lock-free: see ``CoverageMemo``).
    func withCoverage<R>(_ body: (CoverageCheck) -> R) -> R {
        body(CoverageCheck(words: coverageMemo.words(), font: self))
    }

    /// ``coversAllOrIgnorable(_:)`` for ASCII text given as the set of its bytes: bit `b` of `low` for
    /// byte `b` below 64, bit `b − 64` of `high` for the others. Once the font was asked about these
    /// bytes, four loads and no lock.
    func coversAllOrIgnorable(asciiLow low: UInt64, high: UInt64) -> Bool {
        let words = coverageMemo.words()
        return coversAll(words, 0, low) && coversAll(words, 1, high)
    }

    /// Whether every scalar of `present` (bits of word `w`: scalars `64 w ..< 64 w + 64`) is covered or
    /// default-ignorable, asking about those not known yet.
    @inline(__always)
    private func coversAll(_ words: CoverageMemo.Words, _ w: Int, _ present: UInt64) -> Bool {
        let unknown = present & ~words.known(w)
        if unknown != 0 {
            var covered: UInt64 = 0, rest = unknown
            while rest != 0 {
                let bit = rest & (~rest &+ 1)
                let s = Unicode.Scalar(UInt32(w * 64 + bit.trailingZeroBitCount))!
                if ScalarProperties.isDefaultIgnorable(s) || covers(s) { covered |= bit }
                rest &= ~bit
            }
            words.record(w, bits: unknown, covered: covered)
        }
        return present & ~words.covered(w) == 0
    }

    /// The unhinted outline of `glyph` in font units with y up (as the font draws it); an empty path for
    /// a glyph without contours (a space) and for one FreeType cannot load, which only a damaged font
    /// has. Code that draws or measures glyphs checks them first with ``ShapedLine/checkOutlines()``
    /// (``LabelLayout`` does so for every glyph it places), so a damaged glyph is an error, not a blank.
    ///
    /// After its first load an outline is read without a lock (one atomic load), so threads drawing
    /// with the same font do not wait for each other.
    public func outline(glyph: UInt32) -> BezPath {
        (try? loadedOutline(glyph).get()) ?? BezPath()
    }

    /// The cached outline of `glyph` or FreeType's failure, loading it under the FreeType lock the first time.
    private func loadedOutline(_ glyph: UInt32) -> Result<BezPath, FreeTypeFace.GlyphFailure> { loadedEntry(glyph).result }

    /// The cached entry of `glyph` (emboldened for a synthesized bold when `emboldened`), loading its
    /// outline under the FreeType lock the first time.
    private func loadedEntry(_ glyph: UInt32, emboldened: Bool = false) -> OutlineTable.Entry {
        // Each table is read in its own branch: `emboldened ? boldOutlineTable : outlineTable` is an owned
        // reference, a retain and a release of a table that every thread drawing this font reads.
        if let entry = emboldened ? boldOutlineTable.entry(glyph) : outlineTable.entry(glyph) { return entry }
        let result = freeType.withLock {
            emboldened ? $0.emboldenedOutline(glyph: glyph, strength: SyntheticStyle.emboldenStrength) : $0.outline(glyph: glyph)
        }
        return emboldened ? boldOutlineTable.publish(result, for: glyph) : outlineTable.publish(result, for: glyph)
    }

    /// The ``BezPath/controlBox`` of ``outline(glyph:emboldened:)`` in font units (y up), cached with the
    /// outline: a glyph's ink box without a copy of its outline (``Rect/empty`` when it has no points).
    package func outlineControlBox(glyph: UInt32, emboldened: Bool) -> Rect {
        (emboldened ? boldOutlineTable.controlBox(glyph) : outlineTable.controlBox(glyph)) ?? loadedEntry(glyph, emboldened: emboldened).controlBox
    }

    /// The outline of `glyph` in font units with y up, emboldened for a synthesized bold when `emboldened`
    /// (``SyntheticStyle``: FreeType's `FT_Outline_EmboldenXY` at 1/24 em, so one outline serves every
    /// size); as ``outline(glyph:)`` otherwise. Cached like it, and read without a lock after its first load.
    public func outline(glyph: UInt32, emboldened: Bool) -> BezPath {
        (try? loadedEntry(glyph, emboldened: emboldened).result.get()) ?? BezPath()
    }

    /// The outline of `glyph` as ``outline(glyph:)`` gives it, or an error when FreeType cannot load it.
    /// The outline or the failure is cached, so checking a glyph before drawing costs one lookup later.
    /// - Throws: ``FontError/unreadableGlyph(name:glyph:reason:)`` naming the font (its path when loaded
    ///   from a file) and FreeType's reason.
    public func checkedOutline(glyph: UInt32) throws(FontError) -> BezPath {
        switch loadedOutline(glyph) {
        case .success(let path): return path
        case .failure(let failure): throw unreadable(glyph, failure)
        }
    }

    /// The error for the first of `glyphs` (their ids; their font is not looked at) whose outline
    /// FreeType cannot load in this font, or `nil` when all load. Each glyph is loaded under the FreeType
    /// lock and published in the outline table the first time; after that, checking it reads the table
    /// without a lock (``OutlineTable/firstUnloaded(_:from:)``), and drawing it finds it there. See
    /// ``ShapedLine/checkOutlines()``.
    func firstUnreadable(_ glyphs: UnsafeBufferPointer<ShapedGlyph>) -> FontError? {
        var k = 0
        while true {
            k = outlineTable.firstUnloaded(glyphs, from: k)
            guard k < glyphs.count else { return nil }
            let glyph = glyphs[k].glyph
            if case .failure(let failure) = loadedEntry(glyph).result { return unreadable(glyph, failure) }
            k += 1
        }
    }

    private func unreadable(_ glyph: UInt32, _ failure: FreeTypeFace.GlyphFailure) -> FontError {
        // HarfBuzz passes on glyph ids from a damaged cmap or GSUB as they are.
        let reason = glyph >= UInt32(glyphCount)
            ? "it is beyond the font's \(glyphCount) glyphs: the font's cmap or substitutions are damaged" : failure.reason
        return .unreadableGlyph(name: path ?? name, glyph: glyph, reason: reason)
    }

    /// The unhinted outline of `glyph` in pixels at `size`, y down, relative to the glyph origin;
    /// `emboldened` grows it as a synthesized bold does (``outline(glyph:emboldened:)``).
    public func outline(glyph: UInt32, size: Double, emboldened: Bool = false) -> BezPath {
        let k = size / Double(unitsPerEm)
        return outline(glyph: glyph, emboldened: emboldened).transformed(by: Affine.scale(k, -k))
    }

    /// `name`.
    public var description: String { name }

    /// Fonts are equal when they are the same object.
    public static func == (a: Typeface, b: Typeface) -> Bool { a === b }
    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
