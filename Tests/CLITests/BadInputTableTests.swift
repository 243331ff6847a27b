import Testing
import Foundation

/// Runs every row of the "Bad input and limits" article's table (Sources/Doors/PathText/PathText.docc/BadInput.md)
/// exactly as written and checks the exit code and stderr.
@Suite struct BadInputTableTests {
    struct Row: CustomStringConvertible, Sendable {
        var input: String, arguments: [String], status: Int32, stderr: String
        var description: String { input }
    }

    /// The article that holds the table.
    static let tableFile = "Sources/Doors/PathText/PathText.docc/BadInput.md"

    /// The rows between the `bad-inputs` markers.
    static let rows: [Row] = {
        let readme = (try? String(contentsOfFile: packageRoot + "/" + tableFile, encoding: .utf8)) ?? ""
        guard let start = readme.range(of: "<!-- bad-inputs:begin -->"), let end = readme.range(of: "<!-- bad-inputs:end -->") else { return [] }
        var rows: [Row] = []
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| input") {
            // Cells are separated by " | " outside backticks; "\|" is a literal bar.
            var cells: [String] = [], cell = "", inCode = false
            let chars = Array(line.dropFirst(2).dropLast(2))
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if c == "\\", i + 1 < chars.count, chars[i + 1] == "|" { cell.append("|"); i += 2; continue }
                if c == "`" { inCode.toggle() }
                if !inCode, c == "|" { cells.append(cell.trimmingCharacters(in: .whitespaces)); cell = ""; i += 1; continue }
                cell.append(c); i += 1
            }
            cells.append(cell.trimmingCharacters(in: .whitespaces))
            guard cells.count == 4 else { continue }
            let command = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let words = shellWords(command)
            rows.append(Row(input: cells[0], arguments: Array(words.dropFirst()), status: Int32(cells[2]) ?? -1,
                            stderr: cells[3].trimmingCharacters(in: CharacterSet(charactersIn: "`"))))
        }
        return rows
    }()

    /// Splits a command line on spaces, honouring double quotes.
    static func shellWords(_ s: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, any = false
        for c in s {
            if c == "\"" { quoted.toggle(); any = true } else if c == " ", !quoted {
                if any || !word.isEmpty { words.append(word) }
                word = ""; any = false
            } else { word.append(c) }
        }
        if any || !word.isEmpty { words.append(word) }
        return words
    }

    @Test func theTableHasEveryKindOfBadInput() {
        #expect(Self.rows.count >= 15)
    }

    @Test(arguments: rows)
    func eachRowPrintsWhatTheTableSays(row: Row) throws {
        let r = try pathtext(row.arguments, cwd: packageRoot)
        #expect(r.status == row.status, "\(row.input): exit \(r.status)")
        #expect(r.stderr == row.stderr + "\n", "\(row.input): \(r.stderr)")
        if row.status != 0, let out = row.arguments.firstIndex(of: "--out").map({ row.arguments[$0 + 1] }), out.hasPrefix("out/") {
            #expect(!FileManager.default.fileExists(atPath: packageRoot + "/" + out), "\(row.input) left \(out) behind")
        }
    }
}
