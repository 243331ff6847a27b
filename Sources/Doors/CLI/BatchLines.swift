import Support

/// The lines of `pathtext layout --batch`'s standard input, read in blocks with a bound on each line: a
/// line longer than `limit` bytes is not kept whole (its bytes are skipped up to its newline), so a
/// 1.5 GB line costs the same memory as a short one, and is reported by number. A line that is not valid
/// UTF-8 is reported, not repaired: a U+FFFD put in its place would shift the byte offsets of the clusters
/// in the reply.
struct BatchLines: IteratorProtocol, Sequence {
    /// One line.
    enum Line {
        /// A request (without its newline).
        case text(String)
        /// A line of `bytes` bytes or more (it was skipped).
        case tooLong(number: Int, bytes: Int)
        /// A line that is not UTF-8, with the offset of the first bad byte.
        case invalidUTF8(number: Int, offset: Int)
    }

    let fd: Int32
    let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    private var number = 0
    private var finished = false

    /// Called before each read of the input, which may wait for the caller's next line: the place to
    /// write out replies held back while more requests were already read.
    var beforeRead: () -> Void = {}

    init(fd: Int32 = 0, limit: Int, beforeRead: @escaping () -> Void = {}) {
        self.fd = fd; self.limit = limit; self.beforeRead = beforeRead
    }

    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        var tooLong = false
        while true {
            if start == end {
                guard !finished else { break }
                beforeRead()
                let n = buffer.withUnsafeMutableBytes { Syscalls.readSome(fd, $0.baseAddress!, $0.count) }
                if n < 0 && Syscalls.lastError == Syscalls.Errno.interrupted { continue }
                if n <= 0 { finished = true; break }
                start = 0; end = n
            }
            let slice = buffer[start..<end]
            if let newline = slice.firstIndex(of: 10) {
                take(buffer[start..<newline], into: &line, length: &length, tooLong: &tooLong)
                start = newline + 1
                return finish(line, length: length, tooLong: tooLong)
            }
            take(slice, into: &line, length: &length, tooLong: &tooLong)
            start = end
        }
        guard length > 0 || !line.isEmpty else { return nil }
        return finish(line, length: length, tooLong: tooLong)
    }

    private func take(_ bytes: ArraySlice<UInt8>, into line: inout [UInt8], length: inout Int, tooLong: inout Bool) {
        length += bytes.count
        if tooLong { return }
        if length > limit { tooLong = true; line = []; return }
        line += bytes
    }

    private mutating func finish(_ bytes: [UInt8], length: Int, tooLong: Bool) -> Line {
        number += 1
        if tooLong { return .tooLong(number: number, bytes: length) }
        var body = bytes[...]
        if body.last == 13 { body = body.dropLast() }  // CRLF
        guard let text = String(validating: body, as: UTF8.self) else {
            return .invalidUTF8(number: number, offset: Self.firstInvalidByte(body))
        }
        return .text(text)
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidByte(_ bytes: ArraySlice<UInt8>) -> Int {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
