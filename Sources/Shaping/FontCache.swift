import Support
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

    /// A loaded font and its bookkeeping. The cache holds every font it has loaded strongly: a font
    /// "in use elsewhere" is one whose reference the cache's is not the only one of
    /// (`isKnownUniquelyReferenced`, asked under the lock). A `weak` reference would give every cached
    /// font a side table, and then every retain and release of the font, one of each per placed glyph,
    /// would take the runtime's slow path on a counter shared by every thread.
    private final class Entry {
        var font: Typeface
        let bytes: Int
        var lastUse: UInt64
        init(_ font: Typeface, bytes: Int, use: UInt64) { self.font = font; self.bytes = bytes; lastUse = use }
        /// Whether only the cache holds the font (it can be released for the budget).
        func isUnused() -> Bool { isKnownUniquelyReferenced(&font) }
    }

    private struct State: @unchecked Sendable {
        // @unchecked: the entries are only touched under the lock.
        var entries: [Key: Entry] = [:]
        var budget: Int
        var clock: UInt64 = 0
        var loads = 0
        var loadsByFile: [Syscalls.FileIdentity: Int] = [:]
    }

    /// The process's store, which every door uses.
    static let shared = Store(budget: 1_000_000_000)

    /// The most bytes of font files loaded through the cache and in use at once (default 1 GB).
    public static var byteBudget: Int {
        get { shared.budget }
        set { shared.budget = newValue }
    }

    /// How many font files the cache has read since the process started (a file asked for again, by any
    /// name, is not read again while loaded).
    public static var loadCount: Int { shared.loadCount }

    /// How many times the file at `path` (by its identity, whatever name it is reached by) has been read.
    public static func loadCount(path: String) -> Int { shared.loadCount(path: path) }

    /// The bytes of the loaded fonts still in use (held by the cache or by anyone else).
    public static var bytesInUse: Int { shared.bytesInUse }

    /// The font at `path`, face `faceIndex` (with a variable font's `namedInstance`, 1-based, and
    /// `variations`), loaded once per file identity; see ``Typeface/init(path:faceIndex:variations:maximumFileSize:)``
    /// for the checks and errors.
    /// - Throws: ``FontError/fontMemoryFull(name:bytes:budget:)`` when the budget cannot make room, or the
    ///   file's ``FontError``.
    public static func typeface(path: String, faceIndex: Int = 0, namedInstance: Int = 0, variations: [FontVariation] = [],
                                maximumFileSize: Int = Typeface.defaultMaximumFileSize) throws(FontError) -> Typeface {
        try shared.typeface(path: path, faceIndex: faceIndex, namedInstance: namedInstance, variations: variations,
                            maximumFileSize: maximumFileSize)
    }

    /// One cache: the process's is ``shared``; tests make their own, with a budget of their own.
    final class Store: Sendable {
        private let state: Locked<State>

        init(budget: Int) { state = Locked(State(budget: max(0, budget))) }

        var budget: Int {
            get { state.withLock { $0.budget } }
            set { state.withLock { $0.budget = max(0, newValue) } }
        }

        var loadCount: Int { state.withLock { $0.loads } }

        func loadCount(path: String) -> Int {
            guard let identity = Syscalls.identity(of: path) else { return 0 }
            return state.withLock { $0.loadsByFile[identity] ?? 0 }
        }

        var bytesInUse: Int { state.withLock { s in s.entries.values.reduce(0) { $0 + $1.bytes } } }

        func typeface(path: String, faceIndex: Int, namedInstance: Int, variations: [FontVariation],
                      maximumFileSize: Int) throws(FontError) -> Typeface {
            // A path that cannot be stat'ed (or holds a NUL) is loaded uncached, for its error.
            guard !path.utf8.contains(0), let identity = Syscalls.identity(of: path) else {
                return try load(path: path, faceIndex: faceIndex, namedInstance: namedInstance, variations: variations, limit: maximumFileSize)
            }
            let key = Key(file: identity, faceIndex: faceIndex, namedInstance: namedInstance, variations: variations)
            let size = Int(clamping: identity.size)
            let outcome: Result<Typeface, FontError> = state.withLock { s in
                s.clock += 1
                if let entry = s.entries[key] {
                    entry.lastUse = s.clock
                    return .success(entry.font)
                }
                // Make room: release fonts no one else holds, least recently used first.
                var used = s.entries.values.reduce(0) { $0 + $1.bytes }
                if size <= maximumFileSize, used + size > s.budget {
                    for (key, entry) in s.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where entry.isUnused() {
                        s.entries[key] = nil
                        used -= entry.bytes
                        if used + size <= s.budget { break }
                    }
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
