// libFuzzer target: bytes → every translation format `pathtext check --strings` reads (CSV, TSV, JSON,
// .po, .strings, .xcstrings, Android strings.xml, XLIFF), chosen by the first byte.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus fixtures/fuzz/FuzzStringTable when given none.
import Foundation
import FuzzSupport
import Check

/// The formats, by the input's first byte (modulo their count).
let formats = ["csv", "tsv", "json", "po", "strings", "xcstrings", "xml", "xlf"]

/// One input. Errors are fine (with a message); traps, hangs and tables that break their own rules are bugs.
func fuzzStringTable(_ bytes: UnsafeRawBufferPointer) {
    guard let first = bytes.first, bytes.count <= 1 << 16 else { return }
    guard let text = String(validating: bytes.dropFirst(), as: UTF8.self) else { return }
    let table: StringTable
    do throws(StringTableError) {
        switch formats[Int(first) % formats.count] {
        case "csv": table = try StringTableReader.delimited(text, separator: ",")
        case "tsv": table = try StringTableReader.delimited(text, separator: "\t")
        case "json": table = try StringTableReader.json(text)
        case "po": table = try StringTableReader.po(text, fallbackLocale: "de")
        case "strings": table = try StringTableReader.appleStrings(text, locale: "de")
        case "xcstrings": table = try StringTableReader.xcstrings(text)
        case "xml": table = try StringTableReader.androidStrings(text, locale: "de")
        default: table = try StringTableReader.xliff(text)
        }
    } catch {
        precondition(!error.message.isEmpty)
        return
    }
    precondition(Set(table.locales).count == table.locales.count, "a locale listed twice")
    precondition(Set(table.keys).count == table.keys.count, "a key listed twice")
    for locale in table.locales { precondition(table.texts[locale] != nil, "locale \(locale) without texts") }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzStringTable) }
#else
@main enum FuzzStringTableReplay { static func main() { FuzzReplay.main(name: "FuzzStringTable", sourceFile: #filePath, fuzzStringTable) } }
#endif
