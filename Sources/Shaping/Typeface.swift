import Geometry
import Synchronization

/// A font face: FreeType for outlines, HarfBuzz for shaping, sharing one copy of the file's bytes.
///
/// Thread safety: a `Typeface` may be used from any number of threads at once. HarfBuzz's font is immutable
/// after creation, so shaping takes no lock; FreeType's face is mutable state (the glyph slot), so it lives
/// inside a `Mutex` and every outline load holds the lock. Outlines are cached per glyph, in font units.
///
/// A variable font is fixed at one instance when loaded (``variations``): FreeType's outlines and
/// HarfBuzz's advances both use it. Find installed fonts by family with ``init(family:style:)``.
public final class Typeface: Sendable, Hashable, CustomStringConvertible {
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
    /// The variation axes of a variable font (empty for a static font).
    public let axes: [FontAxis]
    /// The instance in use: every axis with its value (clamped to the axis range) when variations were
    /// given, empty for the default instance.
    public let variations: [FontVariation]

    let harfBuzz: HarfBuzzFont
    /// Which BMP scalars were asked about and which of those need no other font (covered or
    /// default-ignorable): 1024 words each, allocated on first use.
    private struct CoverageMemo { var known: [UInt64] = [], ok: [UInt64] = [] }
    private let coverageMemo = Mutex(CoverageMemo())
    private let freeType: Mutex<FreeTypeFace>
    private let unscaledMetrics: (ascender: Double, descender: Double, lineGap: Double, xHeight: Double, capHeight: Double)

    /// Loads face `faceIndex` of the font file at `path`, optionally at a variable-font instance.
    /// - Parameter variations: axis settings such as `wght=700` (see ``FontVariation/parse(_:)``),
    ///   applied to both outlines and shaping; values outside an axis's range are clamped to it.
    /// - Throws: ``FontError`` naming the file when it is missing, unreadable or not a font, or
    ///   ``FontError/badVariation(_:)`` for an axis the font does not have.
    public convenience init(path: String, faceIndex: Int = 0, variations: [FontVariation] = []) throws(FontError) {
        let data = try FontData.read(path: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        do {
            try self.init(data: data, name: name, path: path, faceIndex: faceIndex, variations: variations)
        } catch {
            throw error.naming(path)  // errors name the file as the caller gave it
        }
    }

    /// Loads face `faceIndex` of a font held in memory, optionally at a variable-font instance.
    /// - Parameter name: what errors and placements call this font.
    public convenience init(bytes: some Collection<UInt8>, name: String = "memory font", faceIndex: Int = 0,
                            variations: [FontVariation] = []) throws(FontError) {
        try self.init(data: FontData(bytes), name: name, path: nil, faceIndex: faceIndex, variations: variations)
    }

    /// - Parameter namedInstance: a named instance of a variable font (1-based, 0 for none) whose
    ///   coordinates come before `requested`, as fontconfig reports it in the upper bits of an index.
    /// - Parameter source: where the bytes came from; by default a file when `path` is given (made
    ///   absolute here), else memory.
    init(data: FontData, name: String, path: String?, source: TypefaceSource? = nil, faceIndex: Int,
         variations: [FontVariation], namedInstance: Int = 0) throws(FontError) {
        guard faceIndex >= 0 else { throw .faceIndexOutOfRange(name: name, index: faceIndex, count: 0) }
        let ft = try FreeTypeFace(data: data, index: faceIndex, name: name)
        self.name = name; self.path = path; self.faceIndex = faceIndex
        self.source = source ?? path.map { .file(absolutePath: Syscalls.absolutePath($0)) } ?? .memory
        familyName = ft.familyName; styleName = ft.styleName
        unitsPerEm = ft.unitsPerEm; glyphCount = ft.glyphCount
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
        harfBuzz = HarfBuzzFont(data: data, index: faceIndex, variations: instance.map { ($0.tag, $0.value) })
        unscaledMetrics = harfBuzz.metrics()
        freeType = Mutex(ft)
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

    /// Whether every scalar is default-ignorable or has a glyph of its own; each BMP scalar is asked of
    /// HarfBuzz once for the life of the font.
    func coversAllOrIgnorable(_ scalars: [Unicode.Scalar]) -> Bool {
        coverageMemo.withLock { m in
            if m.known.isEmpty {
                m.known = [UInt64](repeating: 0, count: 1024)
                m.ok = [UInt64](repeating: 0, count: 1024)
            }
            for s in scalars {
                let v = s.value
                guard v < 0x10000 else {
                    if ScalarProperties.isDefaultIgnorable(s) || covers(s) { continue } else { return false }
                }
                let w = Int(v >> 6), bit = UInt64(1) << UInt64(v & 63)
                if m.known[w] & bit != 0 {
                    if m.ok[w] & bit == 0 { return false }
                    continue
                }
                let yes = ScalarProperties.isDefaultIgnorable(s) || covers(s)
                m.known[w] |= bit
                if yes { m.ok[w] |= bit } else { return false }
            }
            return true
        }
    }

    /// The unhinted outline of `glyph` in font units with y up (as the font draws it).
    public func outline(glyph: UInt32) -> BezPath {
        freeType.withLock { $0.outline(glyph: glyph) }
    }

    /// The unhinted outline of `glyph` in pixels at `size`, y down, relative to the glyph origin.
    public func outline(glyph: UInt32, size: Double) -> BezPath {
        let k = size / Double(unitsPerEm)
        return outline(glyph: glyph).transformed(by: Affine.scale(k, -k))
    }

    /// `name`.
    public var description: String { name }

    /// Fonts are equal when they are the same object.
    public static func == (a: Typeface, b: Typeface) -> Bool { a === b }
    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
