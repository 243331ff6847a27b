import Testing
import Foundation
import TestSupport
import PathText

/// Issue 27 item 20: a font in a folder whose name is not UTF-8 is named with its real bytes (`\xFF`), not
/// with U+FFFD, which names no file.
@Suite struct NonUTF8FolderTests {
    @Test func theFontsFolderIsShownByItsBytes() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        // The shell makes the folder and runs the program in it: Foundation's paths cannot hold the byte 0xFF.
        let script = """
            set -e
            dir="$(printf '%s/f\\377x' "$1")"
            mkdir "$dir" && cp "$2" "$dir/Other.ttf" && cd "$dir"
            exec "$3" layout --text Hi --path "M0 0 L99 0" --font Other.ttf
            """
        let r = try runProgram("/bin/sh", ["-c", script, "sh", base.path, packageRoot + "/Fonts/NotoSerif-Regular.ttf", pathtextBinary])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try json(r.stdout) as? [String: Any])
        let path = try #require((o["fonts"] as? [[String: Any]])?.first?["path"] as? String)
        #expect(path.hasSuffix("/f\\xFFx/Other.ttf"), "\(path)")
        #expect(!path.contains("\u{FFFD}"))
    }
}
