import Support
/// An SVG/CSS length: a number and its unit, resolved to user units (pixels) against a context.
struct SVGLength: Hashable, Sendable {
    /// The units the reader knows.
    enum Unit: String, Sendable, CaseIterable {
        case none = "", px, pt, pc, mm, cm, q = "Q", inch = "in", em, ex, rem, ch, percent = "%", vw, vh, vmin, vmax
    }
    var value: Double
    var unit: Unit

    /// The context relative units resolve against.
    struct Context: Sendable {
        /// The element's font size (em), pixels.
        var fontSize: Double = 16
        /// The root's font size (rem), pixels.
        var rootFontSize: Double = 16
        /// What 100% is (the viewport's width, height or diagonal, or the parent font size), pixels.
        var percentBase: Double = 100
        /// The viewport's size (vw, vh), pixels.
        var viewport: (width: Double, height: Double) = (300, 150)
    }

    /// Parses `12`, `12.5px`, `-3e2pt`, `50%`, `1.2em`; `nil` for anything else.
    init?(_ text: some StringProtocol) {
        let t = Array(text.trimmingCharacters(in: " \t\r\n").utf8)
        let n = scanNumber(t, from: 0)
        guard n > 0, let value = Double(String(decoding: t[0..<n], as: UTF8.self)), value.isFinite else { return nil }
        let suffix = String(decoding: t[n...], as: UTF8.self)
        guard let unit = Unit(rawValue: suffix == "Q" || suffix == "q" ? "Q" : suffix.lowercased()) else { return nil }
        self.value = value; self.unit = unit
    }

    init(value: Double, unit: Unit) { self.value = value; self.unit = unit }

    /// The length in user units.
    func resolved(_ c: Context) -> Double {
        switch unit {
        case .none, .px: value
        case .pt: value * 4 / 3
        case .pc: value * 16
        case .mm: value * 96 / 25.4
        case .cm: value * 96 / 2.54
        case .q: value * 96 / 101.6
        case .inch: value * 96
        case .em: value * c.fontSize
        case .ex: value * c.fontSize / 2
        case .ch: value * c.fontSize / 2
        case .rem: value * c.rootFontSize
        case .percent: value / 100 * c.percentBase
        case .vw: value / 100 * c.viewport.width
        case .vh: value / 100 * c.viewport.height
        case .vmin: value / 100 * min(c.viewport.width, c.viewport.height)
        case .vmax: value / 100 * max(c.viewport.width, c.viewport.height)
        }
    }

    /// A list of lengths separated by commas and/or white space (`x="10 20,30"`); `nil` if any is bad.
    static func list(_ text: String) -> [SVGLength]? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var out: [SVGLength] = []
        for p in parts {
            guard let l = SVGLength(p) else { return nil }
            out.append(l)
        }
        return out
    }
}

/// A list of plain numbers (`rotate="10 20"`, `points="0,0 10,5"`); `nil` if any is bad.
func numberList(_ text: String) -> [Double]? {
    let t = Array(text.utf8)
    var out: [Double] = [], i = 0
    while i < t.count {
        let c = t[i]
        if c == 0x20 || c == 0x2C || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
        let n = scanNumber(t, from: i)
        guard n > 0, let v = Double(String(decoding: t[i..<(i + n)], as: UTF8.self)), v.isFinite else { return nil }
        out.append(v)
        i += n
    }
    return out
}

/// The length of the number at `i` in `t` (sign, digits, fraction, exponent), or 0 for none.
func scanNumber(_ t: [UInt8], from i: Int) -> Int {
    var k = i
    func digits() -> Int { let s = k; while k < t.count, t[k] >= 0x30, t[k] <= 0x39 { k += 1 }; return k - s }
    if k < t.count, t[k] == 0x2B || t[k] == 0x2D { k += 1 }
    let whole = digits()
    var fraction = 0
    if k < t.count, t[k] == 0x2E { k += 1; fraction = digits() }
    guard whole + fraction > 0 else { return 0 }
    if k < t.count, t[k] == 0x65 || t[k] == 0x45 {
        let save = k
        k += 1
        if k < t.count, t[k] == 0x2B || t[k] == 0x2D { k += 1 }
        if digits() == 0 { k = save }
    }
    return k - i
}
