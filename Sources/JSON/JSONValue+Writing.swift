
extension JSONValue {
    /// The value as JSON text: `pretty` puts each member and item on its own line, indented by two
    /// spaces, with `" : "` after keys; `sortedKeys` orders object members by key. Numbers follow the one
    /// rule (``JSONNumber``): without a fraction when whole and below 2⁵³, else in the shortest form
    /// that reads back the same.
    package func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, sortedKeys: sortedKeys, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, sortedKeys: Bool, indent: Int) {
        func newline(_ level: Int) {
            guard pretty else { return }
            out += "\n" + String(repeating: "  ", count: level)
        }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += MessageText.number(v)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                newline(indent + 1)
                item.write(to: &out, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
            if !items.isEmpty { newline(indent) }
            out += "]"
        case .object(let members):
            out += "{"
            let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members
            for (k, m) in ordered.enumerated() {
                if k > 0 { out += "," }
                newline(indent + 1)
                Self.writeString(m.key, to: &out)
                out += pretty ? " : " : ":"
                m.value.write(to: &out, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
            if !members.isEmpty { newline(indent) }
            out += "}"
        }
    }

    /// `s` as a JSON string literal, by the project's one rule (``JSONStringLiteral``).
    private static func writeString(_ s: String, to out: inout String) {
        out += JSONStringLiteral.quoted(s)
    }
}
