/// Font files loaded once per process, shared by every resolver, engine, door and thread, and kept under a
/// memory budget.
///
/// A font is found by the file's identity (device, inode, size, modification time, after symbolic links),
/// not by the name it was asked for: fifty links to one file, or a family asked for in six hundred runs,
/// are one load and one copy of the bytes. A file replaced in place is a new identity and loads again.
///
/// The budget (``byteBudget``, 1 GB by default) bounds the bytes of every font file loaded through the
/// cache that is still in use anywhere. The cache keeps recently used fonts loaded for later requests;
/// when a new file would go over the budget, those no longer in use elsewhere are released, oldest first,
/// and if that is not enough the load fails with ``FontError/fontMemoryFull(name:bytes:budget:)``. The
/// embedded fonts are static bytes and not counted.
public enum FontCache {
    struct Key: Hashable {
        var file: Syscalls.FileIdentity
        var faceIndex: Int, namedInstance: Int
        var variations: [FontVariation]
    }

    private final class Entry {
        weak var font: Typeface?
        /// Kept loaded by the cache until released for the budget.
        var kept: Typeface?
        let bytes: Int
        var lastUse: UInt64
        init(_ font: Typeface, bytes: Int, use: UInt64) { self.font = font; kept = font; self.bytes = bytes; lastUse = use }
    }

    private struct State: @unchecked Sendable {
        // @unchecked: the entries are only touched under the lock.
        var entries: [Key: Entry] = [:]
        var budget = 1_000_000_000
        var clock: UInt64 = 0
        var loads = 0
        var loadsByFile: [Syscalls.FileIdentity: Int] = [:]
    }

    private static let state = Locked(State())

    /// The most bytes of font files loaded through the cache and in use at once (default 1 GB).
    public static var byteBudget: Int {
        get { state.withLock { $0.budget } }
        set { state.withLock { $0.budget = max(0, newValue) } }
    }

    /// How many font files the cache has read since the process started (a file asked for again, by any
    /// name, is not read again while loaded).
    public static var loadCount: Int { state.withLock { $0.loads } }

    /// How many times the file at `path` (by its identity, whatever name it is reached by) has been read.
    public static func loadCount(path: String) -> Int {
        guard let identity = Syscalls.identity(of: path) else { return 0 }
        return state.withLock { $0.loadsByFile[identity] ?? 0 }
    }

    /// The bytes of the loaded fonts still in use (held by the cache or by anyone else).
    public static var bytesInUse: Int {
        state.withLock { s in s.entries.values.reduce(0) { $0 + ($1.font == nil ? 0 : $1.bytes) } }
    }

    /// The font at `path`, face `faceIndex` (with a variable font's `namedInstance`, 1-based, and
    /// `variations`), loaded once per file identity; see ``Typeface/init(path:faceIndex:variations:maximumFileSize:)``
    /// for the checks and errors.
    /// - Throws: ``FontError/fontMemoryFull(name:bytes:budget:)`` when the budget cannot make room, or the
    ///   file's ``FontError``.
    public static func typeface(path: String, faceIndex: Int = 0, namedInstance: Int = 0, variations: [FontVariation] = [],
                                maximumFileSize: Int = Typeface.defaultMaximumFileSize) throws(FontError) -> Typeface {
        // A path that cannot be stat'ed (or holds a NUL) is loaded uncached, for its error.
        guard !path.utf8.contains(0), let identity = Syscalls.identity(of: path) else {
            return try load(path: path, faceIndex: faceIndex, namedInstance: namedInstance, variations: variations, limit: maximumFileSize)
        }
        let key = Key(file: identity, faceIndex: faceIndex, namedInstance: namedInstance, variations: variations)
        let size = Int(clamping: identity.size)
        let outcome: Result<Typeface, FontError> = state.withLock { s in
            s.clock += 1
            if let entry = s.entries[key], let font = entry.font {
                entry.lastUse = s.clock
                if entry.kept == nil { entry.kept = font }
                return .success(font)
            }
            // Make room: forget dead entries, then release kept fonts, least recently used first.
            s.entries = s.entries.filter { $0.value.font != nil }
            var used = s.entries.values.reduce(0) { $0 + $1.bytes }
            if size <= maximumFileSize, used + size > s.budget {
                for entry in s.entries.values.filter({ $0.kept != nil }).sorted(by: { $0.lastUse < $1.lastUse }) {
                    entry.kept = nil
                    if entry.font == nil { used -= entry.bytes }
                    if used + size <= s.budget { break }
                }
                s.entries = s.entries.filter { $0.value.font != nil }
                guard used + size <= s.budget else {
                    return .failure(.fontMemoryFull(name: path, bytes: size, budget: s.budget))
                }
            }
            do throws(FontError) {
                let font = try load(path: path, faceIndex: faceIndex, namedInstance: namedInstance, variations: variations, limit: maximumFileSize)
                s.loads += 1
                s.loadsByFile[identity, default: 0] += 1
                s.entries[key] = Entry(font, bytes: size, use: s.clock)
                return .success(font)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func load(path: String, faceIndex: Int, namedInstance: Int, variations: [FontVariation],
                             limit: Int) throws(FontError) -> Typeface {
        let data = try FontData.read(path: path, limit: limit)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        do {
            return try Typeface(data: data, name: name, path: path, faceIndex: faceIndex, variations: variations,
                                namedInstance: namedInstance, maximumFileSize: limit)
        } catch {
            throw error.naming(path)
        }
    }
}
