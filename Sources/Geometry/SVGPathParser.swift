/// A parser for SVG 2 path data (the `d` attribute).
///
/// It accepts the whole grammar: `M/m L/l H/h V/v C/c S/s Q/q T/t A/a Z/z`, implicitly repeated
/// commands (extra coordinate pairs after a move-to are line-tos), numbers such as `1e-3`, `.5.5`
/// (two numbers) and `-1-2`, and arc flags written without separators (`a1 1 0 00 1 1`).
/// Arcs are converted to centre parameterisation with ``Segment/svgArc(from:to:radii:xRotationDegrees:largeArc:sweep:)``.
///
/// Offsets in errors count UTF-8 code units from the start of the data, which for the ASCII
/// characters path data is made of are characters.
public struct SVGPathParser: Sendable {
    private let bytes: [UInt8]
    private var i = 0

    /// Prepares to parse `data`.
    public init(_ data: String) { bytes = Array(data.utf8) }

    /// Parses the whole data into a path.
    /// - Throws: ``GeometryError/pathData(offset:expected:)`` at the first character that does not fit the grammar,
    ///   including numbers too large to be finite (`1e999`).
    public mutating func parse() throws(GeometryError) -> BezPath {
        var path = BezPath()
        i = 0
        skipWsp()
        if i == bytes.count { return path }
        guard bytes[i] == UInt8(ascii: "M") || bytes[i] == UInt8(ascii: "m") else {
            throw .pathData(offset: i, expected: "a move-to command (M or m)")
        }
        var cur = Point.zero, subStart = Point.zero
        var lastCubicCtrl: Point? = nil, lastQuadCtrl: Point? = nil
        while true {
            skipWsp()
            if i == bytes.count { break }
            let cmd = bytes[i]
            guard Self.isCommand(cmd) else {
                throw .pathData(offset: i, expected: "a command (M, L, H, V, C, S, Q, T, A or Z)")
            }
            i += 1
            let upper = cmd & ~0x20   // ASCII upper case
            let rel = cmd != upper
            if upper == UInt8(ascii: "Z") {
                path.close()
                cur = subStart
                lastCubicCtrl = nil; lastQuadCtrl = nil
                continue
            }
            var first = true
            repeat {
                if !first {
                    // Between argument sets: an optional comma, then the next set must start.
                    if skipCommaWsp(), !startsNumber() { throw .pathData(offset: i, expected: "a number") }
                    if !startsNumber() { break }
                }
                let base = rel ? cur : Point.zero
                var nextCubic: Point? = nil, nextQuad: Point? = nil
                switch upper {
                case UInt8(ascii: "M"):
                    let p = base + (try point())
                    if first { path.move(to: p); subStart = p } else { path.line(to: p) }
                    cur = p
                case UInt8(ascii: "L"):
                    let p = base + (try point())
                    path.line(to: p); cur = p
                case UInt8(ascii: "H"):
                    let x = try number() + base.x
                    let p = Point(x, cur.y)
                    path.line(to: p); cur = p
                case UInt8(ascii: "V"):
                    let y = try number() + base.y
                    let p = Point(cur.x, y)
                    path.line(to: p); cur = p
                case UInt8(ascii: "C"):
                    let c1 = base + (try point()); comma()
                    let c2 = base + (try point()); comma()
                    let p = base + (try point())
                    path.cubic(to: p, control1: c1, control2: c2)
                    nextCubic = c2; cur = p
                case UInt8(ascii: "S"):
                    let c1 = lastCubicCtrl.map { cur + (cur - $0) } ?? cur
                    let c2 = base + (try point()); comma()
                    let p = base + (try point())
                    path.cubic(to: p, control1: c1, control2: c2)
                    nextCubic = c2; cur = p
                case UInt8(ascii: "Q"):
                    let c = base + (try point()); comma()
                    let p = base + (try point())
                    path.quad(to: p, control: c)
                    nextQuad = c; cur = p
                case UInt8(ascii: "T"):
                    let c = lastQuadCtrl.map { cur + (cur - $0) } ?? cur
                    let p = base + (try point())
                    path.quad(to: p, control: c)
                    nextQuad = c; cur = p
                case UInt8(ascii: "A"):
                    let rx = try number(); comma()
                    let ry = try number(); comma()
                    let rot = try number(); comma()
                    let large = try flag(); comma()
                    let sweep = try flag(); comma()
                    let p = base + (try point())
                    switch Segment.svgArc(from: cur, to: p, radii: Vector(rx, ry), xRotationDegrees: rot,
                                          largeArc: large, sweep: sweep) {
                    case nil: break
                    case .line?: path.line(to: p)
                    case let seg?: path.append(seg)
                    }
                    cur = p
                default:
                    break
                }
                lastCubicCtrl = nextCubic; lastQuadCtrl = nextQuad
                first = false
            } while i < bytes.count
        }
        return path
    }

    // MARK: Lexing

    private static func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {   // ASCII lower case
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
             UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return c >= 0x41 && c <= 0x7A
        default: return false
        }
    }

    private static func isWsp(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private mutating func skipWsp() { while i < bytes.count, Self.isWsp(bytes[i]) { i += 1 } }

    /// Skips whitespace with at most one comma; returns whether a comma was skipped.
    @discardableResult private mutating func skipCommaWsp() -> Bool {
        skipWsp()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return false }
        i += 1; skipWsp()
        return true
    }

    /// The separator between two arguments of one command.
    private mutating func comma() { skipCommaWsp() }

    private func startsNumber() -> Bool {
        guard i < bytes.count else { return false }
        let c = bytes[i]
        return Self.isDigit(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
    }

    private mutating func point() throws(GeometryError) -> Vector {
        let x = try number(); comma()
        let y = try number()
        return Vector(x, y)
    }

    private mutating func flag() throws(GeometryError) -> Bool {
        skipWsp()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw .pathData(offset: i, expected: "an arc flag (0 or 1)")
        }
        i += 1
        return bytes[i - 1] == UInt8(ascii: "1")
    }

    private mutating func number() throws(GeometryError) -> Double {
        skipWsp()
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { i = start; throw .pathData(offset: start, expected: "a number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            if j < bytes.count, Self.isDigit(bytes[j]) {
                while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        var text = String(decoding: bytes[start..<i], as: UTF8.self)
        if text.hasPrefix("+") { text.removeFirst() }
        guard let v = Double(text) else { throw .pathData(offset: start, expected: "a number") }
        guard v.isFinite else { throw .pathData(offset: start, expected: "a finite number") }
        return v
    }
}

extension BezPath {
    /// Parses SVG path data (the `d` attribute); see ``SVGPathParser``.
    /// - Throws: ``GeometryError/pathData(offset:expected:)``.
    public init(svgPathData data: String) throws(GeometryError) {
        var parser = SVGPathParser(data)
        self = try parser.parse()
    }
}
