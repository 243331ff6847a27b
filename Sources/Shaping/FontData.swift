/// The bytes of a font, in one block of memory that FreeType and HarfBuzz both read.
///
/// Immutable after creation. Bytes read from a file or copied from memory are owned and freed in
/// `deinit`, after every face that reads them is gone (each face handle keeps a strong reference);
/// the embedded fonts' static bytes are borrowed, never copied or freed.
final class FontData: Sendable {
    /// Start of the bytes. Never written after `init`.
    nonisolated(unsafe) let base: UnsafeMutableRawPointer
    /// Number of bytes.
    let count: Int
    /// Whether `deinit` frees `base`.
    private let owned: Bool

    /// Copies `bytes` into a new allocation.
    init(_ bytes: some Collection<UInt8>) {
        count = bytes.count
        owned = true
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        let destination = UnsafeMutableRawBufferPointer(start: base, count: count)
        // One bulk copy when the bytes are contiguous ([UInt8], Data); element by element otherwise.
        let copied: Void? = bytes.withContiguousStorageIfAvailable { src in
            destination.copyMemory(from: UnsafeRawBufferPointer(src))
        }
        if copied == nil { _ = destination.initializeMemory(as: UInt8.self, from: bytes) }
    }

    /// Takes ownership of `count` bytes at `base`, allocated with `UnsafeMutableRawPointer.allocate`.
    private init(adopting base: UnsafeMutableRawPointer, count: Int) {
        self.base = base; self.count = count; owned = true
    }

    /// Borrows bytes that outlive every use (static data compiled into the program); nothing is copied.
    init(static base: UnsafeRawPointer, count: Int) {
        self.base = UnsafeMutableRawPointer(mutating: base); self.count = count; owned = false
    }

    /// Reads a whole file, straight into the block FreeType and HarfBuzz will read.
    /// - Throws: ``FontError/unreadable(path:reason:)``.
    static func read(path: String) throws(FontError) -> FontData {
        switch Syscalls.readWholeFile(path) {
        case .success(let (base, count)):
            return FontData(adopting: base, count: count)
        case .failure(let error):
            let reason = switch error.code {
            case Syscalls.noSuchFile: "no such file"
            case Syscalls.isADirectory: "it is a folder"
            default: error.message
            }
            throw .unreadable(path: path, reason: reason)
        }
    }

    deinit { if owned { base.deallocate() } }
}
