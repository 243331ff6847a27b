import Foundation
import Testing
@testable import Shaping

/// The font cache's budget, on stores of their own (the process's store is shared by every other test).
@Suite struct FontCacheTests {
    static let regular = fontsDir + "/NotoSans-Regular.ttf"      // 512 672 bytes
    static let bold = fontsDir + "/NotoSans-Bold.ttf"            // 515 752 bytes
    static let hebrew = fontsDir + "/NotoSansHebrew-Regular.ttf" // 26 892 bytes

    static func size(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    func load(_ store: FontCache.Store, _ path: String) throws(FontError) -> Typeface {
        try store.typeface(path: path, faceIndex: 0, namedInstance: 0, variations: [], maximumFileSize: Typeface.defaultMaximumFileSize)
    }

    /// A font held elsewhere is never released for the budget; one held only by the cache is, oldest first.
    @Test func releasesOnlyFontsNoOneElseHolds() throws {
        let budget = try Self.size(Self.bold) + Self.size(Self.hebrew) + 1000   // room for Bold and Hebrew, not Regular too
        let store = FontCache.Store(budget: budget)
        var regular: Typeface? = try load(store, Self.regular)
        let hebrew = try load(store, Self.hebrew)
        #expect(store.bytesInUse == (try Self.size(Self.regular)) + (try Self.size(Self.hebrew)))
        // Regular is held here: Bold does not fit, and the error says why.
        #expect(throws: FontError.fontMemoryFull(name: Self.bold, bytes: try Self.size(Self.bold), budget: budget)) {
            try load(store, Self.bold)
        }
        #expect(store.loadCount == 2)
        // Asked again while loaded: the same object, not read again.
        do {
            let again = try load(store, Self.regular)
            #expect(again === regular)
        }
        #expect(store.loadCount == 2)
        // Let go of Regular: now only the cache holds it, so Bold makes room by releasing it (Hebrew is
        // held, and it alone would not make room anyway).
        regular = nil
        let bold = try load(store, Self.bold)
        #expect(bold.familyName == "Noto Sans")
        #expect(store.bytesInUse == (try Self.size(Self.bold)) + (try Self.size(Self.hebrew)))
        #expect(store.loadCount(path: Self.regular) == 1)
        // Regular again: Bold is held, so there is no room.
        #expect(throws: FontError.self) { try load(store, Self.regular) }
        #expect(hebrew.glyphCount > 0)
    }

    /// Kept fonts are released least recently used first, and only as many as the new font needs.
    @Test func releasesLeastRecentlyUsedFirst() throws {
        let budget = try Self.size(Self.regular) + Self.size(Self.bold) + 1000
        let store = FontCache.Store(budget: budget)
        _ = try load(store, Self.regular)
        _ = try load(store, Self.bold)
        _ = try load(store, Self.regular)          // Regular is now the more recently used
        _ = try load(store, Self.hebrew)           // needs one released: Bold
        #expect(store.loadCount(path: Self.bold) == 1)
        _ = try load(store, Self.regular)          // still kept: not read again
        #expect(store.loadCount(path: Self.regular) == 1)
        _ = try load(store, Self.bold)             // read again
        #expect(store.loadCount(path: Self.bold) == 2)
        #expect(store.bytesInUse <= budget)
    }

    /// Eight asks for one file are one load, one object, its bytes counted once.
    @Test func cachedFontIsSharedAndCountedOnce() throws {
        let store = FontCache.Store(budget: 10_000_000)
        let fonts = try (0..<8).map { _ in try load(store, Self.hebrew) }
        #expect(fonts.allSatisfy { $0 === fonts[0] })
        #expect(store.loadCount == 1)
        #expect(store.bytesInUse == (try Self.size(Self.hebrew)))
    }
}
