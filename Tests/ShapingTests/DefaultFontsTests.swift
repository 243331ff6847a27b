import Foundation
import Testing
import TestSupport
@testable import Shaping

/// The fonts compiled into the library against the files they were built from.
@Suite struct DefaultFontsTests {
    @Test func everyFontOfTheFontsFolderIsEmbeddedByteForByte() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: fontsDir).filter { $0.hasSuffix(".ttf") }.sorted()
        #expect(DefaultFonts.embeddedFileNames.sorted() == files)
        #expect(Array(DefaultFonts.embeddedFileNames.prefix(5)) == DefaultFonts.stackFileNames)
        for name in files {
            let bytes = try #require(DefaultFonts.embeddedBytes(name), "\(name) is not embedded")
            let file = try Data(contentsOf: URL(fileURLWithPath: fontsDir + "/" + name))
            #expect(bytes.count == file.count, "\(name)")
            #expect(Data(bytes) == file, "\(name)")
        }
        #expect(DefaultFonts.embeddedBytes("Missing.ttf") == nil)
    }

    @Test func theEmbeddedStackShapesLikeTheFiles() throws {
        let embedded = try DefaultFonts.stack()
        #expect(embedded.map(\.name) == DefaultFonts.stackFileNames)
        #expect(embedded.allSatisfy { $0.isEmbedded && $0.source == .embedded && $0.path == nil && $0.absolutePath == nil })
        #expect(embedded.map(\.familyName) == TestFonts.stack.map(\.familyName))
        for text in ["Hello שלום world", "Cairo القاهرة 2024", "नमस्ते", "สวัสดีครับ", "office AVATAR"] {
            let a = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: embedded, size: 24)))
            let b = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: TestFonts.stack, size: 24)))
            #expect(a.glyphs.map { "\($0.glyph) \($0.cluster) \($0.advance) \(a.font(of: $0).name)" }
                    == b.glyphs.map { "\($0.glyph) \($0.cluster) \($0.advance) \(b.font(of: $0).name)" }, "\(text)")
            #expect(a.glyphs.first.map { a.font(of: $0).outline(glyph: $0.glyph).segments.count }
                    == b.glyphs.first.map { b.font(of: $0).outline(glyph: $0.glyph).segments.count })
        }
    }

    @Test func embeddedFontsLoadOncePerProcess() throws {
        let a = try DefaultFonts.embedded("NotoSerif-Regular.ttf")
        let b = try DefaultFonts.font(named: "NotoSerif-Regular.ttf")
        #expect(a === b)
        #expect(a.familyName == "Noto Serif")
        #expect(try DefaultFonts.stack()[0] === DefaultFonts.stack()[0])
        #expect(throws: FontError.notEmbedded(name: "Nope.ttf", available: DefaultFonts.embeddedFileNames)) {
            try DefaultFonts.embedded("Nope.ttf")
        }
    }

    @Test func aFolderGivenExplicitlyWinsOverTheEmbeddedFonts() throws {
        // A folder whose "NotoSans-Regular.ttf" is really Noto Serif: the folder's file must be used.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: fontsDir + "/NotoSerif-Regular.ttf", toPath: dir + "/NotoSans-Regular.ttf")
        let fromFolder = try DefaultFonts.font(named: "NotoSans-Regular.ttf", folder: dir)
        #expect(fromFolder.familyName == "Noto Serif")
        #expect(!fromFolder.isEmbedded)
        // A name the folder lacks falls back to the embedded font.
        let bold = try DefaultFonts.font(named: "NotoSans-Bold.ttf", folder: dir)
        #expect(bold.isEmbedded && bold.styleName == "Bold")
        // The stack from that folder fails on its second file, naming it.
        #expect(throws: FontError.unreadable(path: dir + "/NotoSansArabic-Regular.ttf", reason: "no such file")) {
            try DefaultFonts.stack(folder: dir)
        }
        #expect(throws: FontError.fontsFolderNotFound(path: "/no/fonts")) { try DefaultFonts.stack(folder: "/no/fonts") }
        #expect(throws: FontError.fontsFolderNotFound(path: "/no/fonts")) {
            try DefaultFonts.font(named: "NotoSans-Regular.ttf", folder: "/no/fonts")
        }
        let files = try DefaultFonts.stack(folder: fontsDir)
        #expect(files.map(\.name) == DefaultFonts.stackFileNames)
        #expect(files.allSatisfy { !$0.isEmbedded })
    }

    @Test func sourcesTellEmbeddedFileAndMemoryApart() throws {
        // Through a symbolic link in another folder: the absolute path is the real file's.
        let real = URL(fileURLWithPath: fontsDir + "/NotoSansThai-Regular.ttf").resolvingSymlinksInPath().path
        try withTemporaryFolder("link") { dir in
            try FileManager.default.createSymbolicLink(atPath: dir + "/thai.ttf", withDestinationPath: real)
            let linked = try Typeface(path: dir + "/thai.ttf")
            #expect(linked.source == .file(absolutePath: real))
            #expect(linked.absolutePath == real && linked.path == dir + "/thai.ttf" && linked.name == "thai.ttf")
        }
        #expect(real.hasPrefix("/") && !real.contains("/./") && !real.contains("/../"))
        // A relative path (up from the working folder to the root, then down) is made absolute.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + "./" + real.dropFirst()
        #expect(try Typeface(path: relative).absolutePath == real)
        // Found through Fontconfig: a file too.
        let installed = try Typeface(family: "Noto Sans", style: "Bold")
        #expect(installed.absolutePath.map { $0.hasPrefix("/") && $0.hasSuffix("/NotoSans-Bold.ttf") } == true)
        #expect(!installed.isEmbedded)
        let memory = try Typeface(bytes: try Data(contentsOf: URL(fileURLWithPath: real)), name: "thai in memory")
        #expect(memory.source == .memory && !memory.isEmbedded && memory.absolutePath == nil)
    }

    @Test func noFontErrorNamesACommandLineFlag() {
        let errors: [FontError] = [
            .unreadable(path: "/x.ttf", reason: "no such file"), .invalidFont(name: "x.ttf", reason: "corrupt"),
            .faceIndexOutOfRange(name: "x.ttc", index: 3, count: 2), .fontsFolderNotFound(path: "/no/fonts"),
            .notEmbedded(name: "x.ttf", available: DefaultFonts.embeddedFileNames), .familyNotFound("X"),
            .badVariation("wght"),
        ]
        for e in errors {
            #expect(!e.description.contains("--"), "\(e)")
            #expect(!e.description.contains("PATHTEXT_FONTS"), "\(e)")
        }
        #expect(FontError.fontsFolderNotFound(path: "/no/fonts").description == "cannot find the fonts folder /no/fonts")
    }

    /// The embedded fonts pass the validator that every other font passes at load (the library skips it
    /// for them: they are compiled in), with the glyph counts of their files.
    @Test func theEmbeddedFontsAreValid() throws {
        var counts: [String: Int] = [:]
        for name in DefaultFonts.embeddedFileNames {
            let bytes = try #require(DefaultFonts.embeddedBytes(name))
            counts[name] = try FontValidator.validate(bytes, faceIndex: 0, name: name).glyphCount
            #expect(counts[name] == (try DefaultFonts.embedded(name)).glyphCount, "\(name)")
        }
        #expect(counts.count == DefaultFonts.embeddedFileNames.count && counts.values.allSatisfy { $0 > 100 })
    }
}
