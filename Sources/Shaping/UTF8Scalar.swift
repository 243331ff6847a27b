/// Decoding one scalar from valid UTF-8 (a `String`'s bytes): the one hand-written UTF-8 decoder, for
/// the itemizer's single-item pass (``Itemizer/singleItem(_:utf8:direction:)``), which reads each byte
/// once without building scalars; everything else iterates the standard library's views.
enum UTF8Scalar {
    /// The scalar value starting at byte `i`, with `i` moved past it.
    @inline(__always)
    static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at i: inout Int) -> UInt32 {
        let b0 = UInt32(utf8[i])
        if b0 < 0x80 { i += 1; return b0 }
        if b0 < 0xE0 {
            defer { i += 2 }
            return (b0 & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
        }
        if b0 < 0xF0 {
            defer { i += 3 }
            return (b0 & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
        }
        defer { i += 4 }
        return (b0 & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
    }
}
