/// The parts of a file path the CLI needs (what `NSString`'s path methods gave, without Foundation).
enum PathNames {
    /// The folder part: `out/demo.png` → `out`, `demo.png` → ``, `/demo.png` → `/`, `a/b/` → `a`.
    static func folder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        var dir = p[..<slash]
        while dir.hasSuffix("/") { dir = dir.dropLast() }
        return dir.isEmpty ? "/" : String(dir)
    }

    /// The extension of the last component without its dot: `out/demo.png` → `png`, `a.tar.gz` → `gz`;
    /// empty for `demo`, `.png` (a hidden file's name) and `out.d/demo`.
    static func pathExtension(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        let name = p.lastIndex(of: "/").map { p[p.index(after: $0)...] } ?? p
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` made absolute (joined to `workingFolder` when relative) with `.` and `..` removed by its
    /// text alone, links not followed: `a/../b.json` → `/cwd/b.json` (what `URL.standardizedFileURL` gave).
    static func standardized(_ path: String, workingFolder: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : workingFolder + "/") + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The last component: `out/demo.png` → `demo.png`.
    static func lastComponent(of path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }
}
