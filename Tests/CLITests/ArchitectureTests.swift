import Testing
import Foundation

/// The dependency rules of notes/architecture.md that the compiler does not enforce by itself, checked on
/// the sources: the stages hold no request language, and the umbrella exports the library, not the showcase.
@Suite struct ArchitectureTests {
    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let dir = packageRoot + "/Sources/" + folder
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOfFile: dir + "/" + $0, encoding: .utf8))
        }
    }

    /// Layout keeps only placement, and no stage reads or writes JSON or option syntax (issue 22): that is
    /// the request module's.
    @Test func theStagesHoldNoRequestLanguage() throws {
        let words = ["JSONValue", "OptionSyntax", "OptionEntry", "JSONStringLiteral", "JSONNumber", "MessageText", "LabelOptionCatalog"]
        for stage in ["Geometry", "Shaping", "Layout", "Render"] {
            for (name, text) in try Self.sources(stage) {
                for word in words { #expect(!text.contains(word), "\(stage)/\(name) uses \(word)") }
                #expect(!text.contains("import Requests"), "\(stage)/\(name) imports Requests")
            }
        }
    }

    /// `import PathText` brings the stages, the request module and the jobs on whole documents (the SVG
    /// reader) and on many labels (the placer), never the showcase.
    @Test func theUmbrellaExportsNoShowcase() throws {
        let umbrella = try String(contentsOfFile: packageRoot + "/Sources/Doors/PathText/PathText.swift", encoding: .utf8)
        let exported = umbrella.split(separator: "\n").filter { $0.hasPrefix("@_exported import ") }.map { $0.dropFirst("@_exported import ".count) }
        #expect(exported == ["Geometry", "Shaping", "Layout", "Render", "Requests", "SVGInput", "Placer"])
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains(#".target(name: "PathText""#) })
        #expect(!line.contains("Showcase"))
        for (name, text) in try Self.sources("Doors/PathText") { #expect(!text.contains("import Showcase"), "\(name)") }
    }

    /// The C shims sit together, so Sources/ shows the stages and the doors at a glance.
    @Test func theCShimsSitTogether() throws {
        let top = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Sources")
        #expect(top.filter { $0.hasPrefix("C") }.isEmpty, "\(top)")
        for folder in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Sources/System") {
            #expect(folder.hasPrefix("C"), "\(folder)")
        }
    }

    /// The package targets macOS too: the C library is imported only under `#if canImport(Glibc)`.
    @Test func noUnconditionalGlibcImport() throws {
        let root = packageRoot + "/Sources"
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100)
        for file in files {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() where line == "import Glibc" {
                #expect(k > 0 && lines[k - 1] == "#if canImport(Glibc)", "\(file):\(k + 1)")
            }
        }
    }
}
