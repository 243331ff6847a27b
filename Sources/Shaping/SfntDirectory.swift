/// The table directory of an sfnt font (TrueType or OpenType, one face of a collection): which tables
/// there are and where their bytes are.
///
/// Reading it checks only what is needed to find the tables; ``FontValidator`` checks the rest. Used by
/// the validator, by the tests that damage fonts on purpose, and by the font-table fuzzer.
package struct SfntDirectory: Sendable {
    /// One entry of the directory.
    package struct Table: Sendable, Hashable {
        /// The four-letter tag (`glyf`, `cmap`, `OS/2`).
        package var tag: String
        /// The checksum the directory records.
        package var checksum: UInt32
        /// Offset of the table from the start of the file.
        package var offset: Int
        /// Length in bytes.
        package var length: Int
        /// Offset of this entry (16 bytes: tag, checksum, offset, length) from the start of the file.
        package var recordOffset: Int
    }

    /// The sfnt version: `0x00010000` or `true` for TrueType outlines, `OTTO` for CFF.
    package var version: UInt32
    /// Where the face's directory starts (0 except in a collection).
    package var offset: Int
    /// The tables, in directory order.
    package var tables: [Table]

    /// The table with `tag`, if present.
    package subscript(tag tag: String) -> Table? { tables.first { $0.tag == tag } }

    /// Reads the directory of face `faceIndex` (a collection, `ttcf`, may hold several).
    /// - Throws: ``FontError`` naming `name`: a file too short or not an sfnt, a face index out of
    ///   range, or a directory that runs past the end of the file.
    package init(_ bytes: UnsafeRawBufferPointer, faceIndex: Int = 0, name: String) throws(FontError) {
        let reader = BigEndian(bytes)
        guard bytes.count >= 12 else {
            throw .invalidFont(name: name, reason: "the file is only \(bytes.count) bytes, too short for a font")
        }
        var start = 0
        switch reader.u32(0) {
        case 0x7474_6366:  // 'ttcf'
            let faces = reader.u32(8)
            guard 12 + 4 * faces <= bytes.count else {
                throw .damagedTable(name: name, table: "collection header",
                                    reason: "it lists \(faces) faces, more than the file has room for")
            }
            guard faceIndex < faces else { throw .faceIndexOutOfRange(name: name, index: faceIndex, count: faces) }
            start = reader.u32(12 + 4 * faceIndex)
            guard start + 12 <= bytes.count else {
                throw .damagedTable(name: name, table: "collection header",
                                    reason: "face \(faceIndex) starts at byte \(start), past the end of the file (\(bytes.count) bytes)")
            }
        case 0x0001_0000, 0x7472_7565, 0x4F54_544F:  // TrueType, 'true', 'OTTO'
            guard faceIndex == 0 else { throw .faceIndexOutOfRange(name: name, index: faceIndex, count: 1) }
        case 0x774F_4646: throw .unsupportedFormat(name: name, format: "WOFF")
        case 0x774F_4632: throw .unsupportedFormat(name: name, format: "WOFF2")
        default:
            let head = (0..<4).map { String(bytes[$0], radix: 16, uppercase: true) }.joined(separator: " ")
            throw .invalidFont(name: name, reason: "it is not a TrueType or OpenType font (it starts with the bytes \(head))")
        }
        version = UInt32(reader.u32(start))
        offset = start
        let count = reader.u16(start + 4)
        guard count > 0 else { throw .damagedTable(name: name, table: "table directory", reason: "it lists no tables") }
        let end = start + 12 + 16 * count
        guard end <= bytes.count else {
            throw .damagedTable(name: name, table: "table directory",
                                reason: "it lists \(count) tables, whose entries would end at byte \(end), past the end of the file (\(bytes.count) bytes)")
        }
        tables = (0..<count).map { i in
            let r = start + 12 + 16 * i
            let tag = String(decoding: (0..<4).map { k in
                let c = bytes[r + k]
                return (0x20...0x7E).contains(c) ? c : UInt8(ascii: "?")
            }, as: UTF8.self)
            return Table(tag: tag, checksum: UInt32(reader.u32(r + 4)), offset: reader.u32(r + 8), length: reader.u32(r + 12),
                         recordOffset: r)
        }
    }

    /// The checksum of `length` bytes at `offset` as the sfnt format defines it: the sum of big-endian
    /// 32-bit words, the last one padded with zeros.
    package static func checksum(_ bytes: UnsafeRawBufferPointer, offset: Int, length: Int) -> UInt32 {
        var sum: UInt32 = 0, i = offset
        let end = min(offset + length, bytes.count)
        while i < end {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(i + k < end ? bytes[i + k] : 0) }
            sum &+= word
            i += 4
        }
        return sum
    }
}

/// Big-endian reads from font bytes; a read past the end gives 0 (callers check lengths first).
struct BigEndian {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The byte at `i`, or 0 past the end.
    @inline(__always) func u8(_ i: Int) -> Int { i >= 0 && i < bytes.count ? Int(bytes[i]) : 0 }
    /// An unsigned 16-bit value.
    @inline(__always) func u16(_ i: Int) -> Int { u8(i) << 8 | u8(i + 1) }
    /// A signed 16-bit value.
    @inline(__always) func i16(_ i: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(i))) }
    /// An unsigned 32-bit value.
    @inline(__always) func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
}
