import Testing
import Foundation
@testable import Support

/// Both ways of ``AtomicFile`` replace a file whole, keep its permission bits and leave no temporary file.
@Suite struct AtomicFileTests {
    @Test(arguments: [true, false])
    func replacesWholeAndLeavesNothing(unnamed: Bool) throws {
        let dir = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.bin"
        try AtomicFile.write(Array(repeating: 1, count: 10), to: path, unnamed: unnamed)
        #expect(chmod(path, 0o600) == 0)
        let big = (0..<1_000_000).map { UInt8($0 & 0xff) }
        try AtomicFile.write(big, to: path, unnamed: unnamed)
        #expect(FileManager.default.contents(atPath: path) == Data(big))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.bin"])
        // A missing folder: the system's reason, nothing left.
        #expect(throws: FileError.cannotWrite(path: dir + "/no/a.bin", reason: "No such file or directory")) {
            try AtomicFile.write([1], to: dir + "/no/a.bin", unnamed: unnamed)
        }
    }

    @Test func descriptorLinksAreWrittenInPlace() throws {
        #expect(AtomicFile.isDescriptorLink("/dev/stdout"))
        #expect(AtomicFile.isDescriptorLink("/proc/self/fd/1"))
        #expect(AtomicFile.isDescriptorLink("/dev/fd/3"))
        #expect(!AtomicFile.isDescriptorLink("/dev/shm/x.png"))
        #expect(!AtomicFile.isDescriptorLink("dev/stdout"))
        #expect(try AtomicFile.destination("/dev/null") == .inPlace("/dev/null"))
        #expect(throws: FileError.cannotWrite(path: "/tmp", reason: "Is a directory")) { try AtomicFile.destination("/tmp") }
    }
}
