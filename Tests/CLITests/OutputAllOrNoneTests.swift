import Testing
import Foundation
import PathText

/// Issue #27 items 13, 14 and 20 through the binary: outputs are written all or none, a failed output
/// leaves no folders, and a FIFO nobody reads does not block forever.
@Suite struct OutputAllOrNoneTests {
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "pathtext-allornone-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Item 13: `--out x.png --json /dev/full` exited 1 but replaced x.png.
    @Test func aFailedJSONLeavesTheImageAsItWas() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for out in ["x.png", "x.svg"] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/" + out))
            let r = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", out, "--json", "/dev/full"], cwd: dir)
            #expect(r.status == 1)
            #expect(r.stderr.contains("/dev/full"), "\(r.stderr)")
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/" + out)), as: UTF8.self) == "old", "\(out) was replaced")
            // And with a new file: none is created.
            let n = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "new-" + out, "--json", "/dev/full"], cwd: dir)
            #expect(n.status == 1)
            #expect(!FileManager.default.fileExists(atPath: dir + "/new-" + out))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // Both outputs to files still work, together.
        let ok = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "x.png", "--json", "x.json"], cwd: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/x.json")), as: UTF8.self).hasPrefix("{\"fonts\""))
    }

    /// Item 14: a 5 000-character --out made 2 048 nested folders before failing.
    @Test func aPathTooLongIsRefusedBeforeAnyFolderIsMade() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = String(repeating: "a/", count: 2_500) + "x.png"
        let r = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", long], cwd: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("the path is too long"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // A folder that cannot be finished (a file in the way) leaves none of the folders it began.
        try Data().write(to: URL(fileURLWithPath: dir + "/file"))
        let blocked = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "file/deeper/x.png"], cwd: dir)
        #expect(blocked.status == 1)
        // Folders made for outputs that then fail are removed again.
        let partial = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "made/more/x.png", "--json", "/dev/full"], cwd: dir)
        #expect(partial.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["file"])
    }

    /// Item 20: --out onto a FIFO with no reader blocked forever.
    @Test func aFIFOWithNoReaderIsAnErrorNotAHang() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        let start = Date()
        let r = try pathtext(["render", "--text", "Hi", "--path", "M0 50 L 99 50", "--out", "o.png", "--json", "pipe"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("no process is reading from it"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(!FileManager.default.fileExists(atPath: dir + "/o.png"))
    }
}
