import Foundation

extension StringTableReader {
    // MARK: gettext .po

    /// `msgid "…"` / `msgstr "…"` pairs (continued by string lines), `msgctxt` ignored, plural forms
    /// as their first form; the header's `Language:` names the locale. Untranslated entries are left out.
    static func po(_ text: String, fallbackLocale: String?) throws(StringTableError) -> StringTable {
        var entries: [(String, String)] = []
        var current = 0  // the string continuation lines add to: 1 msgid, 2 msgstr, 0 none
        var pair: (String?, String?) = (nil, nil)
        var language: String? = nil
        func flush() {
            if let i = pair.0, let s = pair.1 {
                if i.isEmpty {
                    for line in s.split(separator: "\n") where line.hasPrefix("Language:") {
                        language = line.dropFirst(9).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
                    }
                } else if !s.isEmpty { entries.append((i, s)) }
            }
            pair = (nil, nil); current = 0
        }
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func quoted(_ s: Substring) throws(StringTableError) -> String {
                try unquote(String(s).trimmingCharacters(in: .whitespaces), line: n + 1)
            }
            if line.hasPrefix("msgctxt") { if pair.1 != nil { flush() }; current = 0; continue }
            if line.hasPrefix("msgid_plural") { current = 0; continue }
            if line.hasPrefix("msgid ") {
                if pair.1 != nil || pair.0 != nil { flush() }
                pair.0 = try quoted(line.dropFirst(6)); current = 1
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
        var table = StringTable()
        for (k, v) in entries { table.set(v, key: k, locale: locale) }
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
    static func appleStrings(_ text: String, locale: String?) throws(StringTableError) -> StringTable {
        guard let locale else { throw StringTableError("no locale: put the file in a de.lproj folder or name it de.strings") }
        var table = StringTable()
        var s = Substring(text), line = 1
        func skipSpaceAndComments() {
            while true {
                while let c = s.first, c.isWhitespace { if c.isNewline { line += 1 }; s = s.dropFirst() }
                if s.hasPrefix("/*") {
                    if let end = s.range(of: "*/") { line += s[..<end.lowerBound].filter(\.isNewline).count; s = s[end.upperBound...] } else { s = "" }
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
            let key = try string()
            skipSpaceAndComments()
            guard s.first == "=" else { throw StringTableError("line \(line): expected = after the key") }
            s = s.dropFirst(); skipSpaceAndComments()
            let value = try string()
            skipSpaceAndComments()
            guard s.first == ";" else { throw StringTableError("line \(line): expected ; after the value") }
            s = s.dropFirst()
            table.set(value, key: key, locale: locale)
        }
        return table
    }

    // MARK: Android strings.xml and XLIFF 1.2

    /// `<resources><string name="KEY">text</string>…</resources>`.
    static func androidStrings(_ text: String, locale: String?) throws(StringTableError) -> StringTable {
        guard let locale else { throw StringTableError("no locale: put the file in a values-de folder") }
        var table = StringTable()
        for element in try FlatXML.elements(text, named: "string") {
            guard let name = element.attributes["name"] else { throw StringTableError("line \(element.line): <string> without a name") }
            var v = element.text
            // Android's own escapes: \' \" \n, and surrounding quotes that keep spaces.
            if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = String(v.dropFirst().dropLast()) }
            v = v.replacingOccurrences(of: "\\'", with: "'").replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
            table.set(v, key: name, locale: locale)
        }
        return table
    }

    /// `<file target-language="de"><body><trans-unit id="KEY"><source>…</source><target>…</target>`.
    /// The key is the unit's `resname`, else its source text, else its `id`.
    static func xliff(_ text: String) throws(StringTableError) -> StringTable {
        var table = StringTable()
        let files = try FlatXML.elements(text, named: "file")
        guard !files.isEmpty else { throw StringTableError("no <file> element") }
        for file in files {
            guard let locale = file.attributes["target-language"] else { throw StringTableError("line \(file.line): <file> without target-language") }
            for unit in try FlatXML.elements(file.inner, named: "trans-unit") {
                let source = try FlatXML.elements(unit.inner, named: "source").first?.text
                guard let target = try FlatXML.elements(unit.inner, named: "target").first?.text, !target.isEmpty else { continue }
                guard let key = unit.attributes["resname"] ?? source ?? unit.attributes["id"] else { continue }
                table.set(target, key: key, locale: locale)
            }
        }
        return table
    }
}

/// A small, bounded reader for the flat XML of strings.xml and XLIFF: finds elements by name, with
/// their attributes and text (entities and CDATA resolved, nested markup's text kept). Not a general
/// XML parser: no DTDs, no namespaces beyond prefixes being part of the name.
enum FlatXML {
    struct Element {
        var attributes: [String: String]
        /// The text inside, markup removed.
        var text: String
        /// The markup inside, as written.
        var inner: String
        /// The line the element starts on.
        var line: Int
    }

    /// Every `<name …>…</name>` element (not nested in another of the same name).
    static func elements(_ xml: String, named name: String) throws(StringTableError) -> [Element] {
        var out: [Element] = []
        var rest = Substring(xml)
        let open = "<" + name
        // Lines are counted as the search moves on (once over the text, not from its start per element).
        var counted = xml.startIndex, lines = 1
        func line(of index: String.Index) -> Int {
            if index > counted { lines += xml[counted..<index].reduce(0) { $1.isNewline ? $0 + 1 : $0 }; counted = index }
            return lines
        }
        while let start = rest.range(of: open) {
            let after = rest[start.upperBound...]
            guard let c = after.first, c == ">" || c == "/" || c.isWhitespace else { rest = after; continue }
            let ln = line(of: start.lowerBound)
            guard let tagEnd = after.firstIndex(of: ">") else { throw StringTableError("line \(ln): <\(name) is not closed") }
            let attrText = after[..<tagEnd]
            let attributes = try parseAttributes(attrText.hasSuffix("/") ? attrText.dropLast() : attrText, line: ln)
            if attrText.hasSuffix("/") {
                out.append(Element(attributes: attributes, text: "", inner: "", line: ln))
                rest = after[after.index(after: tagEnd)...]
                continue
            }
            let body = after[after.index(after: tagEnd)...]
            guard let close = body.range(of: "</" + name + ">") else { throw StringTableError("line \(ln): <\(name)> has no </\(name)>") }
            let inner = String(body[..<close.lowerBound])
            out.append(Element(attributes: attributes, text: try text(of: inner, line: ln), inner: inner, line: ln))
            rest = body[close.upperBound...]
        }
        return out
    }

    static func parseAttributes(_ s: Substring, line: Int) throws(StringTableError) -> [String: String] {
        var out: [String: String] = [:]
        var rest = s
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { return out }
            guard let eq = rest.firstIndex(of: "=") else { throw StringTableError("line \(line): bad attribute \(rest.prefix(20))") }
            let name = rest[..<eq].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: eq)...].drop { $0.isWhitespace }
            guard let q = rest.first, q == "\"" || q == "'" else { throw StringTableError("line \(line): attribute \(name) is not quoted") }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: q) else { throw StringTableError("line \(line): attribute \(name) is not closed") }
            out[name] = try entities(String(rest[..<end]), line: line)
            rest = rest[rest.index(after: end)...]
        }
    }

    /// The text of markup: tags dropped, CDATA kept as is, entities resolved.
    static func text(of inner: String, line: Int) throws(StringTableError) -> String {
        var out = "", rest = Substring(inner)
        while !rest.isEmpty {
            if rest.hasPrefix("<![CDATA[") {
                guard let end = rest.range(of: "]]>") else { throw StringTableError("line \(line): CDATA is not closed") }
                out += rest[rest.index(rest.startIndex, offsetBy: 9)..<end.lowerBound]
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<") {
                guard let end = rest.firstIndex(of: ">") else { throw StringTableError("line \(line): a tag is not closed") }
                rest = rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                out += try entities(String(rest[..<end]), line: line)
                rest = rest[end...]
            }
        }
        return out
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xHH;` resolved.
    static func entities(_ s: String, line: Int) throws(StringTableError) -> String {
        guard s.contains("&") else { return s }
        var out = "", rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                throw StringTableError("line \(line): a bare & (write &amp;)")
            }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let v: UInt32? = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                guard let v, let sc = Unicode.Scalar(v) else { throw StringTableError("line \(line): unknown entity &\(name);") }
                out.unicodeScalars.append(sc)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
