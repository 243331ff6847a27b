/// How error messages show values a user gave: quoted, with control characters escaped (so a font
/// name holding terminal escapes never reaches the terminal raw), and shortened to a readable length.
package enum MessageText {
    /// The longest a value is shown in a message, in characters (quotes and "…" included).
    package static let maximumLength = 80

    /// `text` between double quotes, control characters and quotes escaped, shortened with "…" so the
    /// whole is at most `limit` characters.
    package static func quoted(_ text: String, limit: Int = maximumLength) -> String {
        "\"" + shortened(escaped(text), limit: max(3, limit - 2)) + "\""
    }

    /// `text` with C0/C1 control characters, DEL and `"`/`\` escaped (`\n`, `\t`, `\u{1B}`).
    package static func escaped(_ text: String) -> String { escape(text, quotes: true) }

    /// `text` with only control characters escaped (`\n`, `\u{1B}`): a whole message made safe for a terminal.
    package static func controlsEscaped(_ text: String) -> String { escape(text, quotes: false) }

    /// The one escaping rule: control characters always, `"` and `\` when `quotes` is set.
    private static func escape(_ text: String, quotes: Bool) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"" where quotes: out += "\\\""
            case "\\" where quotes: out += "\\\\"
            case _ where u.value < 0x20 || (0x7F...0x9F).contains(u.value):
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `text` cut to at most `limit` characters, ending in "…" when cut.
    package static func shortened(_ text: String, limit: Int = maximumLength) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// A number as a message (and JSON) writes it: `400`, `400.5`, `1e+308` (``JSONNumber``'s one rule).
    package static func number(_ v: Double) -> String { JSONNumber.text(v) }
}
