import Foundation

/// The embedded default fonts in the package's `Fonts/` folder, and how the program finds them.
public enum DefaultFonts {
    /// The default fallback stack, primary first: Latin/Greek/Cyrillic, then Arabic, Hebrew, Devanagari, Thai.
    public static let stackFileNames = [
        "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
    ]

    /// The environment variable that overrides where the fonts folder is.
    public static let environmentVariable = "PATHTEXT_FONTS"

    /// Finds the fonts folder.
    ///
    /// Order: `explicit` (from `--fonts-dir`), then `$PATHTEXT_FONTS`, then a `Fonts/` folder beside the
    /// executable or in any of its parent folders (so `.build/debug/pathtext` finds the package's), then
    /// `Fonts/` in the current folder.
    /// - Throws: ``FontError/fontsFolderNotFound(searched:)`` listing where it looked.
    public static func folder(explicit: String? = nil) throws(FontError) -> String {
        let fm = FileManager.default
        func isDir(_ p: String) -> Bool {
            var d: ObjCBool = false
            return fm.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        if let explicit {
            guard isDir(explicit) else { throw .fontsFolderNotFound(searched: [explicit]) }
            return explicit
        }
        if let env = ProcessInfo.processInfo.environment[environmentVariable], !env.isEmpty {
            guard isDir(env) else { throw .fontsFolderNotFound(searched: ["$\(environmentVariable)=\(env)"]) }
            return env
        }
        var searched: [String] = []
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        var dir = FileManager.default.fileExists(atPath: "/proc/self/exe") ? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() : exe
        for _ in 0..<6 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("Fonts").path
            searched.append(candidate)
            if isDir(candidate), fm.fileExists(atPath: candidate + "/" + stackFileNames[0]) { return candidate }
            if dir.path == "/" { break }
        }
        let cwd = fm.currentDirectoryPath + "/Fonts"
        searched.append(cwd)
        if isDir(cwd) { return cwd }
        throw .fontsFolderNotFound(searched: searched)
    }

    /// Loads the default stack from the fonts folder.
    public static func stack(folder explicit: String? = nil) throws(FontError) -> [Typeface] {
        let dir = try folder(explicit: explicit)
        var fonts: [Typeface] = []
        for name in stackFileNames { fonts.append(try Typeface(path: dir + "/" + name)) }
        return fonts
    }

    /// Loads one named file from the fonts folder (`NotoSans-Bold.ttf`).
    public static func font(named file: String, folder explicit: String? = nil) throws(FontError) -> Typeface {
        try Typeface(path: try folder(explicit: explicit) + "/" + file)
    }
}
