/// A picture described as data: a canvas, shapes and labels on paths.
///
/// Scenes are plain values that read from and write to JSON (see README.md, "Scene files"), so a
/// picture can be versioned, diffed and rendered by `pathtext render SCENE.json`. Nothing is resolved
/// here: fonts are file names, paths are path data or shape references, options are the words the CLI
/// takes. ``SceneRenderer`` resolves and draws them.
public struct Scene: Codable, Hashable, Sendable {
    /// RasterCanvas width in pixels.
    public var width: Int
    /// RasterCanvas height in pixels.
    public var height: Int
    /// Background colour (`#RRGGBB[AA]`), or `none` for transparent (the default).
    public var background: String?
    /// The shapes, drawn first, in order.
    public var shapes: [SceneShape]
    /// The labels, drawn after the shapes, in order.
    public var labels: [SceneLabel]

    /// Creates a scene.
    public init(width: Int, height: Int, background: String? = nil, shapes: [SceneShape] = [], labels: [SceneLabel] = []) {
        self.width = width; self.height = height; self.background = background; self.shapes = shapes; self.labels = labels
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case width, height, background, shapes, labels }

    /// Decodes a scene, with `shapes` and `labels` optional.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        background = try c.decodeIfPresent(String.self, forKey: .background)
        shapes = try c.decodeIfPresent([SceneShape].self, forKey: .shapes) ?? []
        labels = try c.decodeIfPresent([SceneLabel].self, forKey: .labels) ?? []
    }
}

/// A shape in a scene: a circle, ring, ring sector, rounded rectangle or any path, filled and/or stroked.
///
/// Angles are in degrees on the canvas: 0° points right (3 o'clock) and angles grow clockwise (y down),
/// as in SVG. Which fields apply depends on ``type``.
public struct SceneShape: Codable, Hashable, Sendable {
    /// `circle`, `ring`, `sector`, `rect` or `path`.
    public var type: String
    /// A name labels can follow with `"shape": ID`.
    public var id: String?
    /// Centre `[x, y]` of a circle, ring or sector.
    public var center: [Double]?
    /// Radius of a circle.
    public var radius: Double?
    /// Inner and outer radii of a ring or sector.
    public var innerRadius: Double?, outerRadius: Double?
    /// Where a circle's path starts (degrees), or where a sector starts.
    public var startAngle: Double?
    /// Where a sector ends (degrees). Sweeps may cross 0°/360°.
    public var endAngle: Double?
    /// Direction of a circle's path or a sector's sweep (default true: clockwise on screen).
    public var clockwise: Bool?
    /// SVG path data of a `path`.
    public var d: String?
    /// Corner, width and height of a `rect`, and its corner radius.
    public var x: Double?, y: Double?, width: Double?, height: Double?, cornerRadius: Double?
    /// Fill colour, or absent for no fill.
    public var fill: String?
    /// Stroke colour, or absent for no stroke.
    public var stroke: String?
    /// Stroke width in pixels (default 1).
    public var strokeWidth: Double?
    /// `round` (default) or `butt` stroke caps.
    public var strokeCap: String?
    /// `nonzero` (default) or `evenodd`.
    public var fillRule: String?
    /// `normal` (source-over, the default) or `knockout` (destination-out: cuts through what is below).
    public var blend: String?

    /// Creates a shape of `type`; set the fields it needs.
    public init(type: String, id: String? = nil) { self.type = type; self.id = id }
}

/// A run of text with its own attributes, within a label.
public struct SceneRun: Codable, Hashable, Sendable {
    /// The text of the run.
    public var text: String
    /// Fonts (embedded fonts by file name, such as `NotoSans-Bold.ttf`, or paths), primary first; the embedded stack follows.
    public var font: [String]?
    /// Size in pixels per em.
    public var size: Double?
    /// Colour `#RRGGBB[AA]`.
    public var color: String?
    /// OpenType features, comma separated (`kern=0,+smcp`).
    public var features: String?
    /// BCP 47 language.
    public var lang: String?
    /// Extra space after each cluster of the run, in pixels.
    public var letterSpacing: Double?

    /// Creates a run.
    public init(text: String) { self.text = text }
}

/// A label: text (one run or several) on a path, with every placement option of `pathtext layout`.
///
/// Attribute fields at the label level (`font`, `size`, `color`, `features`, `lang`, `letterSpacing`)
/// are the defaults of its runs. Option fields take the same words as the CLI flags.
public struct SceneLabel: Codable, Hashable, Sendable {
    /// The text, when the label is one run.
    public var text: String?
    /// The runs, when the label mixes attributes.
    public var runs: [SceneRun]?
    /// SVG path data to follow.
    public var path: String?
    /// Or: the `id` of a shape whose outline to follow.
    public var shape: String?
    /// Default font files of the runs, primary first (the embedded stack always follows).
    public var font: [String]?
    /// Default size of the runs, pixels per em (default 32).
    public var size: Double?
    /// Default colour of the runs, `#RRGGBB[AA]` (default black).
    public var color: String?
    /// Default OpenType features of the runs, comma separated.
    public var features: String?
    /// Default BCP 47 language of the runs.
    public var lang: String?
    /// Default extra space after each cluster, pixels.
    public var letterSpacing: Double?
    /// `ltr`, `rtl` or `auto`.
    public var dir: String?
    /// Placement options, as for `pathtext layout`.
    public var align: String?
    /// Pixels (a number) or a percentage (`"25%"`).
    public var offset: SceneOffset?
    /// `left|right` (SVG 2 `side`).
    public var side: String?
    /// `alphabetic|middle|hanging|ideographic`.
    public var baseline: String?
    /// Perpendicular shift in pixels, up positive.
    public var dy: Double?
    /// `parallel|normal`.
    public var shift: String?
    /// `auto|off`.
    public var upright: String?
    /// `align|chord`.
    public var method: String?
    /// `visible|ellipsis|shrink|error`.
    public var overflow: String?
    /// The smallest size `shrink` may use, pixels per em (default 6).
    public var minSize: Double?
    /// `none|spacing|stretch` (SVG `lengthAdjust`).
    public var fit: String?
    /// The length to fit to, pixels (default: the path's length).
    public var length: Double?
    /// `rigid|bend`.
    public var warp: String?
    /// The largest turn between neighbouring clusters, degrees.
    public var maxAngle: Double?
    /// Repeat the label along the path with this gap, pixels.
    public var `repeat`: Double?
    /// `normal` or `knockout`.
    public var blend: String?

    /// Creates a one-run label on path data.
    public init(text: String, path: String? = nil, shape: String? = nil) { self.text = text; self.path = path; self.shape = shape }
}

/// An offset along a path in a scene file: a number of pixels or a string percentage (`"-25%"`).
public enum SceneOffset: Codable, Hashable, Sendable {
    /// Pixels.
    case pixels(Double)
    /// Text as written, such as `"25%"` or `"-40"`.
    case text(String)

    /// Decodes a number or a string.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let v = try? c.decode(Double.self) { self = .pixels(v) } else { self = .text(try c.decode(String.self)) }
    }

    /// Encodes a number or a string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .pixels(let v): try c.encode(v)
        case .text(let s): try c.encode(s)
        }
    }
}
