import Foundation
import PathText

/// The options shared by `pathtext layout` and `pathtext render`: the text, its attributes, the path and
/// every placement option.
struct LabelFlags {
    /// The value-taking options.
    static let valued: Set<String> = [
        "text", "path", "font", "font-family", "fonts-dir", "size", "color", "features", "lang", "dir",
        "align", "offset", "side", "baseline", "dy", "shift", "upright", "letter-spacing", "method",
        "overflow", "min-size", "fit", "length", "warp", "max-angle", "repeat",
    ]

    /// Help lines for the label options.
    static let usage = """
          --text T               the text (required)
          --path D               SVG path data to follow (required)
          --font FILE            a font file; repeat for a fallback stack (default: the embedded Noto stack)
          --font-family NAME     a font found through Fontconfig, e.g. "Noto Sans:Bold"
          --fonts-dir DIR        where the embedded fonts are (default: Fonts/ beside the program; $PATHTEXT_FONTS)
          --size PX              font size in pixels per em (default 32)
          --features LIST        OpenType features, comma separated: kern=0,liga=0,ss01,+smcp,smcp[0:3]
          --lang L               BCP 47 language (ar, hi, sr-Latn)
          --dir ltr|rtl|auto     paragraph direction (default auto)
          --align start|center|end   anchor (left/right accepted) (default start)
          --offset PX|N%         anchor offset along the path; negative and >100% allowed
          --side left|right      SVG 2 side: right reverses the path
          --baseline alphabetic|middle|hanging|ideographic
          --dy PX                perpendicular shift, up positive
          --shift parallel|normal    measure along the parallel curve (default) or shift along normals
          --upright auto|off     flip labels that would read upside down (default auto)
          --letter-spacing PX    extra space after every cluster
          --method align|chord   per-cluster tangent (SVG) or corner-safe chords
          --overflow visible|ellipsis|shrink|error   (default visible)
          --min-size PX          smallest size for --overflow shrink (default 6)
          --fit none|spacing|stretch   fit to --length (default: the path length)
          --length PX            the length for --fit
          --warp rigid|bend      rotate glyphs rigidly, or bend outlines along the path
          --max-angle DEG        reject placements that turn more than this between neighbours
          --repeat PX            repeat the label along the path with this gap
    """

    var text: AttributedText
    var path: Path
    var options: LabelOptions
    var direction: ParagraphDirection

    /// Reads the label options from `args`, with `color` as the text colour when given.
    init(_ args: Arguments) throws(CLIError) {
        guard let string = args.value("text") else { throw .usage("--text is required") }
        guard !string.isEmpty else { throw .failure(LayoutError.emptyText.description) }
        guard let data = args.value("path") else { throw .usage("--path is required") }
        path = try failing { try Path(svgPathData: data) }

        let fonts = try Self.fonts(args)
        let size = try args.number("size") ?? 32
        guard size > 0, size <= 10_000 else {
            throw .usage("--size must be more than 0 and at most 10000 pixels, got \(size)")
        }
        let color = try args.choice("color", "a colour #RRGGBB or #RRGGBBAA", Color.init(hex:)) ?? .black
        let features = try failing { try FeatureList.parse(args.value("features") ?? "").map(\.description) }
        var attributes = TextAttributes(fonts: fonts, size: size, color: color)
        attributes.features = features
        attributes.language = args.value("lang")
        text = AttributedText(string, attributes: attributes)
        direction = try args.choice("dir", "ltr, rtl or auto", ParagraphDirection.init(rawValue:)) ?? .auto

        var o = LabelOptions()
        o.align = try args.choice("align", "start, center or end", Alignment.init(name:)) ?? o.align
        o.offset = try args.choice("offset", "pixels or a percentage (-40, 25%)", PathOffset.init(parsing:)) ?? o.offset
        o.side = try args.choice("side", "left or right", PathSide.init(rawValue:)) ?? o.side
        o.baseline = try args.choice("baseline", "alphabetic, middle, hanging or ideographic", Baseline.init(rawValue:)) ?? o.baseline
        o.dy = try args.number("dy") ?? 0
        o.shift = try args.choice("shift", "parallel or normal", ShiftMode.init(rawValue:)) ?? o.shift
        o.upright = try args.choice("upright", "auto or off", Upright.init(rawValue:)) ?? o.upright
        o.letterSpacing = try args.number("letter-spacing") ?? 0
        o.method = try args.choice("method", "align or chord", PlacementMethod.init(rawValue:)) ?? o.method
        o.warp = try args.choice("warp", "rigid or bend", WarpMode.init(rawValue:)) ?? o.warp
        o.maxAngle = try args.number("max-angle")
        o.repeatSpacing = try args.number("repeat")
        let minimum = try args.number("min-size") ?? 6
        switch args.value("overflow") ?? "visible" {
        case "visible": o.overflow = .visible
        case "ellipsis": o.overflow = .ellipsis
        case "shrink": o.overflow = .shrink(minimumSize: minimum)
        case "error": o.overflow = .error
        case let other: throw .usage("--overflow expects visible, ellipsis, shrink or error, got \"\(other)\"")
        }
        let length = try args.number("length")
        switch args.value("fit") ?? (length == nil ? "none" : "spacing") {
        case "none": o.fit = .none
        case "spacing": o.fit = .spacing(length: length)
        case "stretch": o.fit = .stretch(length: length)
        case let other: throw .usage("--fit expects none, spacing or stretch, got \"\(other)\"")
        }
        options = o
    }

    /// The font stack: `--font` files, then `--font-family` look-ups, else the embedded stack.
    static func fonts(_ args: Arguments) throws(CLIError) -> [Font] {
        var fonts: [Font] = []
        for file in args.all("font") {
            // A bare file name is looked up in the fonts folder first.
            if !file.contains("/"), let dir = try? DefaultFonts.folder(explicit: args.value("fonts-dir")),
               FileManager.default.fileExists(atPath: dir + "/" + file) {
                fonts.append(try failing { try Font(path: dir + "/" + file) })
            } else {
                fonts.append(try failing { try Font(path: file) })
            }
        }
        for family in args.all("font-family") {
            let parts = family.split(separator: ":", maxSplits: 1).map(String.init)
            fonts.append(try failing { try FontLookup.font(family: parts[0], style: parts.count > 1 ? parts[1] : nil) })
        }
        if fonts.isEmpty {
            fonts = try failing { try DefaultFonts.stack(folder: args.value("fonts-dir")) }
        } else if let embedded = try? DefaultFonts.stack(folder: args.value("fonts-dir")) {
            // The embedded stack is the fallback behind the fonts given, as in a browser.
            fonts += embedded
        }
        return fonts
    }

    /// Shapes and places the label.
    func layout() throws(CLIError) -> [PlacedLabel] {
        let direction = direction
        return try failing {
            try LabelLayout.layout(text, along: path, options: options) { Shaper.shape($0, direction: direction) }
        }
    }
}
