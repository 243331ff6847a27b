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
}
