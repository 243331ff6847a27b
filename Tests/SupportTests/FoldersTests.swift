import Foundation
import Testing
import TestSupport
@testable import Support

/// ``Folders`` makes what is missing, says what it made, and removes it again on failure.
@Suite struct FoldersTests {
    @Test func makesMissingParentsAndRemovesThem() throws {
        try withTemporaryFolder("folders") { dir in
            let made = try Folders.make(dir + "/a/b/c")
            #expect(made == [dir + "/a", dir + "/a/b", dir + "/a/b/c"])
            #expect(try Folders.make(dir + "/a/b").isEmpty)  // there already
            Folders.remove(made)
            #expect(!FileManager.default.fileExists(atPath: dir + "/a"))
        }
    }

    /// A file in the way fails with the system's reason, naming the folder that could not be made.
    @Test func aFileInTheWayIsTheSystemsReason() throws {
        try withTemporaryFolder("folders") { dir in
            try Data().write(to: URL(fileURLWithPath: dir + "/file"))
            #expect(throws: FileError.cannotWrite(path: dir + "/file/y", reason: "Not a directory")) { try Folders.make(dir + "/file/y/z") }
            #expect(FileManager.default.fileExists(atPath: dir + "/file"))
        }
    }
}
