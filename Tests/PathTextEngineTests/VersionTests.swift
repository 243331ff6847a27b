import CPathText
import Foundation
import PathText
import Testing
@testable import PathTextEngine
@testable import PathTextC

/// One version: `PathTextVersion.string` (Sources/Doors/PathText/Version.swift) is what `pt_version()`, the
/// engine, the Makefile (the pkg-config file's version), the Python package and CHANGELOG.md say.
@Suite struct VersionTests {
    func file(_ relative: String) throws -> String {
        try String(contentsOfFile: packageRoot + "/" + relative, encoding: .utf8)
    }

    @Test func theDeclarationIsAVersion() {
        let parts = PathTextVersion.string.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }

    @Test func theCLibraryAndTheEngineReadIt() {
        #expect(Engine.version == PathTextVersion.string)
        #expect(String(cString: pt_version_impl()!) == PathTextVersion.string)
    }

    @Test func theMakefileReadsTheDeclaration() throws {
        // PT_VERSION's own sed command, run on the file it names, gives the version.
        let makefile = try file("Makefile")
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("PT_VERSION = $(shell ") })
        let command = String(line.dropFirst("PT_VERSION = $(shell ".count).dropLast())
        #expect(command.contains("Sources/Doors/PathText/Version.swift"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == PathTextVersion.string)
    }

    @Test func thePythonPackageSaysTheSame() throws {
        let pyproject = try file("python/pyproject.toml")
        #expect(pyproject.contains("\nversion = \"\(PathTextVersion.string)\"\n"))
    }

    @Test func theChangelogsNewestEntryIsThisVersion() throws {
        let changelog = try file("CHANGELOG.md")
        let first = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(first?.hasPrefix("## \(PathTextVersion.string) ") == true)
    }
}
