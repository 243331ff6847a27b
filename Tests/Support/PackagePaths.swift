/// Where the package's folders are, found from this file's place in the package
/// (`Tests/Support/PackagePaths.swift`), so every test target names the fonts and fixtures the same way.
public enum PackagePaths {
    /// The package's top folder.
    public static let root: String = {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir
    }()

    /// The embedded fonts (`Fonts/`).
    public static let fonts = root + "/Fonts"

    /// The path of `relative` (for example `fixtures/geojson/edges.geojson`) inside the package.
    public static func file(_ relative: String) -> String { root + "/" + relative }
}
