import XML
import Support

extension StringTableReader {
    // MARK: gettext .po

    /// `msgid "…"` / `msgstr "…"` pairs (continued by string lines), `msgctxt` ignored, plural forms
    /// as their first form; the header's `Language:` names the locale. Untranslated entries are left out.
    package static func po(_ text: String, fallbackLocale: String?) throws(StringTableError) -> StringTable {
        var entries: [(String, String, Int)] = []
        var entryLine = 0
        var current = 0  // the string continuation lines add to: 1 msgid, 2 msgstr, 0 none
        var pair: (String?, String?) = (nil, nil)
        var language: String? = nil
        func flush() {
            if let i = pair.0, let s = pair.1 {
                if i.isEmpty {
                    for line in s.split(separator: "\n") where line.hasPrefix("Language:") {
                        language = line.dropFirst(9).trimmingSpaces.replacing("_", with: "-")
                    }
                } else if !s.isEmpty { entries.append((i, s, entryLine)) }
            }
            pair = (nil, nil); current = 0
        }
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            func quoted(_ s: Substring) throws(StringTableError) -> String {
                try unquote(String(s).trimmingSpaces, line: n + 1)
            }
            if line.hasPrefix("msgctxt") { if pair.1 != nil { flush() }; current = 0; continue }
            if line.hasPrefix("msgid_plural") { current = 0; continue }
            if line.hasPrefix("msgid ") {
                if pair.1 != nil || pair.0 != nil { flush() }
                pair.0 = try quoted(line.dropFirst(6)); current = 1; entryLine = n + 1
            } else if line.hasPrefix("msgstr[0] ") {
                pair.1 = try quoted(line.dropFirst(10)); current = 2
            } else if line.hasPrefix("msgstr[") {
                current = 0
            } else if line.hasPrefix("msgstr ") {
                pair.1 = try quoted(line.dropFirst(7)); current = 2
            } else if line.hasPrefix("\"") {
                let more = try quoted(line[...])
                if current == 1 { pair.0 = (pair.0 ?? "") + more } else if current == 2 { pair.1 = (pair.1 ?? "") + more }
            } else {
                throw StringTableError("line \(n + 1): expected msgid, msgstr or a quoted string")
            }
        }
        flush()
        guard let locale = language ?? fallbackLocale else {
            throw StringTableError("no locale: the header has no Language: and the file name gives none (name it de.po)")
        }
        var table = StringTable(), seen = FirstLines()
        for (k, v, line) in entries { try seen.set(v, key: k, locale: locale, line: line, in: &table) }
        return table
    }

    /// A C-style quoted string (`"a\"b\n"`) without its quotes, escapes resolved.
    static func unquote(_ s: String, line: Int) throws(StringTableError) -> String {
        guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { throw StringTableError("line \(line): expected a quoted string") }
        var out = "", escape = false
        var chars = Array(s.dropFirst().dropLast())[...]
        while let ch = chars.popFirst() {
            if escape {
                escape = false
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "U", "u":
                    let hex = String(chars.prefix(ch == "U" ? 8 : 4))
                    guard let v = UInt32(hex, radix: 16), let sc = Unicode.Scalar(v) else { throw StringTableError("line \(line): bad \\\(ch) escape") }
                    out.unicodeScalars.append(sc); chars = chars.dropFirst(hex.count)
                default: out.append(ch)
                }
            } else if ch == "\\" { escape = true } else { out.append(ch) }
        }
        return out
    }

    // MARK: Apple .strings

    /// `"KEY" = "text";` lines, with `/* … */` and `//` comments.
    package static func appleStrings(_ text: String, locale: String?) throws(StringTableError) -> StringTable {
        guard let locale else { throw StringTableError("no locale: put the file in a de.lproj folder or name it de.strings") }
        var table = StringTable(), seen = FirstLines()
        var s = Substring(text), line = 1
        func skipSpaceAndComments() {
            while true {
                while let c = s.first, c.isWhitespace { if c.isNewline { line += 1 }; s = s.dropFirst() }
                if s.hasPrefix("/*") {
                    if let end = s.firstRange(of: "*/") { line += s[..<end.lowerBound].filter(\.isNewline).count; s = s[end.upperBound...] } else { s = "" }
                } else if s.hasPrefix("//") {
                    s = s.drop { !$0.isNewline }
                } else { return }
            }
        }
        func string() throws(StringTableError) -> String {
            guard s.first == "\"" else { throw StringTableError("line \(line): expected a quoted string") }
            var i = s.index(after: s.startIndex), escaped = false
            while i < s.endIndex {
                let c = s[i]
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
                i = s.index(after: i)
            }
            guard i < s.endIndex else { throw StringTableError("line \(line): a quoted string is not closed") }
            let v = try unquote(String(s[s.startIndex...i]), line: line)
            s = s[s.index(after: i)...]
            return v
        }
        while true {
            skipSpaceAndComments()
            if s.isEmpty { break }
            let keyLine = line
            let key = try string()
            skipSpaceAndComments()
            guard s.first == "=" else { throw StringTableError("line \(line): expected = after the key") }
            s = s.dropFirst(); skipSpaceAndComments()
            let value = try string()
            skipSpaceAndComments()
            guard s.first == ";" else { throw StringTableError("line \(line): expected ; after the value") }
            s = s.dropFirst()
            try seen.set(value, key: key, locale: locale, line: keyLine, in: &table)
        }
        return table
    }

    // MARK: Android strings.xml and XLIFF 1.2, read with libxml2

    /// The root element of an XML string table (no entities, no network; libxml2's message and line).
    static func xmlRoot(_ text: String) throws(StringTableError) -> XMLElement {
        do { return try XMLTree.parse(Array(text.utf8), limits: XMLLimits(bytes: StringTable.maximumBytes, elements: XMLLimits.default.elements)) } catch {
            if case .malformed(let line, let message) = error, line > 0 { throw StringTableError("line \(line): \(message)") }
            throw StringTableError(error.description)
        }
    }

    /// `<resources><string name="KEY">text</string>…</resources>`.
    package static func androidStrings(_ text: String, locale: String?) throws(StringTableError) -> StringTable {
        guard let locale else { throw StringTableError("no locale: put the file in a values-de folder") }
        var table = StringTable(), seen = FirstLines()
        for element in try xmlRoot(text).descendants(named: "string") {
            guard let name = element.attribute("name") else { throw StringTableError("line \(element.line): <string> without a name") }
            var v = element.text
            // Android's own escapes: \' \" \n, and surrounding quotes that keep spaces.
            if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = String(v.dropFirst().dropLast()) }
            v = v.replacing("\\'", with: "'").replacing("\\\"", with: "\"").replacing("\\n", with: "\n")
            try seen.set(v, key: name, locale: locale, line: element.line, in: &table)
        }
        return table
    }

    /// `<file target-language="de"><body><trans-unit id="KEY"><source>…</source><target>…</target>`.
    /// The key is the unit's `resname`, else its source text, else its `id`.
    package static func xliff(_ text: String) throws(StringTableError) -> StringTable {
        var table = StringTable(), seen = FirstLines()
        let root = try xmlRoot(text)
        let files = root.name == "file" ? [root] : root.descendants(named: "file")
        guard !files.isEmpty else { throw StringTableError("no <file> element") }
        for file in files {
            guard let locale = file.attribute("target-language") else { throw StringTableError("line \(file.line): <file> without target-language") }
            for unit in file.descendants(named: "trans-unit") {
                let source = unit.descendants(named: "source").first?.text
                guard let target = unit.descendants(named: "target").first?.text, !target.isEmpty else { continue }
                guard let key = unit.attribute("resname") ?? source ?? unit.attribute("id") else { continue }
                try seen.set(target, key: key, locale: locale, line: unit.line, in: &table)
            }
        }
        return table
    }
}
