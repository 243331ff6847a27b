import Foundation
import Testing
import TestSupport
@testable import Support

/// The wrappers of ``Syscalls`` against what the system says of the same files.
@Suite struct SyscallsTests {
    @Test func kindsOfWhatIsAtAPath() throws {
        try withTemporaryFolder("syscalls") { dir in
            let file = dir + "/a.txt"
            try Data("abc".utf8).write(to: URL(fileURLWithPath: file))
            #expect(Syscalls.kind(of: file) == .regular)
            #expect(Syscalls.kind(of: dir) == .folder)
            #expect(Syscalls.kind(of: "/dev/null") == .special)
            #expect(Syscalls.kind(of: dir + "/missing") == .missing)
            #expect(Syscalls.permissions(of: file) == (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int).map(UInt32.init))
            try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "a.txt")
            #expect(Syscalls.isSymbolicLink(dir + "/link") && !Syscalls.isSymbolicLink(file))
            #expect(Syscalls.linkTarget(dir + "/link") == "a.txt")
            // Two names of one file share an identity; the real path has no link in it.
            #expect(Syscalls.identity(of: dir + "/link") == Syscalls.identity(of: file))
            #expect(Syscalls.identity(of: file)?.size == 3)
            #expect(Syscalls.realPath(dir + "/link") == Syscalls.realPath(file))
        }
    }

    /// `readFile` reads at most `limit + 1` bytes of an endless input, so a message can say by how much.
    @Test func readFileIsBoundedOnAnEndlessInput() {
        guard case .failure(.tooLarge(let n)) = Syscalls.readFile("/dev/zero", limit: 100_000) else {
            Issue.record("/dev/zero was read whole"); return
        }
        #expect(n == 100_001)
    }

    @Test func readFileReportsFoldersSizesAndMissingFiles() throws {
        try withTemporaryFolder("syscalls") { dir in
            let file = dir + "/b.bin"
            try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: file))
            #expect(try Syscalls.readFile(file, limit: 5000).get() == [UInt8](repeating: 7, count: 5000))
            #expect(Syscalls.readFile(file, limit: 4999) == .failure(.tooLarge(5000)))
            #expect(Syscalls.readFile(dir, limit: 10) == .failure(.notARegularFile(folder: true)))
            #expect(Syscalls.readFile(dir + "/none", limit: 10) == .failure(.unreadable("no such file")))
            #expect(Syscalls.readRegularFile("/dev/null", limit: 10) == .failure(.notARegularFile(folder: false)))
        }
    }

    @Test func writeAllWritesEveryByte() throws {
        try withTemporaryFolder("syscalls") { dir in
            let path = dir + "/w.bin"
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let fd = Syscalls.openForAppending(path)
            #expect(fd >= 0)
            let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
            #expect(Syscalls.writeAll(fd, bytes) == nil)
            #expect(Syscalls.closeFile(fd))
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written == Data(bytes))
        }
    }

    /// Paths that are not UTF-8 are shown byte by byte, never with U+FFFD.
    @Test func shownPathEscapesBytesThatAreNotUTF8() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xC3, 0xA9]
        #expect(bytes.withUnsafeBufferPointer { Syscalls.shownPath($0) } == "a\\xFFé")
    }

    @Test func theEnvironmentIsTheProcesss() {
        let env = Syscalls.environment()
        #expect(env["PATH"] == ProcessInfo.processInfo.environment["PATH"])
        #expect(Syscalls.environment("PATH") == env["PATH"])
        #expect(Syscalls.environment("PATHTEXT_NO_SUCH_VARIABLE_SET") == nil)
    }

    /// glibc takes both settings of ``Syscalls/keepFreedMemory(bytes:)``, and a 4 MiB buffer allocated,
    /// touched and freed 20 times afterwards is faulted in less than once (its 1 024 pages), not 20 times: the
    /// heap keeps it between uses. (The effect on renders is in BENCHMARKS.md's `parallel/…` rows.)
    @Test func freedMemoryIsKeptForTheNextBuffer() {
        #expect(Syscalls.keepFreedMemory())
        func minorFaults() -> Int { var u = rusage(); getrusage(RUSAGE_SELF.rawValue, &u); return u.ru_minflt }
        func touch() {
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 << 20)
            for i in stride(from: 0, to: 4 << 20, by: 4096) { p[i] = UInt8(truncatingIfNeeded: i) }
            p.deallocate()
        }
        touch()
        let before = minorFaults()
        for _ in 0..<20 { touch() }
        let faults = minorFaults() - before
        #expect(faults < 1_024, "\(faults) page faults for 20 uses of a kept 4 MiB buffer (20 480 if each were mapped anew)")
    }
}
