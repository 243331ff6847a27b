@testable import JSON
import Testing
import TestSupport
import Foundation

/// The request parser against Python's `json` module (installed by `scripts/install-deps --test`) on
/// generated documents, valid and broken: both accept or both refuse each one, and what both accept
/// reads as the same values, numbers to the bit and strings to the byte.
///
/// Python is told the rules PathText keeps beyond RFC 8259's grammar (they are what this parser promises,
/// see ``JSONValue``): a key twice in one object, a lone surrogate, a number beyond `Double` and
/// `NaN`/`Infinity` are refused; a leading byte-order mark is skipped. The documents nest at most 8
/// levels (the depth limit has its own test in ``JSONObjectKeysTests``).
@Suite struct JSONDifferentialTests {
    /// Reads each line's document (hex) with `json.loads` and prints its canonical form or `x`.
    static let peer = #"""
    import sys, json, struct
    def number(s):
        v = float(s)
        if v != v or v in (float('inf'), float('-inf')): raise ValueError('beyond a double')
        return v
    def constant(s): raise ValueError('not JSON')
    def pairs(ps):
        keys = set()
        for k, _ in ps:
            if k in keys: raise ValueError('duplicate key')
            keys.add(k)
        return ('object', ps)
    def canon(v, out):
        if v is None: out.append('n')
        elif v is True: out.append('t')
        elif v is False: out.append('f')
        elif isinstance(v, float): out.append('d%016x' % struct.unpack('<Q', struct.pack('<d', v))[0])
        elif isinstance(v, str): out.append('s' + v.encode('utf-8').hex() + ';')
        elif isinstance(v, list):
            out.append('[')
            for x in v: canon(x, out)
            out.append(']')
        else:
            out.append('{')
            for k, x in v[1]:
                canon(k, out)
                canon(x, out)
            out.append('}')
    for line in open(sys.argv[1]):
        try:
            text = bytes.fromhex(line.strip()).decode('utf-8')
            if text.startswith('\ufeff'): text = text[1:]
            v = json.loads(text, parse_float=number, parse_int=number, parse_constant=constant, object_pairs_hook=pairs)
            out = []
            canon(v, out)
            print(''.join(out))
        except Exception:
            print('x')
    """#

    /// The same canonical form of our reading.
    static func canonical(_ v: JSONValue, into out: inout String) {
        func string(_ s: String) {
            out += "s"
            for b in s.utf8 { out += String(b >> 4, radix: 16) + String(b & 15, radix: 16) }
            out += ";"
        }
        switch v {
        case .null: out += "n"
        case .bool(let b): out += b ? "t" : "f"
        case .number(let d):
            let hex = String(d.bitPattern, radix: 16)
            out += "d" + String(repeating: "0", count: 16 - hex.count) + hex
        case .string(let s): string(s)
        case .array(let items):
            out += "["
            for item in items { canonical(item, into: &out) }
            out += "]"
        case .object(let members):
            out += "{"
            for m in members { string(m.key); canonical(m.value, into: &out) }
            out += "}"
        }
    }

    /// Seeded documents: JSON of every kind of value, then for about a third of them a few bytes deleted,
    /// inserted, replaced or cut off.
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
        mutating func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(Unicode.Scalar(UInt8(48 + next(10)))) }) }

        mutating func space() -> [UInt8] {
            switch next(12) {
            case 0..<6: []
            case 6..<10: Array(pick([" ", "\n", "\t", "\r\n", "  "]).utf8)
            case 10: [pick([0x0C, 0x0B])]                // form feed, vertical tab: not JSON whitespace
            default: Array(pick(["\u{A0}", "\u{2028}", "\u{FEFF}"]).utf8)
            }
        }

        mutating func number() -> String {
            switch next(10) {
            case 0..<3: return (next(2) == 0 ? "-" : "") + String(next(1000))
            case 3..<6:
                return (next(3) == 0 ? "-" : "") + (next(4) == 0 ? "0" : String(1 + next(9)) + digits(next(12)))
                    + (next(3) > 0 ? "." + digits(1 + next(next(4) == 0 ? 30 : 8)) : "")
                    + (next(3) == 0 ? pick(["e", "E"]) + pick(["", "+", "-"]) + digits(1 + next(3)) : "")
            case 6: return pick(["1e308", "1e309", "-1e400", "1e-400", "-0", "-0.0", "4.9e-324", "2.2250738585072014e-308",
                                 "1.7976931348623157e308", "1.7976931348623159e308", "9007199254740993", "0e99999999"])
            case 7: return digits(1 + next(40)) + "." + digits(1 + next(40))
            case 8: return pick(["01", "1.", ".5", "+1", "1e", "1e+", "-", "0x1", "NaN", "Infinity", "-Infinity", "1.e3", "00", "-.5"])
            default: return "0." + String(repeating: "0", count: next(20)) + digits(1 + next(20))
            }
        }

        mutating func string() -> [UInt8] {
            var out: [UInt8] = [0x22]
            for _ in 0..<next(next(5) == 0 ? 40 : 8) {
                switch next(30) {
                case 0..<12: out += Array(pick(["a", "b", "key", " ", "x y", "K", "size", "0"]).utf8)
                case 12..<15: out += Array(pick(["é", "e\u{301}", "\u{212A}", "中文", "😀", "ش", "\u{7F}"]).utf8)
                case 15..<21: out += Array(pick([#"\n"#, #"\""#, #"\\"#, #"\/"#, #"\t"#, #"\b"#, #"\f"#, #"\r"#, #"\u00e9"#, #"\u0000"#,
                                                #"\uD83D\uDE00"#, #"\u20ac"#, #"\u212A"#, #"\u0065\u0301"#]).utf8)
                case 21: out += Array(pick([#"\ud800"#, #"\udc00"#, #"\ud83d\u0041"#, #"\x"#, #"\u12"#, #"\U0041"#]).utf8)
                case 22: out += [pick([0x01, 0x09, 0x0A, 0x1F, 0x00])]
                case 23: out += pick([[0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xF0, 0x9F, 0x98], [0xFF]])
                default: out += Array(digits(1 + next(4)).utf8)
                }
            }
            return out + [0x22]
        }

        mutating func value(depth: Int) -> [UInt8] {
            let kind = depth >= 8 ? next(5) : next(8)
            switch kind {
            case 0: return Array(pick(["null", "true", "false"]).utf8)
            case 1, 2: return Array(number().utf8)
            case 3, 4: return string()
            case 5: return Array(pick(["nul", "tru", "True", "None", "undefined", "'a'"]).utf8)
            case 6:
                var out: [UInt8] = [0x5B] + space()
                for k in 0..<next(6) {
                    if k > 0 { out += space() + [0x2C] + space() }
                    out += value(depth: depth + 1)
                }
                return out + space() + [0x5D]
            default:
                var out: [UInt8] = [0x7B] + space()
                // Keys from a small pool, so that some repeat (or only look as if they do).
                let pool = [#""a""#, #""b""#, #""size""#, #""é""#, "\"e\u{301}\"", #""\u00e9""#, #""K""#, "\"\u{212A}\"", #""""#]
                for k in 0..<next(7) {
                    if k > 0 { out += space() + [0x2C] + space() }
                    out += next(4) == 0 ? string() : Array(pick(pool).utf8)
                    out += space() + [0x3A] + space() + value(depth: depth + 1)
                }
                return out + space() + [0x7D]
            }
        }

        mutating func document() -> [UInt8] {
            var d = (next(20) == 0 ? [0xEF, 0xBB, 0xBF] : []) + space() + value(depth: 0) + space()
            if next(3) == 0 {
                for _ in 0...next(3) where !d.isEmpty {
                    let at = next(d.count)
                    switch next(4) {
                    case 0: d.remove(at: at)
                    case 1: d.insert(pick(Array("{}[],:\"\\-+.eE019atn ".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE9, 0xED, 0xF5, 0xFF]), at: at)
                    case 2: d[at] = UInt8(next(256))
                    default: d.removeSubrange(at...)
                    }
                }
            }
            return d
        }
    }

    @Test func agreesWithPythonsJSONModule() throws {
        var g = Generator(state: 0x5EED_0F_D1FF_E2E7)
        let documents = (0..<20_000).map { _ in g.document() }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-json-differential-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: input) }
        let lines = documents.map { d in d.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined() }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)

        let peer = try runProgram("/usr/bin/env", ["python3", "-c", Self.peer, input.path])
        #expect(peer.status == 0, "\(peer.stderr)")
        let theirs = peer.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(theirs.count == documents.count)

        var disagreements: [String] = [], accepted = 0, refused = 0
        for (d, peer) in zip(documents, theirs) {
            var ours = "x"
            if let v = try? JSONValue.parse(d) {
                ours = ""
                Self.canonical(v, into: &ours)
            }
            if ours == "x" { refused += 1 } else { accepted += 1 }
            if ours != peer && disagreements.count < 8 {
                let shown = String(decoding: d.prefix(160), as: UTF8.self).debugDescription
                disagreements.append("\(shown): ours \(ours.prefix(60)), Python's \(peer.prefix(60))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Both outcomes are common, so that the agreement means something either way.
        #expect(accepted > 5_000 && refused > 5_000, "\(accepted) accepted, \(refused) refused")
    }
}
