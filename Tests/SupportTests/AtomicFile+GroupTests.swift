import Testing
import Foundation
@testable import Support

@Suite struct AtomicFileGroupTests {
    /// Two files written together are both replaced; when the second cannot be written, the first keeps
    /// its old bytes and no temporary file is left in either folder.
    @Test func allOrNone() throws {
        let dir = NSTemporaryDirectory() + "atomic-group-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = dir + "/a.png", b = dir + "/b.json"
        try AtomicFile.write(all: [([1, 2, 3], a), ([4, 5], b)])
        #expect(FileManager.default.contents(atPath: a) == Data([1, 2, 3]))
        #expect(FileManager.default.contents(atPath: b) == Data([4, 5]))

        #expect(throws: FileError.cannotWrite(path: dir + "/no/c.json", reason: "No such file or directory")) {
            try AtomicFile.write(all: [([9, 9, 9, 9], a), ([7], dir + "/no/c.json")])
        }
        #expect(FileManager.default.contents(atPath: a) == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.png", "b.json"])
    }

    /// A special file (here /dev/null) is written in place beside the staged regular files.
    @Test func specialFilesAreWrittenInPlace() throws {
        let dir = NSTemporaryDirectory() + "atomic-group-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write(all: [([1], "/dev/null"), ([2, 2], dir + "/x.svg")])
        #expect(FileManager.default.contents(atPath: dir + "/x.svg") == Data([2, 2]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["x.svg"])
    }

    /// Many files in several folders, and on two file systems (the temporary folder and /dev/shm's tmpfs,
    /// flushed with a `syncfs` each): every file has its bytes, none is left staged.
    @Test func manyFilesOnTwoFileSystems() throws {
        let dir = NSTemporaryDirectory() + "atomic-group-\(UUID().uuidString)"
        let shm = "/dev/shm/atomic-group-\(UUID().uuidString)"
        for d in [dir + "/a", dir + "/b", shm] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: shm) }
        var outputs: [(bytes: [UInt8], path: String)] = []
        for i in 0..<40 { outputs.append((Array(repeating: UInt8(i), count: 1000 + i), "\(dir)/\(i % 2 == 0 ? "a" : "b")/\(i).png")) }
        outputs.append(([42], shm + "/x.json"))
        try AtomicFile.write(all: outputs)
        for (bytes, path) in outputs { #expect(FileManager.default.contents(atPath: path) == Data(bytes), "\(path)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/a").count == 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shm) == ["x.json"])
    }

    /// `flushFileSystem` flushes an open file's file system; on a closed descriptor it fails (EBADF).
    @Test func flushFileSystemReportsFailure() throws {
        let (fd, _) = Syscalls.openUnnamedFile(in: NSTemporaryDirectory())
        try #require(fd >= 0)
        #expect(Syscalls.flushFileSystem(fd))
        #expect(Syscalls.device(of: fd) != nil)
        Syscalls.closeFile(fd)
        #expect(!Syscalls.flushFileSystem(fd) && Syscalls.lastError == EBADF)
        #expect(Syscalls.device(of: fd) == nil)
    }
}
