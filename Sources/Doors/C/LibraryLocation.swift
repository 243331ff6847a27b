import CPathText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PathText

/// Where the installed library finds its fonts: beside itself, found through `dladdr`.
enum LibraryLocation {
    /// The folder this shared library was loaded from (symlinks resolved), or `nil`.
    static func libraryFolder() -> String? {
        guard let name = pt_internal_library_file() else { return nil }
        guard let real = realpath(name, nil) else { return nil }
        defer { free(real) }
        let path = String(cString: real)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The default fonts folder of `pt_engine_new(NULL, …)`: `$PATHTEXT_FONTS`, then the installed fonts
    /// `LIBDIR/../share/pathtext/fonts`, then a `Fonts/` folder in the library's folder or above it (a build
    /// tree); `nil` means the fonts compiled into the library (placements then name no file path).
    static func defaultFontsFolder() -> String? {
        if let env = getenv("PATHTEXT_FONTS"), env.pointee != 0 { return String(cString: env) }
        guard var dir = libraryFolder() else { return nil }
        let marker = DefaultFonts.stackFileNames[0]
        let installed = dir + "/../share/pathtext/fonts"
        if access(installed + "/" + marker, R_OK) == 0, let real = realpath(installed, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        for _ in 0..<6 {
            if access(dir + "/Fonts/" + marker, R_OK) == 0 { return dir + "/Fonts" }
            guard let slash = dir.lastIndex(of: "/"), !dir.isEmpty else { break }
            dir = String(dir[..<slash])
        }
        return nil
    }
}
