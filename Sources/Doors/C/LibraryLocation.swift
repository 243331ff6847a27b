import Support
import CPathText
import PathText

/// Where the installed library finds its fonts: beside itself, found through `dladdr`.
enum LibraryLocation {
    /// The folder this shared library was loaded from (symlinks resolved), or `nil`.
    static func libraryFolder() -> String? {
        guard let name = pt_internal_library_file() else { return nil }
        guard let path = Syscalls.realPath(String(cString: name)) else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The default fonts folder of `pt_engine_new(NULL, …)`: `$PATHTEXT_FONTS`, then the installed fonts
    /// `LIBDIR/../share/pathtext/fonts`, then a `Fonts/` folder in the library's folder or above it (a build
    /// tree); `nil` means the fonts compiled into the library (placements then name no file path).
    static func defaultFontsFolder() -> String? {
        if let env = Syscalls.environment("PATHTEXT_FONTS"), !env.isEmpty { return env }
        guard var dir = libraryFolder() else { return nil }
        let marker = DefaultFonts.stackFileNames[0]
        let installed = dir + "/../share/pathtext/fonts"
        if Syscalls.exists(installed + "/" + marker, readable: true), let real = Syscalls.realPath(installed) { return real }
        for _ in 0..<6 {
            if Syscalls.exists(dir + "/Fonts/" + marker, readable: true) { return dir + "/Fonts" }
            guard let slash = dir.lastIndex(of: "/"), !dir.isEmpty else { break }
            dir = String(dir[..<slash])
        }
        return nil
    }
}
