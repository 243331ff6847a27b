import Foundation
import PathText

/// The options shared by `pathtext layout` and `pathtext render`: the text, its attributes, the path and
/// every placement option.
///
/// The flags are read into a ``SceneLabel`` and resolved by the same ``SceneResolver`` as scene files,
/// so a flag and the scene key of the same name (`--letter-spacing`, `letterSpacing`) accept the same
/// words and report the same errors.
enum LabelFlags {
    /// The value-taking options.
    static let valued: Set<String> = [
        "text", "path", "font", "font-family", "fonts-dir", "size", "color", "features", "lang", "dir",
        "align", "offset", "side", "baseline", "dy", "shift", "upright", "letter-spacing", "method",
        "overflow", "min-size", "fit", "length", "warp", "max-angle", "repeat",
    ]

    /// The switches (options without a value).
    static let switches: Set<String> = ["no-system-fonts"]

    /// Help lines for the label options.
    static let usage = """
          --text T               the text (required)
          --path D               SVG path data to follow (required)
          --font FILE            a font file (a bare name is looked up in the fonts folder); repeat for a
                                 stack; the embedded Noto stack always follows as fallback
          --font-family NAME     a font found through Fontconfig: "Noto Sans" or "Noto Sans:Bold"
          --fonts-dir DIR        the embedded fonts' folder (default: Fonts/ beside the program, or $PATHTEXT_FONTS)
          --size PX              font size in pixels per em (default 32)
          --color #RRGGBB[AA]    text colour (default black)
          --features LIST        OpenType features, comma separated: kern=0,liga=0,ss01,+smcp,smcp[0:3]
          --lang L               BCP 47 language (ar, hi, sr-Latn)
          --dir ltr|rtl|auto     paragraph direction (default auto)
          --align start|center|end   anchor (left/right accepted) (default start)
          --offset PX|N%         anchor offset along the path; negative and beyond 100% allowed
          --side left|right      SVG 2 side: right lays the text on the reversed path
          --baseline alphabetic|middle|hanging|ideographic   which line of the text sits on the path
          --dy PX                perpendicular shift, up positive
          --shift parallel|normal    measure along the parallel curve (default) or shift along normals
          --upright auto|off     flip labels that would read upside down (default auto)
          --letter-spacing PX    extra space after every cluster
          --method align|chord   SVG's per-cluster tangent, or corner-safe chords
          --overflow visible|ellipsis|shrink|error   what to do when the text is longer than the path
          --min-size PX          the smallest size --overflow shrink may use (default 6)
          --fit none|spacing|stretch   fit the text to --length (default: the path's length)
          --length PX            the length for --fit (implies --fit spacing)
          --warp rigid|bend      rotate glyphs rigidly, or bend their outlines along the path
          --max-angle DEG        reject placements that turn more than this between neighbouring clusters
          --repeat PX            repeat the label along the path with this gap
          --no-system-fonts      no fallback to the system's fonts (Fontconfig) after the stack
    """

    /// The label the flags describe, as a scene label.
    static func sceneLabel(_ args: Arguments) throws(CLIError) -> SceneLabel {
        guard let text = args.value("text") else { throw .usage("--text is required") }
        guard let path = args.value("path") else { throw .usage("--path is required") }
        var l = SceneLabel(text: text, path: path)
        let fonts = args.all("font")
        l.font = fonts.isEmpty ? nil : fonts
        l.size = try args.number("size")
        l.color = args.value("color")
        l.features = args.value("features")
        l.lang = args.value("lang")
        l.dir = args.value("dir")
        l.align = args.value("align")
        l.offset = args.value("offset").map { .text($0) }
        l.side = args.value("side")
        l.baseline = args.value("baseline")
        l.dy = try args.number("dy")
        l.shift = args.value("shift")
        l.upright = args.value("upright")
        l.letterSpacing = try args.number("letter-spacing")
        l.method = args.value("method")
        l.overflow = args.value("overflow")
        l.minSize = try args.number("min-size")
        l.fit = args.value("fit")
        l.length = try args.number("length")
        l.warp = args.value("warp")
        l.maxAngle = try args.number("max-angle")
        l.repeat = try args.number("repeat")
        return l
    }

    /// Resolves the flags into a label ready to lay out.
    static func resolve(_ args: Arguments, resolver: SceneResolver) throws(CLIError) -> ResolvedLabel {
        let label = try sceneLabel(args)
        do {
            var resolved = try resolver.resolve(label, index: 0)
            // Fontconfig families go in front of the stack.
            var families: [Typeface] = []
            for family in args.all("font-family") {
                let parts = family.split(separator: ":", maxSplits: 1).map(String.init)
                families.append(try failing { try FontLookup.font(family: parts[0], style: parts.count > 1 ? parts[1] : nil) })
            }
            for i in resolved.text.runs.indices { resolved.text.runs[i].attributes.fonts.insert(contentsOf: families, at: 0) }
            return resolved
        } catch let e as SceneError {
            // Bad input data (path, font file, text) is exit 1; a bad option value is a usage error.
            let input = ["", "labels[0].path", "labels[0].font", "labels[0].text"].contains(e.path)
            throw input ? .failure(flagMessage(e)) : .usage(flagMessage(e))
        } catch let e as CLIError {
            throw e
        } catch {
            throw .failure("\(error)")
        }
    }

    /// `labels[0].letterSpacing: expected …` → `--letter-spacing: expected …`.
    static func flagMessage(_ e: SceneError) -> String {
        var key = e.path
        if let dot = key.firstIndex(of: "."), key.hasPrefix("labels[") { key = String(key[key.index(after: dot)...]) } else if key.hasPrefix("labels[") { key = "" }
        guard !key.isEmpty else { return e.message }
        var flag = "--"
        for ch in key { if ch.isUppercase { flag += "-" + ch.lowercased() } else { flag.append(ch) } }
        return "\(flag): \(e.message)"
    }
}

extension SceneResolver {
    /// A resolver for `fontsDir` with the label switches applied (`--no-system-fonts`).
    convenience init(fontsDir: String?, flags: Arguments) {
        self.init(fontsDir: fontsDir)
        systemFallback = !flags.has("no-system-fonts")
    }
}
