extension String {
    /// Whether the two strings are the same UTF-8 bytes: what a cache keyed by a document's text means by
    /// "the same text" (its fingerprint is of the bytes). `==` decides canonical equivalence instead, and for
    /// long text outside ASCII (a GeoJSON of Finnish street names read from C) Swift takes its normalising
    /// path byte by byte; this is one `memcmp`.
    package func hasSameBytes(as other: String) -> Bool {
        var a = self, b = other
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in b.withUTF8 { y in Syscalls.sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) } }
    }
}
