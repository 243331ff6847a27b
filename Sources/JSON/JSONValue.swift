/// A JSON document as values, read by a strict parser that every front door shares (scene files, label
/// requests from the CLI, the C library and the server).
///
/// It reads RFC 8259 JSON and nothing else, and rejects what a general-purpose decoder lets slip through
/// silently: a key given twice in one object (`labels: duplicate key`; keys are compared code point by
/// code point, as RFC 8259 compares them), invalid UTF-8, lone surrogates, unescaped control characters,
/// numbers beyond `Double`, and nesting deeper than a limit. A leading byte-order mark is skipped.
///
/// - Numbers read as `Double(String)` reads them, to the bit (at most 15 digits without an exponent
///   through an exact division, the rest through `Double(String)`): a number that rounds beyond
///   ±`Double.greatestFiniteMagnitude` is an error; one below the smallest subnormal reads as ±0.
/// - Errors name the JSON path and the line and column of the fault: the first bad byte of a string, the
///   backslash of a bad escape, else where reading stopped. Columns count code points.
///
/// Object members keep their source order and the byte offset of their key. `JSONNumberReadingTests`,
/// `JSONStringReadingTests`, `JSONObjectKeysTests` and `JSONDifferentialTests` (against Python's `json`
/// module) check each rule.
package enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (always finite).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in source order; keys are unique as code points (a parsed object never has
    /// the same key twice; canonically equivalent spellings such as "é" and "e\u{301}" are two keys).
    case object([JSONMember])

    /// The deepest nesting of arrays and objects ``parse(_:maxDepth:)`` accepts by default.
    package static let defaultMaxDepth = 64

    /// Parses `bytes` (UTF-8, an optional byte-order mark is skipped) as one JSON value.
    /// - Throws: ``JSONError`` naming the JSON path, line and column of the first problem.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
        var p = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try p.document()
    }

    /// Parses `text` as one JSON value.
    package static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The value of `key` when this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What kind of value this is, for messages: `a number`, `a string`, `an object` …
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The value as a message shows what was given: numbers and strings as written (strings quoted,
    /// shortened and escaped by ``MessageText/quoted(_:limit:)``), containers by kind.
    package var shownInMessage: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let v): MessageText.number(v)
        case .string(let s): MessageText.quoted(s)
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// One member of a JSON object.
package struct JSONMember: Hashable, Sendable {
    /// The key.
    package var key: String
    /// The value.
    package var value: JSONValue
    /// The byte offset of the key's opening quote in the source (0 for built values).
    package var offset: Int

    /// Creates a member.
    package init(_ key: String, _ value: JSONValue, offset: Int = 0) { self.key = key; self.value = value; self.offset = offset }

    /// Members are equal when key and value are; where they were read does not matter.
    package static func == (a: JSONMember, b: JSONMember) -> Bool { a.key == b.key && a.value == b.value }

    /// Hashes the key and value.
    package func hash(into h: inout Hasher) { h.combine(key); h.combine(value) }
}

/// JSON that cannot be read, or a value in it that is wrong, with where it is.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the value at fault (`labels[2].align`), or empty for the document.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// Creates an error at `path`.
    public init(_ path: String, _ message: String) { self.path = path; self.message = message }

    /// `labels[2].align: expected start|center|end, got "middle-ish"`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The recursive-descent reader behind ``JSONValue/parse(_:maxDepth:)``.
struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var i = 0
    /// The JSON path of the value being read, for messages: its keys and list positions, turned into text
    /// (escaped, shortened) only when a message needs it.
    var path: [PathPart] = []

    /// One step of ``path``.
    enum PathPart {
        case key(String)
        case index(Int)
    }

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    var pathText: String {
        var text = ""
        for (i, part) in path.enumerated() {
            switch part {
            case .key(let key):
                // A key in a message stays short.
                if i > 0 { text += "." }
                text += MessageText.shortened(MessageText.escaped(key), limit: 40)
            case .index(let n): text += "[\(n)]"
            }
        }
        return text
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONError {
        let at = min(offset ?? i, bytes.count)
        var line = 1, column = 1
        for b in bytes[..<at] {
            if b == 10 { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONError(pathText, "not valid JSON at line \(line), column \(column): \(message)")
    }

    mutating func document() throws(JSONError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw fail("the document is empty") }
        let v = try value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected \(describe(bytes[i])) after the value") }
        return v
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func describe(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of the document") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describe(bytes[i]))")
        }
    }

    mutating func literal(_ word: String) throws(JSONError) {
        let expected = Array(word.utf8), n = expected.count
        guard i + n <= bytes.count, bytes[i..<i + n].elementsEqual(expected) else { throw fail("unexpected \(describe(bytes[i]))") }
        i += n
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
        i += 1
        var members: [JSONMember] = []
        // Duplicate keys: a small object (a label request has a few keys) is searched, a large one hashed.
        var seen: Set<CodePoints>? = nil
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            let offset = i
            let key = try string()
            path.append(.key(key))
            // Keys are compared code point by code point, as RFC 8259 and other readers compare them
            // (`String`'s `==` would take "é" and "e\u{301}", or "K" and the Kelvin sign, as one key).
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains { Self.sameCodePoints($0.key, key) }
            } else {
                if seen == nil { seen = Set(members.map { CodePoints(key: $0.key) }) }
                duplicate = !seen!.insert(CodePoints(key: key)).inserted
            }
            guard !duplicate else {
                throw JSONError(pathText, "duplicate key (a key may appear once in an object)")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            i += 1
            skipSpace()
            let v = try value(depth: depth)
            path.removeLast()
            members.append(JSONMember(key, v, offset: offset))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of the document in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    /// A key hashed and compared by its code points (its UTF-8 bytes), for the set of a large object's
    /// keys: the key's own storage, no copy of its bytes.
    struct CodePoints: Hashable {
        let key: String
        static func == (a: CodePoints, b: CodePoints) -> Bool { JSONParser.sameCodePoints(a.key, b.key) }
        func hash(into h: inout Hasher) {
            let done: Void? = key.utf8.withContiguousStorageIfAvailable { h.combine(bytes: UnsafeRawBufferPointer($0)) }
            if done == nil { for b in key.utf8 { h.combine(b) } }
        }
    }

    /// Whether `a` and `b` are the same code points (the same UTF-8 bytes). Strings with the same code
    /// points are canonically equivalent, so `==` (quick for two different short keys) decides first.
    static func sameCodePoints(_ a: String, _ b: String) -> Bool {
        a == b && a.utf8.elementsEqual(b.utf8)
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
        while true {
            skipSpace()
            path.append(.index(items.count))
            items.append(try value(depth: depth))
            path.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of the document in a list") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func number() throws(JSONError) -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let intStart = i
        let intDigits = digits()
        guard intDigits > 0 else { throw fail("expected a digit") }
        if bytes[intStart] == UInt8(ascii: "0"), i - intStart > 1 { throw fail("a number may not start with 0", at: intStart) }
        var fractionDigits = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { throw fail("expected a digit after '.'") }
        }
        var exponent = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            exponent = true
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        if !exponent, intDigits + fractionDigits <= 15 {
            // At most 15 digits: the digits as an integer are exact in a Double (below 2^53), and so is 10^n
            // for n ≤ 22, so one division rounds correctly, as Double(String) does (Clinger's fast path).
            var m: Int64 = 0
            for k in intStart..<i where bytes[k] != UInt8(ascii: ".") { m = m &* 10 &+ Int64(bytes[k] &- UInt8(ascii: "0")) }
            let v = fractionDigits == 0 ? Double(m) : Double(m) / Self.powersOfTen[fractionDigits]
            return negative ? -v : v
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw JSONError(pathText, "the number \(MessageText.shortened(text)) is beyond the range of a 64-bit float")
        }
        return v
    }

    /// 10⁰ … 10¹⁵, each exact.
    static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    mutating func string() throws(JSONError) -> String {
        i += 1
        let start = i
        var out: [UInt8] = []
        var runStart = i
        var escaped = false, high: UInt8 = 0
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw fail("a control character (\(describe(b))) must be escaped in a string") }
            high |= b
            if b != UInt8(ascii: "\\") { i += 1; continue }
            escaped = true
            out += bytes[runStart..<i]
            i += 1
            guard i < bytes.count else { throw fail("unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                // Errors point at the escape's backslash.
                let escape = i - 2
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail(Self.loneSurrogate(scalar), at: escape)
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail(Self.loneSurrogate(scalar), at: escape) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail(Self.loneSurrogate(scalar), at: escape)
                }
                out += Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                let shown = e >= 0x21 && e < 0x7F ? "unknown escape '\\\(Character(Unicode.Scalar(e)))'"
                                                 : "unknown escape: '\\' followed by \(describe(e))"
                throw fail(shown, at: i - 2)
            }
            runStart = i
        }
        let end = i
        if !escaped {
            // No escapes: the string is the bytes as they are, which need no check when they are ASCII.
            i += 1
            if high < 0x80 { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
            guard let s = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw fail("the string is not valid UTF-8", at: firstInvalidUTF8(from: runStart, to: end))
            }
            return s
        }
        out += bytes[runStart..<i]
        i += 1
        guard let s = String(validating: out, as: UTF8.self) else {
            throw fail("the string is not valid UTF-8", at: firstInvalidUTF8(from: start, to: end))
        }
        return s
    }

    /// `a lone UTF-16 surrogate \uD800`.
    static func loneSurrogate(_ unit: UInt32) -> String { "a lone UTF-16 surrogate \\u" + String(unit, radix: 16, uppercase: true) }

    /// Where the first byte that is not UTF-8 is in a string's content `start..<end` (read already, so its
    /// escapes are well formed). The escapes' characters are whole scalars, so the content is UTF-8 when
    /// each run of bytes between escapes is, and the first bad run holds the first bad byte.
    func firstInvalidUTF8(from start: Int, to end: Int) -> Int {
        var k = start
        while k < end {
            var runEnd = k
            while runEnd < end, bytes[runEnd] != UInt8(ascii: "\\") { runEnd += 1 }
            var parser = Unicode.UTF8.ForwardParser(), it = bytes[k..<runEnd].makeIterator(), at = k
            scan: while true {
                switch parser.parseScalar(from: &it) {
                case .valid(let scalar): at += scalar.count
                case .error: return at
                case .emptyInput: break scan
                }
            }
            guard runEnd < end else { break }
            k = runEnd + (bytes[runEnd + 1] == UInt8(ascii: "u") ? 6 : 2)
        }
        return end
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("expected four hex digits after \\u") }
        var v: UInt32 = 0
        for b in bytes[i..<i + 4] {
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("expected four hex digits after \\u")
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }
}
