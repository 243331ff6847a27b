import Support
import PathText

/// `pathtext fonts`: the fonts compiled into the library, by the stable names the placements JSON gives
/// them (`"embedded": NAME`), and `--export DIR` to write their bytes for a renderer that draws by itself.
enum FontsCommand {
    static let command = CLI.Command(
        name: "fonts", summary: "list the embedded fonts, or write their files (--export DIR) for other renderers",
        usage: """
        usage: pathtext fonts [--export DIR]

              (no option)    one line per embedded font: its name (as the placements JSON's "embedded" names it),
                             family, style and size in bytes
              --export DIR   write each embedded font to DIR/NAME (the folder is made if missing); each file is
                             written whole or not at all
        """,
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let args = try Arguments(words, command: "fonts", valued: ["export"])
        guard args.positional.isEmpty else { throw .usage("unexpected argument \(args.positional[0])") }
        let names = DefaultFonts.embeddedFileNames
        guard let folder = args.value("export") else {
            for name in names {
                guard let bytes = DefaultFonts.embeddedBytes(name) else { continue }
                let font = try? DefaultFonts.embedded(name)
                print([name, font?.familyName ?? "", font?.styleName ?? "", String(bytes.count)].joined(separator: "\t"))
            }
            return
        }
        guard !folder.isEmpty else { throw .usage("--export: expected a folder") }
        try Output.makeFolder(for: folder.hasSuffix("/") ? folder + "x" : folder + "/x")
        for name in names {
            guard let bytes = DefaultFonts.embeddedBytes(name) else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            do { try AtomicFile.write(Array(bytes), to: path) } catch { throw .failure(error.description) }
            print(path)
        }
    }
}
