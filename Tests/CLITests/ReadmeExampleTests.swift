import Testing
import Foundation
import TestSupport
import PathText

/// README's "Using the library" example, as a new user would run it: a fresh package outside the repository
/// that depends on PathText by path, whose `main.swift` is README's example verbatim, run from an unrelated
/// working directory.
///
/// The package lives in a fixed folder under the system's temporary directory and builds into
/// `.build/readme-example` of this repository, so repeated `swift test` runs build incrementally (the first
/// costs a full build of PathText, 1–2 minutes).
@Suite(.serialized) struct ReadmeExampleTests {
    /// The Swift code block between `<!-- library-example:begin -->` and `<!-- library-example:end -->`.
    static func example() throws -> String { try block(between: "library-example") }

    /// The Swift code block between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in README.
    static func block(between name: String) throws -> String {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- \(name):begin -->"))
        let end = try #require(readme.range(of: "<!-- \(name):end -->"))
        let block = readme[begin.upperBound..<end.lowerBound]
        let open = try #require(block.range(of: "```swift\n"))
        let close = try #require(block.range(of: "```", range: open.upperBound..<block.endIndex))
        return String(block[open.upperBound..<close.lowerBound])
    }

    @Test func theExampleIsAtMostThreeStatementsAfterTheImports() throws {
        let lines = try Self.example().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let code = lines.filter { !$0.isEmpty && !$0.hasPrefix("//") }
        let imports = code.prefix { $0.hasPrefix("import ") }
        #expect(imports == ["import PathText"])
        #expect(code.count - imports.count <= 3)
        #expect(code.contains { $0.contains("\"hello.png\"") })
    }

    @Test func aFreshPackageRunsTheExampleAndWritesAPNGWithText() throws {
        let fm = FileManager.default
        // Outside the package's sources but private to this checkout (inside its .build, which SwiftPM ignores),
        // so checkouts testing at the same time never share the folder or its link.
        let home = URL(fileURLWithPath: packageRoot + "/.build/readme-example-package")
        let package = home.appendingPathComponent("hello")
        let sources = package.appendingPathComponent("Sources/hello")
        try fm.createDirectory(at: sources, withIntermediateDirectories: true)
        // README's dependency lines as written, against a checkout whose folder is not called PathText
        // (SwiftPM names a path dependency after its folder): a link named as README's path says.
        let dependency = try Self.block(between: "package-dependency")
        let path = try #require(dependency.firstMatch(of: /path: "\.\.\/([^"]+)"/)).1
        #expect(path != "PathText")
        let link = home.appendingPathComponent(String(path))
        if (try? fm.destinationOfSymbolicLink(atPath: link.path)) != packageRoot {
            try? fm.removeItem(at: link)
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: packageRoot)
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "hello",
            \(dependency.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            )
            // The articles' complete programs, each an executable of its own (ArticleProgram.all).
            package.targets += [\(ArticleProgram.all.map { ".executableTarget(name: \"\($0.name)\", dependencies: [.product(name: \"PathText\", package: \"PathText\")])" }.joined(separator: ", "))]

            """
        try writeIfChanged(manifest, to: package.appendingPathComponent("Package.swift"))
        try writeIfChanged(try Self.example(), to: sources.appendingPathComponent("main.swift"))
        for program in ArticleProgram.all {
            let folder = package.appendingPathComponent("Sources/\(program.name)")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            try writeIfChanged(try program.code(), to: folder.appendingPathComponent("main.swift"))
        }

        let scratch = packageRoot + "/.build/readme-example"
        var build = try run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch], cwd: package.path)
        if build.status != 0 {
            // SwiftPM's incremental builds here sometimes keep stale objects after files are added to PathText
            // (see README, "stale builds"); a clean build of the example settles it.
            try? fm.removeItem(atPath: scratch)
            build = try run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch], cwd: package.path)
        }
        try #require(build.status == 0, "swift build failed:\n\(build.stdout)")
        let binPath = try run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch, "--show-bin-path"],
                              cwd: package.path).stdout.split(separator: "\n").last.map(String.init) ?? ""
        let binary = binPath + "/hello"

        // An unrelated working directory, empty before the run.
        let cwd = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("readme-run-\(UUID().uuidString)")
        try fm.createDirectory(at: cwd, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: cwd) }
        // The fonts are compiled in: no fonts folder is named, and PATHTEXT_FONTS is removed from the environment.
        let result = try run(["-u", "PATHTEXT_FONTS", binary], cwd: cwd.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try fm.contentsOfDirectory(atPath: cwd.path) == ["hello.png"])

        let png = try RasterCanvas(pngFile: cwd.appendingPathComponent("hello.png").path)
        var dark = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let p = png.pixel(x: x, y: y)
                if p.a > 128 && Int(p.r) + Int(p.g) + Int(p.b) < 384 { dark += 1 }
            }
        }
        #expect(png.width > 300 && png.width < 420 && png.height > 100 && png.height < 300)
        #expect(dark > 2000)  // 19 glyphs at 40 px

        // Each article's program, built in the same package, run in an empty folder of its own.
        for program in ArticleProgram.all {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("article-run-\(UUID().uuidString)")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? fm.removeItem(at: folder) }
            let ran = try run(["-u", "PATHTEXT_FONTS", binPath + "/" + program.name], cwd: folder.path)
            #expect(ran.status == 0, "\(program.name): \(ran.stdout)")
            try program.check(ran.stdout, folder.path)
        }
    }

    private func writeIfChanged(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String], cwd: String, environment: [String: String] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        p.currentDirectoryURL = URL(fileURLWithPath: cwd)
        let out = Pipe()  // stdout and stderr together: one pipe read to its end cannot stall the child
        p.standardOutput = out; p.standardError = out
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: "")
    }
}
