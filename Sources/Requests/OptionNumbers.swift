import JSON

/// The one number syntax inside option values that carry a unit (`25%`, `200deg`), as every door spells a
/// plain number: JSON's grammar (``JSONNumber/parse(_:)``), so `0x10%`, `inf%` and ` 5%` are refused like
/// `0x10`, and 0 or a normal magnitude, so `1e-320%` is refused like `1e-320`.
enum OptionNumbers {
    /// Whether `text`, less one of `units` at its end (or none), is a number in JSON's grammar whose value
    /// is finite and 0 or normal.
    static func isPlain(_ text: String, units: [String]) -> Bool {
        var number = Substring(text)
        if let unit = units.first(where: { text.hasSuffix($0) }) { number = number.dropLast(unit.count) }
        guard let v = JSONNumber.parse(String(number)), v.isFinite else { return false }
        return isZeroOrNormal(v)
    }

    /// Whether `v` is 0 or normal (not a subnormal such as 1e-320, which loses its precision in any arithmetic).
    static func isZeroOrNormal(_ v: Double) -> Bool { v == 0 || v.isNormal }
}
