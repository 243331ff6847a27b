import Testing
import Foundation
import Geometry
import Shaping
import Layout
@testable import Requests
@testable import Check
import TestSupport

/// The embedded fonts (`Fonts/`).
let fontsDir = PackagePaths.fonts
let packageRoot = PackagePaths.root

/// The locale check on the dial scene and its 31 locales (fixtures/l10n/dial.csv).
@Suite struct LocaleCheckTests {
    let dial = try! SceneJSON.read(path: packageRoot + "/fixtures/scenes/dial.json")
    let strings = try! StringTableReader.read(path: packageRoot + "/fixtures/l10n/dial.csv")

    func run(shippedOnly: Bool) throws -> [LabelCheck] {
        let resolver = SceneResolver(fontsDir: fontsDir)
        resolver.systemFallback = !shippedOnly
        return try LocaleChecker.check(dial, strings: strings, resolver: resolver)
    }

    @Test func theFixtureHasTheScriptsAsked() {
        #expect(strings.locales.count >= 25)
        for l in ["ar", "he", "fa", "hi", "th", "ja", "ko", "zh-Hans", "ru", "uk"] { #expect(strings.locales.contains(l), "\(l)") }
        #expect(strings.keys == ["ACCOUNT BALANCE", "SHOW ME THE MONEY", "available today"])
        #expect(strings.texts["de"]?["ACCOUNT BALANCE"] == "KONTOSTAND")
    }

    /// With shipped fonts only, Japanese, Korean and Chinese report their missing glyphs by code point.
    @Test func shippedFontsOnlyReportsCJKCodePoints() throws {
        let results = try run(shippedOnly: true)
        #expect(results.count == strings.locales.count * dial.labels.count)
        func top(_ l: String) throws -> LabelCheck { try #require(results.first { $0.locale == l && $0.label == 0 }) }
        #expect(try top("ja").missing == "口座残高".unicodeScalars.map(\.value))
        #expect(try top("ko").missing == [0xACC4, 0xC88C, 0xC794, 0xC561])  // 계좌 잔액 (the space is covered)
        #expect(try top("zh-Hans").missing == "账户余额".unicodeScalars.map(\.value))
        for l in ["ja", "ko", "zh-Hans", "zh-Hant"] { #expect(try top(l).issues.contains(.missing)) }
        // Covered by the shipped stack: nothing missing, no system fonts.
        for l in ["de", "ru", "el", "ar", "he", "hi", "th"] {
            let r = try top(l)
            #expect(r.missing.isEmpty && !r.issues.contains(.systemFont), "\(l): \(r)")
        }
        // The Arabic top label falls back from Noto Sans Bold to the shipped Arabic face, and its letters
        // are not spaced (cursive tracking), which the check reports.
        let ar = try top("ar")
        #expect(ar.fallbackFonts.contains(FallbackFont(name: "NotoSansArabic-Regular.ttf", system: false)))
        #expect(ar.suppressedSpacing == 10 && ar.issues.contains(.spacing))  // رصيد الحساب: 10 letters
        // The amount is not translated, and fits everywhere.
        #expect(results.filter { $0.label == 2 }.allSatisfy { $0.key == nil && $0.fit == .fits })
    }

    /// With the system's fonts, CJK is drawn from a system font, and reported as such.
    @Test func systemFallbackIsReported() throws {
        let results = try run(shippedOnly: false)
        let ja = try #require(results.first { $0.locale == "ja" && $0.label == 0 })
        #expect(ja.missing.isEmpty)
        #expect(ja.fallbackFonts.contains { $0.system })
        #expect(ja.issues.contains(.systemFont))
    }

    /// A label's fallback fonts are listed once each, in the order their first inked glyphs come on the
    /// path: Hebrew before Devanagari in "A ב क" (not their names' order), the primary font left out.
    @Test func fallbackFontsComeInTheOrderOfTheirFirstGlyphs() throws {
        var label = SceneLabel(text: "A ב क ב", path: try BezPath(svgPathData: "M 20 100 L 780 100"))
        label.style = RunStyle(size: 40, systemFonts: false)
        let scene = Scene(width: 800, height: 200, shapes: [], labels: [label])
        var table = StringTable()
        table.set("A ב क ב", key: "A ב क ב", locale: "x")
        let resolver = SceneResolver(fontsDir: fontsDir)
        resolver.systemFallback = false
        let results = try LocaleChecker.check(scene, strings: table, resolver: resolver)
        #expect(results.map(\.fallbackFonts) == [[FallbackFont(name: "NotoSansHebrew-Regular.ttf", system: false),
                                                  FallbackFont(name: "NotoSansDevanagari-Regular.ttf", system: false)]])
    }

    /// A label too long for its half of the dial shrinks, or overflows at its minimum; the others fit.
    @Test func longTranslationsShrinkOrOverflowWithinTheirSpan() throws {
        var table = StringTable()
        table.set("KONTOSTAND", key: "ACCOUNT BALANCE", locale: "de")
        table.set("VERFÜGBARER KONTOSTAND HEUTE", key: "ACCOUNT BALANCE", locale: "de-long")
        table.set("VERFÜGBARER KONTOSTAND UND GESAMTGUTHABEN ALLER KONTEN", key: "ACCOUNT BALANCE", locale: "de-longest")
        let results = try LocaleChecker.check(dial, strings: table, resolver: SceneResolver(fontsDir: fontsDir))
        let top = results.filter { $0.label == 0 }
        #expect(top[0].fit == .fits)
        guard case .shrunk(let to) = top[1].fit else { Issue.record("\(top[1].fit)"); return }
        #expect(to < 40 && to >= 28)
        #expect(top[2].fit == .overflows && top[2].issues.contains(.overflow))
    }

    /// Two labels whose ink crosses are reported as overlapping, both ways.
    @Test func overlappingLabelsAreReported() throws {
        var scene = dial
        scene.labels[3].options.offset = .pixels(0)
        scene.labels[3].path = try BezPath(svgPathData: "M 60 400 L 740 400")  // onto the amount
        var table = StringTable()
        table.set("available today", key: "available today", locale: "en")
        let results = try LocaleChecker.check(scene, strings: table, resolver: SceneResolver(fontsDir: fontsDir))
        #expect(results[2].overlaps == [3] && results[3].overlaps == [2])
        #expect(results[0].overlaps.isEmpty && results[1].overlaps.isEmpty)
    }

    /// On the inner side of a tight ring, neighbouring glyphs' ink collides; on a wide one it does not.
    @Test func inkCollisionsOnTightCurves() throws {
        func collisions(radius: Double) throws -> Int {
            var shape = SceneShape(type: .circle, id: "c")
            shape.center = Point(200, 200); shape.radius = radius; shape.startAngle = 180
            var label = SceneLabel(text: "WWWWWW", shape: "c")
            label.options.side = .right   // on the inside of the ring: the tops converge
            label.options.upright = .off
            label.style = RunStyle(size: 40, systemFonts: false)
            let scene = Scene(width: 400, height: 400, shapes: [shape], labels: [label])
            var table = StringTable()
            table.set("WWWWWW", key: "WWWWWW", locale: "en")
            return try LocaleChecker.check(scene, strings: table, resolver: SceneResolver(fontsDir: fontsDir))[0].collisions
        }
        #expect(try collisions(radius: 50) >= 3)
        #expect(try collisions(radius: 2000) == 0)
    }
}

/// The translation formats.
@Suite struct StringTableTests {
    func read(_ name: String, _ text: String) throws -> StringTable {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-strings-\(UUID().uuidString)")
        let path = dir.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try StringTableReader.read(path: path)
    }

    @Test func csvAndTSV() throws {
        let t = try read("a.csv", "locale,HELLO,\"A, B\"\nde,Hallo,\"x \"\"y\"\"\nz\"\r\nfr,Bonjour,\n")
        #expect(t.locales == ["de", "fr"] && t.texts["de"]?["A, B"] == "x \"y\"\nz" && t.texts["fr"]?["A, B"] == nil)
        let long = try read("b.tsv", "key\tlocale\ttext\nHELLO\tde\tHallo\nHELLO\tja\tこんにちは\n")
        #expect(long.texts["ja"]?["HELLO"] == "こんにちは" && long.keys == ["HELLO"])
        #expect(throws: StringTableError.self) { try read("c.csv", "HELLO,WORLD\nde,x\n") }
        #expect(throws: StringTableError.self) { try read("d.csv", "locale,HELLO\nde,x,y\n") }
    }

    @Test func tablesAreBounded() throws {
        let many = "locale,HELLO\n" + (0...StringTable.maximumLocales).map { "l\($0),x\n" }.joined()
        #expect(throws: StringTableError.self) { try read("many.csv", many) }
        let wide = "locale," + (0..<200).map { "K\($0)" }.joined(separator: ",") + "\n"
            + (0..<501).map { l in "l\(l)," + Array(repeating: "x", count: 200).joined(separator: ",") + "\n" }.joined()
        #expect(throws: StringTableError.self) { try read("wide.csv", wide) }   // 501 × 200 > 100 000 entries
        // A long strings.xml is read in one pass (lines counted as the search moves on).
        let xml = "<resources>\n" + (0..<20_000).map { "<string name=\"k\($0)\">v\($0)</string>\n" }.joined() + "</resources>\n"
        let t = try read("values-de/strings.xml", xml)
        #expect(t.keys.count == 20_000 && t.texts["de"]?["k19999"] == "v19999")
    }

    @Test func jsonAndXcstrings() throws {
        let t = try read("a.json", #"{"de": {"HELLO": "Hallo"}, "ar": {"HELLO": "مرحبا"}}"#)
        #expect(t.locales == ["de", "ar"] && t.texts["ar"]?["HELLO"] == "مرحبا")
        let x = try read("Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"HELLO": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}}, "version": "1.0"}"#)
        #expect(x.texts["de"]?["HELLO"] == "Hallo")
    }

    @Test func gettextPO() throws {
        let po = """
        msgid ""
        msgstr ""
        "Language: pt_BR\\n"

        # a comment
        msgid "ACCOUNT BALANCE"
        msgstr "SALDO "
        "DA CONTA"

        msgid "untranslated"
        msgstr ""
        """
        let t = try read("x.po", po)
        #expect(t.locales == ["pt-BR"] && t.texts["pt-BR"] == ["ACCOUNT BALANCE": "SALDO DA CONTA"])
    }

    @Test func appleStrings() throws {
        let t = try read("de.lproj/Localizable.strings", "/* title */\n\"ACCOUNT BALANCE\" = \"KONTO\\\"STAND\";\n// x\n\"B\"=\"b\";\n")
        #expect(t.locales == ["de"] && t.texts["de"] == ["ACCOUNT BALANCE": "KONTO\"STAND", "B": "b"])
        #expect(throws: StringTableError.self) { try read("fr.strings", "\"A\" = \"b\"\n") }
    }

    @Test func androidAndXLIFF() throws {
        let a = try read("values-pt-rBR/strings.xml", """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <string name="balance">SALDO &amp; CONTA</string>
            <string name="money">Don\\'t <b>show</b></string>
        </resources>
        """)
        #expect(a.locales == ["pt-BR"] && a.texts["pt-BR"] == ["balance": "SALDO & CONTA", "money": "Don't show"])
        let x = try read("a.xlf", """
        <xliff version="1.2"><file source-language="en" target-language="ja" datatype="plaintext"><body>
        <trans-unit id="1"><source>ACCOUNT BALANCE</source><target>口座残高</target></trans-unit>
        <trans-unit id="2" resname="money"><source>SHOW</source><target>&#x898B;せて</target></trans-unit>
        </body></file></xliff>
        """)
        #expect(x.texts["ja"] == ["ACCOUNT BALANCE": "口座残高", "money": "見せて"])
        #expect(throws: StringTableError.self) { try read("b.xlf", "<xliff><file><trans-unit><target>x</target></trans-unit></file></xliff>") }
    }

    /// The XML formats are read by libxml2 (the XML module): CDATA and character references resolved,
    /// malformed XML refused with libxml2's line, entity declarations refused (XXE).
    @Test func xmlFormatsAreReadByLibxml2() throws {
        let a = try read("values-de/strings.xml", "<resources>\n<string name=\"a\"><![CDATA[<b>&</b>]]></string>\n</resources>")
        #expect(a.texts["de"] == ["a": "<b>&</b>"])
        #expect {
            try read("values-de/strings.xml", "<resources>\n<string name=\"a\">x\n</resources>")
        } throws: { ($0 as? StringTableError)?.description.hasSuffix("strings.xml: line 3: Premature end of data in tag resources line 1") == true }
        let xxe = "<!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><resources><string name=\"a\">&e;</string></resources>"
        #expect { try read("values-de/strings.xml", xxe) } throws: { ($0 as? StringTableError)?.description.contains("XXE") == true }
    }
}
