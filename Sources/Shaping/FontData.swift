import Support
/// The bytes of a font, in one block of memory that FreeType and HarfBuzz both read.
///
/// Immutable after creation. Bytes read from a file or copied from memory are owned and freed in
/// `deinit`, after every face that reads them is gone (each face handle keeps a strong reference);
/// the embedded fonts' static bytes are borrowed, never copied or freed.
final class FontData: Sendable {
    /// The largest font file read by default: 64 MB (10⁶ bytes each). Larger files are refused before
    /// anything is read; pass a larger `maximumFileSize` to ``Typeface/init(path:faceIndex:variations:maximumFileSize:)``.
    static let defaultMaximumFileSize = 64_000_000

    /// Start of the bytes. Never written after `init`.
    nonisolated(unsafe) let base: UnsafeMutableRawPointer
    /// Number of bytes.
    let count: Int
    /// Whether `deinit` frees `base` (false for the embedded fonts' static bytes).
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

    /// Copies `count` bytes from `source` (a font that FreeType decoded from WOFF or WOFF2).
    init(copying source: UnsafeRawPointer, count: Int) {
        self.count = count
        owned = true
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        base.copyMemory(from: source, byteCount: count)
    }

    /// Takes ownership of an allocation made with `UnsafeMutableRawPointer.allocate`.
    private init(owning base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        self.count = count
        owned = true
    }

    /// Borrows bytes that outlive every use (static data compiled into the program); nothing is copied.
    init(static base: UnsafeRawPointer, count: Int) {
        self.base = UnsafeMutableRawPointer(mutating: base); self.count = count; owned = false
    }

    /// The bytes, for reading.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Reads a whole file into one allocation, once: its size is checked first (on the open file, so
    /// it cannot change in between), then it is read straight into the buffer FreeType and HarfBuzz use.
    /// - Throws: ``FontError/unreadable(path:reason:)`` for a missing, unreadable or special file (a
    ///   folder, FIFO or device), or one that changed size while read; ``FontError/fileTooLarge(path:bytes:limit:)``
    ///   above `limit` bytes, before anything is read.
    static func read(path: String, limit: Int = defaultMaximumFileSize) throws(FontError) -> FontData {
        // C would stop at the NUL and open another file than the one named.
        guard !path.utf8.contains(0) else {
            throw .unreadable(path: path.replacing("\u{0}", with: "\\0"), reason: "the path contains a NUL character")
        }
        switch Syscalls.readRegularFileIntoAllocation(path, limit: limit) {
        case .success(let (base, count)): return FontData(owning: base, count: count)
        case .failure(.unreadable(let reason)): throw .unreadable(path: path, reason: reason)
        case .failure(.notARegularFile(folder: true)): throw .unreadable(path: path, reason: "it is a folder")
        case .failure(.notARegularFile(folder: false)):
            throw .unreadable(path: path, reason: "it is not a regular file (a device, FIFO or socket)")
        case .failure(.tooLarge(let size)): throw .fileTooLarge(path: path, bytes: size, limit: limit)
        case .failure(.empty): throw .invalidFont(name: path, reason: "the file is empty")
        }
    }

    deinit { if owned { base.deallocate() } }
}
