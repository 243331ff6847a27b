import Foundation
import Testing
import TestSupport

/// The scripts that make the test fonts in `fixtures/fonts/` (fontTools, from Debian's python3-fonttools)
/// still make them: each is run into a temporary folder and its font compared with the committed one,
/// table by table.
@Suite struct FixtureFontScriptsTests {
    /// A script, the fixture it makes, and the tables allowed to differ (with why).
    struct Case: CustomTestStringConvertible, Sendable {
        var script: String, fixture: String, mayDiffer: Set<String>
        var testDescription: String { script }
    }

    static let cases = [
        // `head` holds the creation time and the whole-file checksum.
        Case(script: "make-colr-font", fixture: "ColorLayers.ttf", mayDiffer: ["head"]),
        Case(script: "make-colr-fallback-font", fixture: "ColorFallbacks.ttf", mayDiffer: ["head"]),
        // The fixture was subset by a newer fontTools, which also drops GDEF's two empty mark-glyph sets
        // (GDEF 1.0 against Debian's 1.2 with empty sets): the same glyph classes either way.
        Case(script: "make-no-tatweel-font", fixture: "NoTatweelArabic.ttf", mayDiffer: ["head", "GDEF"]),
    ]

    @Test(arguments: cases)
    func theScriptRemakesItsFixture(_ c: Case) throws {
        try withTemporaryFolder("fixture-font") { dir in
            let out = dir + "/" + c.fixture
            let run = try runProgram("/usr/bin/python3", [PackagePaths.root + "/scripts/" + c.script, out])
            #expect(run.status == 0, "\(c.script): \(run.stderr)")
            let made = try SfntTables(path: out)
            let kept = try SfntTables(path: PackagePaths.root + "/fixtures/fonts/" + c.fixture)
            #expect(made.tables.keys.sorted() == kept.tables.keys.sorted())
            let differing = kept.tables.keys.filter { made.tables[$0] != kept.tables[$0] }
            #expect(Set(differing).isSubset(of: c.mayDiffer), "\(c.fixture): \(differing.sorted()) differ")
            #expect(kept.tables.count >= 8)
        }
    }
}

/// A font file's tables by tag (the sfnt table directory, read without FreeType so the comparison is
/// of bytes).
struct SfntTables {
    var tables: [String: [UInt8]] = [:]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        guard bytes.count >= 12 else { throw CocoaError(.fileReadCorruptFile) }
        for i in 0..<u16(4) {
            let record = 12 + 16 * i
            guard record + 16 <= bytes.count else { throw CocoaError(.fileReadCorruptFile) }
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            let offset = u32(record + 8), length = u32(record + 12)
            guard offset + length <= bytes.count else { throw CocoaError(.fileReadCorruptFile) }
            tables[tag] = Array(bytes[offset..<offset + length])
        }
    }
}
