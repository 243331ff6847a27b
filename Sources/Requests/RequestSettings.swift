import JSON
import Layout

/// The settings of a request that are not about one label: where fonts come from, whether the system's
/// fonts may fill in, how long a request may run, and what the answer is made of (image format, ink boxes,
/// strictness of the SVG reader). The canvas (size, background, fitting) is the scene's (``Scene/catalog``).
///
/// Every door reads these through ``catalog``, under the same names: flags of the CLI (`--fonts-dir`,
/// `--no-system-fonts`, `--time-limit`, `--format`, `--ink`, `--strict`), keys of the C library's
/// `pt_engine_new_json`, keyword arguments of Python's `Engine`, query parameters and flags of
/// `pathtext serve`, and ``Engine``'s initializer in Swift.
public struct RequestSettings: Sendable, Hashable {
    /// The folder the default fonts are loaded from as files (`nil`: the fonts compiled into the library).
    public var fontsDir: String?
    /// Whether labels may fall back to the system's fonts (Fontconfig) after their stack; `false` makes
    /// missing glyphs independent of the machine, whatever a label's own `systemFonts` says.
    public var systemFonts: Bool = true
    /// Seconds a request may run (`nil`: no limit); past it the work stops with an error naming the limit.
    public var timeLimit: Double?
    /// The image format of a render.
    public var format: ImageFormat = .png
    /// Whether placements JSON gives each glyph's rotated ink box.
    public var ink: Bool = false
    /// Whether what an SVG document asks for and the reader does not draw is an error instead of a warning.
    public var strict: Bool = false

    /// The defaults: embedded fonts, system fallback on, no time limit, PNG, no ink boxes, warnings.
    public init() {}

    /// Where a setting takes effect.
    public enum Scope: String, Sendable {
        /// Once, when the engine (or process) is made: its fonts and limits.
        case engine
        /// Per request (a door may also set a default for its engine).
        case request
    }

    /// Every setting, in reading order, with its scope.
    public static let catalog: [OptionEntry<RequestSettings>] = [
        .optional("fontsDir", \.fontsDir, .string("DIR", nonEmpty: true), default: "the embedded fonts",
                  help: "load the default fonts from the files in DIR instead of the embedded copies (or $PATHTEXT_FONTS)"),
        .toggle("systemFonts", \.systemFonts, default: true,
                help: "fall back to the system's fonts (Fontconfig) after the stack; off for output that does not depend on the machine"),
        .optional("timeLimit", \.timeLimit, .number("SECONDS", 0...3600, above: true), default: "none",
                  help: "stop a request that runs longer than this many seconds, with an error").sample(.number(1e-9)),
        .value("format", \.format, .cases(), default: .png, help: "the image format of a render").sample(.string("svg")),
        .toggle("ink", \.ink, default: false, help: "add each glyph's ink box (a rotated rectangle) to the placements JSON"),
        .toggle("strict", \.strict, default: false,
                help: "SVG input: make what the reader does not draw (filters, masks, …) an error, not a warning"),
    ]

    /// The scope of each key of ``catalog``.
    public static func scope(of key: String) -> Scope {
        ["fontsDir", "systemFonts", "timeLimit"].contains(key) ? .engine : .request
    }

    /// Reads a JSON object of settings (`{"fontsDir": "…", "systemFonts": false}`).
    /// - Throws: ``JSONError`` naming the key, with the nearest known key for an unknown one.
    package static func decode(_ json: JSONValue, over base: RequestSettings = RequestSettings()) throws(JSONError) -> RequestSettings {
        var settings = base
        try OptionCatalog.read(json, into: &settings, entries: catalog, at: "")
        return settings
    }

    /// The settings as a JSON object: the keys whose value is not the default.
    package var json: JSONValue { OptionCatalog.write(self, entries: Self.catalog) }
}
