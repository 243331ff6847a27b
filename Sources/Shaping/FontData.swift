import Foundation

/// The bytes of a font file, in one allocation that FreeType and HarfBuzz both read.
///
/// Immutable after creation and freed in `deinit`, after every face that reads it is gone
/// (each face handle keeps a strong reference).
final class FontData: Sendable {
    /// Start of the bytes. Never written after `init`.
    nonisolated(unsafe) let base: UnsafeMutableRawPointer
    /// Number of bytes.
    let count: Int

    /// Copies `bytes` into a new allocation.
    init(_ bytes: some Collection<UInt8>) {
        count = bytes.count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        let destination = UnsafeMutableRawBufferPointer(start: base, count: count)
        // One bulk copy when the bytes are contiguous (Data, [UInt8]); element by element otherwise.
        let copied: Void? = bytes.withContiguousStorageIfAvailable { src in
            destination.copyMemory(from: UnsafeRawBufferPointer(src))
        }
        if copied == nil {
            if let data = bytes as? Data {
                data.withUnsafeBytes { destination.copyMemory(from: $0) }
            } else {
                _ = destination.initializeMemory(as: UInt8.self, from: bytes)
            }
        }
    }

    /// Reads a whole file.
    /// - Throws: ``FontError/unreadable(path:reason:)``.
    static func read(path: String) throws(FontError) -> FontData {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        guard !isDir.boolValue else { throw .unreadable(path: path, reason: "it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or I/O error")
        }
        return FontData(data)
    }

    deinit { base.deallocate() }
}
