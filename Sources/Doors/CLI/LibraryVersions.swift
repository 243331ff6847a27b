import PathText

/// The versions `pathtext --version` reports.
enum LibraryVersions {
    static var summary: String {
        "HarfBuzz \(ShapingLibraries.harfBuzz), FreeType \(ShapingLibraries.freeType), "
            + "FriBidi \(ShapingLibraries.friBidi), Fontconfig \(ShapingLibraries.fontconfig)"
    }
}
