import Support
import JSON
import Requests

/// Translations: for each locale, the text of each key. A key names a scene label by its source text
/// (the template's `text`, as gettext's msgid) or by its place (`labels[2]`).
public struct StringTable: Hashable, Sendable {
    /// The locales in the order the file gives them (BCP 47 tags: `de`, `ar`, `zh-Hans`).
    public var locales: [String]
    /// The keys in the order the file gives them.
    public var keys: [String]
    /// The text of `key` in `locale`, as `texts[locale][key]`.
    public var texts: [String: [String: String]]
    /// The keys as a set (what ``set(_:key:locale:)`` checks against, in O(1)).
    private var knownKeys: Set<String> = []

    /// Creates a table.
    public init(locales: [String] = [], keys: [String] = [], texts: [String: [String: String]] = [:]) {
        self.locales = locales; self.keys = keys; self.texts = texts; knownKeys = Set(keys)
    }

    /// Sets the text of `key` in `locale`, keeping the first-seen order of locales and keys.
    public mutating func set(_ text: String, key: String, locale: String) {
        if texts[locale] == nil { locales.append(locale); texts[locale] = [:] }
        if knownKeys.insert(key).inserted { keys.append(key) }
        texts[locale]![key] = text
    }

    /// The largest translation file read, in bytes.
    public static let maximumBytes = 16 << 20
    /// The most locales × keys a table may hold.
    public static let maximumEntries = 100_000
    /// The most locales a table may hold (each is a layout of every label of the scene).
    public static let maximumLocales = 2_000
}

/// The first line of every (locale, key) a reader has set, so a second one with another text is refused
/// naming both lines, the one rule of every format (JSON's parser refuses any duplicate key itself); a
/// repeat with the same text (one source string in two gettext contexts) changes nothing and is kept.
struct FirstLines {
    private var lines: [String: [String: Int]] = [:]

    /// Sets `text` for `key` in `locale` on `table`, or refuses a key the locale gave before.
    mutating func set(_ text: String, key: String, locale: String, line: Int, in table: inout StringTable) throws(StringTableError) {
        if let first = lines[locale]?[key] {
            if table.texts[locale]?[key] == text { return }
            throw StringTableError("line \(line): \(MessageText.quoted(MessageText.shortened(key))) is given twice for \(MessageText.quoted(locale)) with different texts (first on line \(first))")
        }
        lines[locale, default: [:]][key] = line
        table.set(text, key: key, locale: locale)
    }
}

/// Why a translation file cannot be read: the file, the line (when known) and what is wrong.
public struct StringTableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, with where.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Reads the formats localizers ship into a ``StringTable``: CSV and TSV (a `locale` column and one
/// column per key, or `locale,key,text` rows), JSON (`{"de": {"KEY": "text"}}`), gettext `.po` (the
/// locale from the `Language:` header or the file name), Apple `.strings` (the locale from a `de.lproj`
/// folder or the file name) and `.xcstrings`, Android `strings.xml` (the locale from `values-de`) and
/// XLIFF 1.2 (`target-language`).
public enum StringTableReader {
    /// Reads the file at `path`, choosing the format by its extension.
    /// - Throws: ``StringTableError`` naming the file and, where known, the line.
    public static func read(path: String) throws(StringTableError) -> StringTable {
        let data: [UInt8]
        switch Syscalls.readFile(path, limit: StringTable.maximumBytes) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge(let size)):
            throw StringTableError("\(path): the file is \(size) bytes, over the limit of \(StringTable.maximumBytes)")
        case .failure(.unreadable(let why)): throw StringTableError("\(path): cannot read the file: \(why)")
        case .failure(.notARegularFile): throw StringTableError("\(path): cannot read the file: it is a folder")
        case .failure(.empty): throw StringTableError("\(path): the file is empty")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw StringTableError("\(path): the file is not UTF-8") }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let lower = path.lowercased()
        let table: StringTable
        do throws(StringTableError) {
            if lower.hasSuffix(".csv") { table = try delimited(body, separator: ",") }
            else if lower.hasSuffix(".tsv") { table = try delimited(body, separator: "\t") }
            else if lower.hasSuffix(".xcstrings") { table = try xcstrings(body) }
            else if lower.hasSuffix(".json") { table = try json(body) }
            else if lower.hasSuffix(".po") { table = try po(body, fallbackLocale: locale(fromFileName: path)) }
            else if lower.hasSuffix(".strings") { table = try appleStrings(body, locale: locale(fromFileName: path)) }
            else if lower.hasSuffix(".xlf") || lower.hasSuffix(".xliff") { table = try xliff(body) }
            else if lower.hasSuffix(".xml") { table = try androidStrings(body, locale: locale(fromFileName: path)) }
            else {
                throw StringTableError("unknown format: expected .csv, .tsv, .json, .po, .strings, .xcstrings, .xml (Android) or .xlf")
            }
        } catch { throw StringTableError("\(path): \(error.message)") }
        guard !table.locales.isEmpty else { throw StringTableError("\(path): no translations found") }
        guard table.locales.count <= StringTable.maximumLocales else {
            throw StringTableError("\(path): \(table.locales.count) locales, more than the limit of \(StringTable.maximumLocales)")
        }
        guard table.locales.count * max(1, table.keys.count) <= StringTable.maximumEntries else {
            throw StringTableError("\(path): more than \(StringTable.maximumEntries) translations")
        }
        return table
    }

    /// The locale a file's name or folder gives: `de.lproj/x.strings`, `values-pt-rBR/strings.xml`, `fr.po`.
    static func locale(fromFileName path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count >= 2 {
            let folder = parts[parts.count - 2]
            if folder.hasSuffix(".lproj") { return String(folder.dropLast(6)) }
            if folder.hasPrefix("values-") {
                // Android: values-de, values-pt-rBR → pt-BR, values-b+sr+Latn → sr-Latn.
                let q = String(folder.dropFirst(7))
                if q.hasPrefix("b+") { return String(q.dropFirst(2).replacing("+", with: "-")) }
                return q.replacing("-r", with: "-")
            }
        }
        guard let name = parts.last, let dot = name.lastIndex(of: ".") else { return nil }
        let stem = String(name[..<dot])
        return stem.isEmpty || stem == "strings" || stem == "Localizable" ? nil : stem
    }

    // MARK: CSV and TSV

    /// CSV (RFC 4180 quoting) or TSV: a header with a `locale` (or `lang`) column; then either a `key` and
    /// a `text` column (one row per translation), or one column per key (one row per locale).
    package static func delimited(_ text: String, separator: Character) throws(StringTableError) -> StringTable {
        let (rows, rowLines) = try numberedRecords(text, separator: separator)
        guard let header = rows.first else { throw StringTableError("the file is empty") }
        let names = header.map { $0.trimmingSpaces }
        guard let lc = names.firstIndex(where: { ["locale", "lang", "language"].contains($0.lowercased()) }) else {
            throw StringTableError("line 1: the header has no locale column (expected a column named locale)")
        }
        var table = StringTable(), seen = FirstLines()
        let keyColumn = names.firstIndex { $0.lowercased() == "key" }, textColumn = names.firstIndex { $0.lowercased() == "text" }
        if keyColumn == nil || textColumn == nil {
            var columns: [String: Int] = [:]
            for (c, name) in names.enumerated() where c != lc {
                if let first = columns[name] { throw StringTableError("line 1: the header names the key \(MessageText.quoted(name)) twice (columns \(first + 1) and \(c + 1))") }
                columns[name] = c
            }
        }
        for (n, row) in rows.enumerated().dropFirst() where !(row.count == 1 && row[0].isEmpty) {
            let line = rowLines[n]
            guard row.count == names.count else {
                throw StringTableError("line \(line): \(row.count) fields, but the header has \(names.count)")
            }
            let locale = row[lc].trimmingSpaces
            guard !locale.isEmpty else { throw StringTableError("line \(line): the locale is empty") }
            if let k = keyColumn, let t = textColumn {
                try seen.set(row[t], key: row[k], locale: locale, line: line, in: &table)
            } else {
                for (c, name) in names.enumerated() where c != lc && !row[c].isEmpty { try seen.set(row[c], key: name, locale: locale, line: line, in: &table) }
            }
        }
        return table
    }

    /// The records of delimited text, with `"…"` quoting (`""` inside is a quote) and newlines in quotes.
    static func records(_ text: String, separator: Character) throws(StringTableError) -> [[String]] {
        try numberedRecords(text, separator: separator).rows
    }

    /// ``records(_:separator:)`` with the line each record starts on. RFC 4180's quoting is required: a
    /// quote inside an unquoted field, or text after a field's closing quote, is refused with its line.
    static func numberedRecords(_ text: String, separator: Character) throws(StringTableError) -> (rows: [[String]], lines: [Int]) {
        var rows: [[String]] = [], lines: [Int] = [], row: [String] = [], field = "", quoted = false, atStart = true, line = 1
        var closed = false, rowLine = 1
        var it = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? { if let p = pending { pending = nil; return p }; return it.next() }
        while let ch = next() {
            if quoted {
                if ch == "\"" {
                    if let n = next() { if n == "\"" { field.append("\"") } else { quoted = false; closed = true; pending = n } } else { quoted = false; closed = true }
                } else { if ch == "\n" || ch == "\r\n" { line += 1 }; field.append(ch) }
                continue
            }
            if closed, ch != separator, ch != "\n", ch != "\r\n", ch != "\r" {
                throw StringTableError("line \(line): text after a field's closing quote (a quote inside a field is written \"\")")
            }
            switch ch {
            case "\"" where atStart: quoted = true; atStart = false
            case "\"": throw StringTableError("line \(line): a quote inside an unquoted field (quote the whole field and write the quote \"\")")
            case separator: row.append(field); field = ""; atStart = true; closed = false
            case "\n", "\r\n":
                row.append(field); rows.append(row); lines.append(rowLine); row = []; field = ""; atStart = true; closed = false
                line += 1; rowLine = line
            case "\r": break
            default: field.append(ch); atStart = false
            }
        }
        if quoted { throw StringTableError("line \(line): a quoted field is not closed") }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row); lines.append(rowLine) }
        return (rows, lines)
    }

    // MARK: JSON

    /// Reads a string table from JSON text: `{"de": {"KEY": "text", …}, …}` (what a `.json` file holds).
    public static func json(_ text: String) throws(StringTableError) -> StringTable {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw StringTableError("\(error)") }
        guard case .object(let locales) = value else { throw StringTableError("expected an object of locales, each an object of key: text") }
        var table = StringTable()
        for l in locales {
            guard case .object(let entries) = l.value else { throw StringTableError("\(l.key): expected an object of key: text") }
            for e in entries {
                guard case .string(let s) = e.value else { throw StringTableError("\(l.key).\(e.key): expected a string") }
                table.set(s, key: e.key, locale: l.key)
            }
        }
        return table
    }

    /// Apple's String Catalog: `{"sourceLanguage": "en", "strings": {KEY: {"localizations": {LOCALE:
    /// {"stringUnit": {"value": …}}}}}}`.
    package static func xcstrings(_ text: String) throws(StringTableError) -> StringTable {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw StringTableError("\(error)") }
        guard case .object(let strings)? = value["strings"] else { throw StringTableError("expected a String Catalog with \"strings\"") }
        var table = StringTable()
        for s in strings {
            guard case .object(let locs)? = s.value["localizations"] else { continue }
            for l in locs {
                if case .string(let v)? = l.value["stringUnit"]?["value"] { table.set(v, key: s.key, locale: l.key) }
            }
        }
        return table
    }
}
