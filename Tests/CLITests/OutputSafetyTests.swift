import Testing
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Outputs never harm inputs, special files stay special, and a killed write leaves nothing behind
/// (issue 13, rows 2 and 7), through the real binary.
@Suite(.serialized) struct OutputSafetyTests {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "pathtext-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func fileType(_ path: String, follow: Bool = false) -> mode_t {
        var st = stat()
        let r = follow ? stat(path, &st) : lstat(path, &st)
        return r == 0 ? st.st_mode & S_IFMT : 0
    }

    /// Every spelling of the scene file as `--json` is refused before any work; the scene is untouched
    /// and no picture is written.
    @Test func theSceneFileIsNeverAnOutput() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/v.json"
        try FileManager.default.copyItem(atPath: packageRoot + "/fixtures/scenes/dial.json", toPath: scene)
        let original = try #require(bytes(scene))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "v.json")
        try FileManager.default.linkItem(atPath: scene, toPath: dir + "/hard.json")
        let cases: [(json: String, message: String)] = [
            ("v.json", "pathtext: the output v.json is also an input: refusing to overwrite it"),
            ("./v.json", "pathtext: the output ./v.json is also an input (v.json): refusing to overwrite it"),
            ("missing/../v.json", "pathtext: the output missing/../v.json is also an input (v.json): refusing to overwrite it"),
            ("link.json", "pathtext: the output link.json is also an input (v.json): refusing to overwrite it"),
            ("hard.json", "pathtext: the output hard.json is also an input (v.json): refusing to overwrite it"),
            (dir + "/v.json", "pathtext: the output \(dir)/v.json is also an input (v.json): refusing to overwrite it"),
        ]
        for c in cases {
            let r = try pathtext(["render", "v.json", "--out", "o.png", "--json", c.json], cwd: dir)
            #expect(r.status == 1, "\(c.json)")
            #expect(r.stderr == c.message + "\n")
            #expect(bytes(scene) == original, "\(c.json) changed the scene")
            #expect(!FileManager.default.fileExists(atPath: dir + "/o.png"), "\(c.json) drew the picture anyway")
            #expect(!FileManager.default.fileExists(atPath: dir + "/missing"))
        }
        // A font given with --font is an input too, and so is --out against --json.
        let font = packageRoot + "/Fonts/NotoSans-Regular.ttf"
        let r = try pathtext(["render", "--text", "Hi", "--path", "M0 0 L 99 0", "--font", font, "--out", "o.png", "--json", font], cwd: dir)
        #expect(r.status == 1 && r.stderr.contains("is also an input"), "\(r.stderr)")
        let same = try pathtext(["render", "v.json", "--out", "o.svg", "--json", "./o.svg"], cwd: dir)
        #expect(same.status == 2)
        #expect(same.stderr == "pathtext: --json ./o.svg is the same file as --out o.svg: give each output its own file\n")
    }

    /// `/dev/null` is written in place and stays a character device (as root the old rename replaced it
    /// with a plain file).
    @Test func devNullStaysADevice() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "/dev/null", "--json", "/dev/null"], cwd: dir)
        // --out must end in .png or .svg: /dev/null as --json only.
        #expect(r.status == 2)
        let ok = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "o.png", "--json", "/dev/null"], cwd: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(fileType("/dev/null") == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null.tmp") }.isEmpty)
    }

    /// A FIFO receives the JSON in place and stays a FIFO.
    @Test func aFIFOIsWrittenInPlace() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader: another process, so opening the FIFO for writing does not wait forever.
        let cat = Process()
        cat.executableURL = URL(fileURLWithPath: "/bin/cat")
        cat.arguments = [fifo]
        let out = Pipe()
        cat.standardOutput = out
        try cat.run()
        let r = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "o.png", "--json", fifo], cwd: dir)
        let received = out.fileHandleForReading.readDataToEndOfFile()
        cat.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(fifo) == S_IFIFO)
        let labels = try #require(try json(String(decoding: received, as: UTF8.self)) as? [String: Any])
        #expect((labels["labels"] as? [Any])?.count == 1)
    }

    /// A symbolic link is followed: its target gets the new bytes, the link stays a link; a dangling
    /// link gets its target created.
    @Test func aSymlinkIsFollowed() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old".write(toFile: dir + "/target.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "target.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.json", withDestinationPath: "sub/new.json")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        for link in ["link.json", "dangling.json"] {
            let r = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "o.png", "--json", link], cwd: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(fileType(dir + "/" + link) == S_IFLNK)
            #expect(fileType(dir + "/" + link, follow: true) == S_IFREG)
        }
        #expect(String(decoding: bytes(dir + "/target.json") ?? Data(), as: UTF8.self).hasPrefix("{\"fonts\""))
        #expect(String(decoding: bytes(dir + "/sub/new.json") ?? Data(), as: UTF8.self).hasPrefix("{\"fonts\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// SIGTERM and SIGKILL at any moment of a large render, its write included, leave no temporary file:
    /// the file is written unnamed (O_TMPFILE) and only linked in when complete.
    @Test func aKilledWriteLeavesNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["render", "--text", "Signals", "--size", "300", "--path", "M100 1200 L 2300 1200",
                    "--width", "2400", "--height", "2400", "--background", "#336699", "--out", "big.png"]
        // One full run, to know how long a run takes on this machine.
        let start = Date()
        let full = try pathtext(args, cwd: dir)
        let whole = Date().timeIntervalSince(start)
        #expect(full.status == 0, "\(full.stderr)")
        #expect(bytes(dir + "/big.png").map { $0.count > 100_000 } == true)
        try FileManager.default.removeItem(atPath: dir + "/big.png")
        // Signals spread over the second half of a run, where encoding and writing happen.
        var tries: [(Int32, Double)] = []
        for f in [0.6, 0.8, 0.9, 0.97] { tries.append((SIGTERM, f)); tries.append((SIGKILL, f)) }
        for (signal, fraction) in tries {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: pathtextBinary)
            p.arguments = args
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Signal the moment a temporary file shows up (the old named file lived through the whole
            // write), or at the chosen moment if none does (the unnamed file has a name for microseconds).
            let deadline = Date().addingTimeInterval(whole * fraction)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
                if names.contains(where: { $0.contains(".tmp-") }) { break }
                Thread.sleep(forTimeInterval: 0.002)
            }
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            // Killed (by the signal, or its default action after the handler) or finished just before.
            #expect(p.terminationStatus == 0 || p.terminationReason == .uncaughtSignal, "signal \(signal)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "big.png" }
            #expect(leftovers.isEmpty, "signal \(signal) at \(fraction): \(leftovers)")
            try? FileManager.default.removeItem(atPath: dir + "/big.png")
        }
    }

    /// A failed write to stdout is exit 1 with a message; a closed pipe ends quietly with SIGPIPE's 141.
    @Test func stdoutErrors() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: pathtextBinary)
        p.arguments = ["layout", "--text", String(repeating: "Hello world ", count: 2000), "--path", "M0 0 L 999999 0"]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message == "pathtext: cannot write to standard output: No space left on device\n")

        let text = String(repeating: "Hello world ", count: 2000)
        let shell = try runShell("\"$0\" layout --text \"\(text)\" --path 'M0 0 L 99 0' | head -c1 >/dev/null; echo \"${PIPESTATUS[0]}\"")
        #expect(shell.stdout == "141\n")
        #expect(shell.stderr == "")
    }

    /// A full stderr never crashes the program (it used to trap in FileHandle.write).
    @Test func aFullStderrIsNotACrash() throws {
        let shell = try runShell("\"$0\" layout --text '' --path 'M0 0 L 99 0' 2>/dev/full; echo $?")
        #expect(shell.stdout == "1\n")
    }
}

/// Runs `script` with bash, `$0` being the pathtext binary and `$@` the `arguments`.
func runShell(_ script: String, arguments: [String] = [], cwd: String? = nil) throws -> Run {
    try runProgram("/bin/bash", ["-c", script, pathtextBinary] + arguments, cwd: cwd)
}
