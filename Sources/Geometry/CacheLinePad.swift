/// 56 bytes of nothing, declared as the first stored property of a class whose instances every thread
/// shares and reads (a measure's tables, a font): it keeps the fields they read out of the cache line
/// that holds the object's reference count, which every retain and release writes. Without it, each
/// retain on one core takes that line away from the other core's next read of the fields (false
/// sharing). A Swift object starts with 16 bytes of header (the count at offset 8), so fields after
/// the pad start at offset 72 or later, past the end of any 64-byte line that holds the count.
package struct CacheLinePad: Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0)
    /// The pad.
    package init() {}
}
