import Geometry
import Shaping
import Layout

/// The label options as a table, for the "Label options" article and `pathtext help options`: made from the catalog, so the
/// documentation cannot drift from what the CLI and scene files accept.
public enum OptionTable {
    /// A Markdown table: flag, scene key, values, default, meaning.
    public static func markdown<Model>(_ entries: [OptionEntry<Model>]) -> String {
        func cell(_ s: String) -> String { s.replacingBars() }
        var lines = ["| flag | scene key | values | default | meaning |", "|---|---|---|---|---|"]
        for e in entries {
            let flag = e.flag.map { "`--\($0)`" + (e.repeatable ? " (repeat)" : "") } ?? "—"
            // A number's placeholder (PX, DEG) is followed by its range.
            let range = e.expected.hasPrefix("a number") ? " " + cell(String(e.expected.dropFirst("a number ".count))) : ""
            let values = "`" + cell(e.placeholder) + "`" + range
            let def = e.defaultText.map { cell($0) } ?? ""
            lines.append("| \(flag) | `\(e.key)` | \(values) | \(def) | \(cell(e.help)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Plain text: one option per line.
    public static func text<Model>(_ entries: [OptionEntry<Model>]) -> String {
        entries.map { e in
            let name = (e.flag.map { "--" + $0 + ", " } ?? "") + e.key + " " + e.placeholder
            return name + "\n      " + e.help + (e.defaultText.map { " (default \($0))" } ?? "")
        }.joined(separator: "\n")
    }
}

extension String {
    /// `|` escaped for a Markdown table cell.
    func replacingBars() -> String {
        var out = ""
        for c in self { if c == "|" { out += "\\|" } else { out.append(c) } }
        return out
    }
}
