import Geometry
import Shaping
import Layout

/// A picture described as data: a canvas, shapes and labels on paths.
///
/// Scenes are typed values that read from and write to JSON (see the "Scene files" article and
/// ``SceneJSON``), so a picture can be versioned, diffed and rendered by `pathtext render SCENE.json`.
/// Fonts stay names until ``SceneResolver`` loads them; everything else is the library's own types.
public struct Scene: Hashable, Sendable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Background colour; `nil` (or a transparent colour) for none.
    public var background: RGBAColor?
    /// The shapes, drawn first, in order.
    public var shapes: [SceneShape]
    /// The labels, drawn after the shapes, in order.
    public var labels: [SceneLabel]
    /// The paint order, when it is not every shape and then every label: each item names a shape or a
    /// label by index, as an SVG document interleaves them. Scene files do not carry it.
    public var order: [SceneItem]?
    /// When set, the canvas is fitted to the labels: their ink box (halos included; the advance box when
    /// there is no ink) grown by this margin in pixels, rounded out to whole pixels, and everything drawn
    /// moved onto it. `width` and `height` are then not needed (the fitted size replaces them).
    public var fitCanvas: Double?

    /// Creates a scene.
    public init(width: Int, height: Int, background: RGBAColor? = nil, shapes: [SceneShape] = [], labels: [SceneLabel] = []) {
        self.width = width; self.height = height; self.background = background; self.shapes = shapes; self.labels = labels
    }
}

/// One thing to draw in a ``Scene``'s paint order: the shape or the label at an index, or the start or end
/// of a group.
public enum SceneItem: Hashable, Sendable {
    /// `shapes[i]`.
    case shape(Int)
    /// `labels[i]`.
    case label(Int)
    /// Starts a group: the items up to its ``endGroup`` are drawn on a layer of their own, which is then
    /// composited with `opacity` (SVG `opacity` on a `<g>`: overlapping children do not show through each
    /// other). At most ``maximumGroupDepth`` open at once; a group still open at the end is closed there.
    case beginGroup(opacity: Double)
    /// Starts a group drawn through an SVG filter (``FilterEffect``): at its ``endGroup`` the filter runs on
    /// the group's layer, its region resolved against the bounding box of what the group drew (shapes'
    /// geometry, labels' ``PlacedLabel/objectBoundingBox``). Counted with the groups of ``maximumGroupDepth``.
    case beginFilter(FilterEffect)
    /// Ends the innermost open group.
    case endGroup

    /// The most groups open at once (each holds a copy of the canvas while it is open).
    public static let maximumGroupDepth = 4
}

/// What a ``SceneShape`` is.
public enum ShapeKind: String, Hashable, Sendable, CaseIterable {
    /// A circle: `center`, `radius`, `startAngle`, `clockwise`.
    case circle
    /// The band between two circles: `center`, `innerRadius`, `outerRadius`.
    case ring
    /// A ring sector: `center`, `innerRadius`, `outerRadius`, `startAngle`, `endAngle`, `clockwise`.
    case sector
    /// An open circular arc: `center`, `radius`, `startAngle`, `endAngle`, `clockwise` (a dial label's path).
    case arc
    /// A rounded rectangle: `x`, `y`, `width`, `height`, `cornerRadius`.
    case rect
    /// Any path: `d`.
    case path
}

/// A shape in a scene: a circle, ring, ring sector, rounded rectangle or any path, filled and/or stroked.
///
/// Angles are in degrees on the canvas: 0° points right (3 o'clock) and angles grow clockwise (y down),
/// as in SVG. Which fields apply depends on ``type``.
public struct SceneShape: Hashable, Sendable {
    /// What the shape is.
    public var type: ShapeKind
    /// A name labels can follow with `"shape": ID`.
    public var id: String?
    /// Centre of a circle, ring or sector.
    public var center: Point?
    /// Radius of a circle.
    public var radius: Double?
    /// Inner and outer radii of a ring or sector.
    public var innerRadius: Double?, outerRadius: Double?
    /// Where a circle's path starts (degrees), or where a sector starts.
    public var startAngle: Double?
    /// Where a sector or arc ends (degrees). Sweeps may cross 0°/360°.
    public var endAngle: Double?
    /// Direction of a circle's path or a sector's sweep (default true: clockwise on screen).
    public var clockwise: Bool?
    /// The path of a `path`.
    public var d: BezPath?
    /// Corner, width and height of a `rect`, and its corner radius.
    public var x: Double?, y: Double?, width: Double?, height: Double?, cornerRadius: Double?
    /// Fill colour, or `nil` for no fill.
    public var fill: RGBAColor?
    /// A gradient fill, painted instead of ``fill`` (its `objectBoundingBox` is the shape's control box).
    public var fillGradient: Gradient?
    /// Stroke colour, or `nil` for no stroke.
    public var stroke: RGBAColor?
    /// A gradient stroke, painted instead of ``stroke`` (which may then be left out); its `objectBoundingBox`
    /// is the shape's control box, as SVG takes the geometry's box without the stroke.
    public var strokeGradient: Gradient?
    /// Stroke width in pixels (default 1).
    public var strokeWidth: Double?
    /// Stroke caps (default round).
    public var strokeCap: LineCap?
    /// The stroke's dash and gap lengths in pixels (default none: solid), as a label's.
    public var strokeDasharray: [Double]?
    /// How far into the dash pattern the stroke starts, in pixels (default 0).
    public var strokeDashoffset: Double?
    /// The fill rule (default non-zero).
    public var fillRule: FillRule?
    /// How the shape combines with what is below (default source-over; `knockout` is destination-out).
    public var blend: CompositeMode?

    /// Creates a shape of `type`; set the fields it needs.
    public init(type: ShapeKind, id: String? = nil) { self.type = type; self.id = id }
}

/// A run of text with its own attributes, within a label.
public struct SceneRun: Hashable, Sendable {
    /// The text of the run.
    public var text: String
    /// The run's attributes; those not given are the label's.
    public var style: RunStyle

    /// Creates a run.
    public init(text: String, style: RunStyle = RunStyle()) { self.text = text; self.style = style }
}

/// A label: text (one run or several) on a path, with every option of `pathtext layout` as typed values.
///
/// This is the one label request format: scene files, the CLI's flags and the other front doors all
/// decode into it (``SceneJSON/decodeLabel(_:)``), through ``SceneLabel/catalog``.
public struct SceneLabel: Hashable, Sendable {
    /// The text, when the label is one run.
    public var text: String?
    /// The runs, when the label mixes attributes.
    public var runs: [SceneRun]?
    /// The path to follow.
    public var path: BezPath?
    /// Or: the `id` of a shape whose outline to follow.
    public var shape: String?
    /// The attributes of the label's runs, where a run gives none of its own.
    public var style: RunStyle
    /// The paragraph direction.
    public var direction: ParagraphDirection
    /// The placement options.
    public var options: LabelOptions
    /// How the glyphs combine with what is below (`knockout`: destination-out).
    public var blend: CompositeMode

    /// Creates a one-run label on a path or on a shape's outline, with default options.
    public init(text: String? = nil, path: BezPath? = nil, shape: String? = nil, style: RunStyle = RunStyle(),
                options: LabelOptions = LabelOptions()) {
        self.text = text; self.path = path; self.shape = shape; self.style = style
        direction = .auto; self.options = options; blend = .sourceOver
    }
}

/// Request names for the front doors: a label request is a ``SceneLabel``, a scene request a ``Scene``.
public typealias LabelRequest = SceneLabel
/// A scene request (see ``LabelRequest``).
public typealias SceneRequest = Scene

extension SceneLabel {
    /// Every font file the label names, its runs' included (the inputs an output must not overwrite).
    public var fontFiles: [String] { (style.fonts ?? []) + (runs ?? []).flatMap { $0.style.fonts ?? [] } }
}
