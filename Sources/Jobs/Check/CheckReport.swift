import JSON
import Requests

/// The check's results as a table for people and as JSON for programs.
public enum CheckReport {
    /// One row per locale and label: locale, label, result (with the size when shrunk), missing code
    /// points, fallback fonts, faces with a synthesized weight or slant, unspaced clusters, overlapping labels, colliding glyph pairs.
    public static func table(_ results: [LabelCheck]) -> String {
        let header = ["locale", "label", "result", "missing", "fallback fonts", "synthesized", "unspaced", "overlaps", "collisions", "text"]
        var rows: [[String]] = [header]
        for r in results {
            let result = r.fit.shown
            rows.append([
                r.locale, "#\(r.label)", result,
                r.missing.map(codePoint).joined(separator: " "),
                r.fallbackFonts.map { $0.name + ($0.system ? " (system)" : "") }.joined(separator: ", "),
                r.synthesized.map(\.description).joined(separator: ", "),
                r.suppressedSpacing == 0 ? "" : "\(r.suppressedSpacing)",
                r.overlaps.map { "#\($0)" }.joined(separator: " "),
                r.collisions == 0 ? "" : "\(r.collisions)",
                MessageText.shortened(MessageText.controlsEscaped(r.text), limit: 40),
            ])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows { for (k, c) in row.enumerated() { widths[k] = max(widths[k], c.count) } }
        return rows.map { row in
            row.enumerated().map { k, c in k == row.count - 1 ? c : c + String(repeating: " ", count: widths[k] - c.count) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// A summary line: how many labels in how many locales, and how many of each issue.
    public static func summary(_ results: [LabelCheck]) -> String {
        let locales = Set(results.map(\.locale)).count
        var parts: [String] = []
        for issue in CheckIssue.allCases {
            let n = results.filter { $0.issues.contains(issue) }.count
            if n > 0 { parts.append("\(n) \(issue.rawValue)") }
        }
        return "\(results.count) labels in \(locales) locales" + (parts.isEmpty ? ": all fit" : ": " + parts.joined(separator: ", "))
    }

    /// `{"results": [{locale, label, key, text, result, lines, size, requestedSize, issues, missing, fallbackFonts,
    /// suppressedSpacing, overlaps, collisions, diagnostics}]}`, diagnostics as the placements JSON gives them.
    public static func json(_ results: [LabelCheck]) -> String {
        let rows: [JSONValue] = results.map { r in
            var m: [JSONMember] = [
                JSONMember("locale", .string(r.locale)), JSONMember("label", .number(Double(r.label))),
                JSONMember("key", r.key.map { .string($0) } ?? .null), JSONMember("text", .string(r.text)),
                JSONMember("result", .string(r.fit.word)), JSONMember("lines", .number(Double(r.fit.lines))), JSONMember("size", .number(r.size)),
                JSONMember("requestedSize", .number(r.requestedSize)),
                JSONMember("issues", .array(r.issues.map { .string($0.rawValue) })),
                JSONMember("missing", .array(r.missing.map { .string(codePoint($0)) })),
                JSONMember("fallbackFonts", .array(r.fallbackFonts.map {
                    .object([JSONMember("name", .string($0.name)), JSONMember("system", .bool($0.system))])
                })),
                JSONMember("synthesized", .array(r.synthesized.map {
                    .object([JSONMember("name", .string($0.name)), JSONMember("bold", .bool($0.style.bold)),
                             JSONMember("oblique", .bool($0.style.oblique))])
                })),
                JSONMember("suppressedSpacing", .number(Double(r.suppressedSpacing))),
                JSONMember("overlaps", .array(r.overlaps.map { .number(Double($0)) })),
                JSONMember("collisions", .number(Double(r.collisions))),
            ]
            m.append(JSONMember("diagnostics", .array(r.diagnostics.map(\.jsonValue))))
            return .object(m)
        }
        return JSONValue.object([JSONMember("results", .array(rows)), JSONMember("summary", .string(summary(results)))])
            .serialized(pretty: true) + "\n"
    }

    /// `U+4E0A`.
    public static func codePoint(_ v: UInt32) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func number(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
