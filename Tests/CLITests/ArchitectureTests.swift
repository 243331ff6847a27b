import Testing
import Foundation

/// The rules of ARCHITECTURE.md that the compiler does not enforce by itself, checked on the sources and
/// the manifest: the module graph, the one `Syscalls.swift`, no Foundation in the library, no glibc-only
/// name outside Support, the stages holding no request language, the umbrella exporting no showcase.
@Suite struct ArchitectureTests {
    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let dir = packageRoot + "/Sources/" + folder
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOfFile: dir + "/" + $0, encoding: .utf8))
        }
    }

    /// Every Swift file under Sources/, as (path below Sources, text).
    static func allSources() throws -> [(path: String, text: String)] {
        let root = packageRoot + "/Sources"
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.sorted().map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    /// ARCHITECTURE.md's module table: module → (folder, dependencies).
    static func documentedModules() throws -> [String: (folder: String, dependencies: Set<String>)] {
        let text = try String(contentsOfFile: packageRoot + "/ARCHITECTURE.md", encoding: .utf8)
        let start = try #require(text.range(of: "<!-- modules:begin -->")), end = try #require(text.range(of: "<!-- modules:end -->"))
        var out: [String: (String, Set<String>)] = [:]
        for row in text[start.upperBound..<end.lowerBound].split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| module") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            let deps = cells[2] == "—" ? [] : cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            out[cells[0]] = (cells[1], Set(deps))
        }
        return out
    }

    /// Package.swift's targets: name → (folder, dependencies that are PathText's own Swift modules).
    static func manifestTargets(among modules: Set<String>) throws -> [String: (folder: String, dependencies: Set<String>)] {
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let target = try Regex(#"\.(?:target|executableTarget)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?(?:,\s*path: "([^"]+)")?"#)
        var out: [String: (String, Set<String>)] = [:]
        for match in manifest.matches(of: target) {
            guard let name = match.output[1].substring.map(String.init), modules.contains(name) else { continue }
            let deps = (match.output[2].substring.map(String.init) ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            out[name] = (match.output[3].substring.map(String.init) ?? "Sources/" + name, Set(deps).intersection(modules))
        }
        return out
    }

    /// The module graph of ARCHITECTURE.md is the manifest's, and every file imports only what its module
    /// declares (of PathText's own modules).
    @Test func theModuleGraphIsTheDocumentedOne() throws {
        let documented = try Self.documentedModules()
        #expect(documented.count >= 15)
        let modules = Set(documented.keys)
        let manifest = try Self.manifestTargets(among: modules)
        #expect(Set(manifest.keys) == modules, "ARCHITECTURE.md lists \(modules.sorted()), Package.swift has \(manifest.keys.sorted())")
        for (name, doc) in documented {
            guard let actual = manifest[name] else { continue }
            #expect(actual.folder == doc.folder, "\(name): folder \(actual.folder) in Package.swift, \(doc.folder) in ARCHITECTURE.md")
            #expect(actual.dependencies == doc.dependencies,
                    "\(name): Package.swift depends on \(actual.dependencies.sorted()), ARCHITECTURE.md says \(doc.dependencies.sorted())")
            let folder = packageRoot + "/" + doc.folder
            let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let k = words.firstIndex(of: "import"), k + 1 < words.count, words[..<k].allSatisfy({ $0.hasPrefix("@") || ["internal", "package", "public"].contains($0) }) else { continue }
                    let module = String(words[k + 1])
                    if modules.contains(module) {
                        #expect(doc.dependencies.contains(module), "\(doc.folder)/\(file) imports \(module), which \(name) does not depend on")
                    }
                }
            }
        }
    }

    /// One `Syscalls.swift`, in Support, and the only file that imports the platform's C library.
    @Test func oneSyscallsFileHoldsThePlatform() throws {
        let sources = try Self.allSources()
        #expect(sources.count > 100)
        #expect(sources.filter { $0.path.hasSuffix("/Syscalls.swift") || $0.path == "Syscalls.swift" }.map(\.path) == ["Support/Syscalls.swift"])
        let platform = ["import Glibc", "import Darwin", "import Musl", "canImport(Glibc)", "canImport(Darwin)", "canImport(Musl)"]
        for (path, text) in sources where path != "Support/Syscalls.swift" {
            for word in platform { #expect(!text.contains(word), "\(path) has \(word)") }
        }
    }

    /// No glibc-only name (the fields and calls that differ on Darwin) outside the support module.
    @Test func noGlibcOnlyNameOutsideSupport() throws {
        let glibcOnly = ["__sigaction_handler", "st_mtim", "O_TMPFILE", "MAP_NORESERVE", "MADV_HUGEPAGE", "linkat", "environ", "pthread_\\w+", "sigaction", "sigset_t"]
        for (path, text) in try Self.allSources() where !path.hasPrefix("Support/") {
            for word in glibcOnly {
                #expect(!text.contains(try Regex("\\b" + word + "\\b")), "\(path) names \(word)")
            }
        }
    }

    /// No library module imports Foundation (it brings a second ICU and tens of megabytes).
    @Test func noFoundationInTheLibrary() throws {
        for (path, text) in try Self.allSources() {
            for line in text.split(separator: "\n") where line.hasPrefix("import Foundation") || line.hasSuffix("import Foundation") {
                Issue.record("\(path): \(line)")
            }
        }
    }

    /// Layout keeps only placement, and no stage reads or writes JSON or option syntax (issue 22): that is
    /// the request module's.
    @Test func theStagesHoldNoRequestLanguage() throws {
        let words = ["JSONValue", "OptionSyntax", "OptionEntry", "JSONStringLiteral", "JSONNumber", "MessageText", "LabelOptionCatalog"]
        for stage in ["Support", "Geometry", "Shaping", "Layout", "Render"] {
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
        #expect(exported == ["Geometry", "Shaping", "Layout", "Render", "Requests", "Pipeline", "SVGInput", "Placer"])
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

    /// The test folder of each module: `Tests/<Module>Tests`, except the modules tested from another
    /// target (Pipeline by RequestsTests, the Swift and CLI doors by CLITests, the C door by
    /// PathTextEngineTests, the placer in Tests/Jobs).
    static let testFolders: [String: String] = [
        "Pipeline": "Tests/RequestsTests", "PathText": "Tests/CLITests", "pathtext": "Tests/CLITests",
        "PathTextC": "Tests/PathTextEngineTests", "Placer": "Tests/Jobs/PlacerTests",
    ]

    /// Sources without a test file of their own, each with its reason: Tests/unmirrored-sources.txt, one
    /// `path: reason` a line (`#` starts a comment).
    static func unmirroredSources() throws -> [String: String] {
        let text = try String(contentsOfFile: packageRoot + "/Tests/unmirrored-sources.txt", encoding: .utf8)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
            let parts = line.split(separator: ":", maxSplits: 1)
            out[String(parts[0])] = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        return out
    }

    /// Tests mirror sources: every Swift file of a module (`Sources/Shaping/Itemizer.swift`) has a test
    /// file of the same name in the module's test folder (`Tests/ShapingTests/ItemizerTests.swift`), or a
    /// line in Tests/unmirrored-sources.txt that says why not; a listed file exists and has no mirror (so
    /// the list only shrinks as mirrors are written), and every reason is given.
    @Test func everySourceHasItsTestFileOrAListedReason() throws {
        let listed = try Self.unmirroredSources()
        var seen: Set<String> = []
        var mirrored = 0
        for (module, doc) in try Self.documentedModules() {
            let testFolder = packageRoot + "/" + (Self.testFolders[module] ?? "Tests/\(module)Tests")
            let tests = Set(FileManager.default.enumerator(atPath: testFolder)?.compactMap { ($0 as? String)?.split(separator: "/").last.map(String.init) } ?? [])
            #expect(!tests.isEmpty, "\(module): no test folder at \(testFolder)")
            let folder = packageRoot + "/" + doc.folder
            for file in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".swift") }) ?? [] {
                let path = doc.folder + "/" + file
                let name = String(file.split(separator: "/").last!.dropLast(6))
                let hasMirror = tests.contains(name + "Tests.swift")
                seen.insert(path)
                if hasMirror { mirrored += 1 }
                if let reason = listed[path] {
                    #expect(!hasMirror, "\(path) has its \(name)Tests.swift now: remove its line from Tests/unmirrored-sources.txt")
                    #expect(reason.count >= 10, "\(path): say why it has no test file of its own")
                } else {
                    #expect(hasMirror, "\(path) has no \(name)Tests.swift in \(Self.testFolders[module] ?? "Tests/\(module)Tests") and no line in Tests/unmirrored-sources.txt")
                }
            }
        }
        for path in listed.keys.sorted() where !seen.contains(path) {
            Issue.record("Tests/unmirrored-sources.txt lists \(path), which is not a source of a module")
        }
        #expect(mirrored >= 40)
    }
}
