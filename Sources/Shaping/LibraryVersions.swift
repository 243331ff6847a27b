internal import CFreeType
internal import CHarfBuzz
internal import CFriBidi
internal import CFontconfig

/// Versions of the C libraries shaping runs on, as they report themselves at run time.
public enum ShapingLibraries {
    /// HarfBuzz's version, e.g. `6.0.0`.
    public static var harfBuzz: String { String(cString: hb_version_string()) }

    /// FreeType's version, e.g. `2.12.1` (pkg-config reports the libtool number instead).
    public static var freeType: String {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return "unknown" }
        defer { FT_Done_FreeType(lib) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(lib, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// FriBidi's version, e.g. `1.0.8` (the headers' version: FriBidi's run-time version string is a
    /// mutable global that strict concurrency rightly refuses to read).
    public static var friBidi: String { FRIBIDI_VERSION }

    /// Fontconfig's version, e.g. `2.14.1`.
    public static var fontconfig: String {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }
}
