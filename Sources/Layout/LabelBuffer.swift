import Geometry
import Shaping
import Support

/// Storage kept between labels: lay out label after label into one buffer and read each result from
/// ``labels``, as a HarfBuzz caller reuses one `hb_buffer_t`. Once its arrays are large enough, a label
/// laid out into a buffer allocates nothing: the shaped line, its clusters and the placed glyphs are
/// written into the storage of the label before.
///
/// ```swift
/// var buffer = LabelBuffer()
/// for name in names {
///     let text = AttributedText(name, attributes: TextAttributes(fonts: fonts, size: 16))
///     try LabelLayout.layout(text, along: measure, options: options, into: &buffer)
///     draw(buffer.labels)
/// }
/// ```
///
/// The labels are those ``LabelLayout/layout(_:along:options:shape:)`` and
/// ``LabelLayout/place(_:along:options:)`` return, to the bit. A copy of ``labels`` that the caller
/// keeps stays as it was (arrays are copied on write); the next label then allocates its arrays anew.
public struct LabelBuffer: Sendable {
    /// The labels of the last call into the buffer: one, several with ``LabelOptions/repeat``, none when the
    /// call threw.
    public internal(set) var labels: [PlacedLabel] = []
    /// The last label's shaped line, whose arrays the next label is shaped into.
    var line = ShapedLine.empty
    /// The last label's clusters (``ClusterRun/units``), kept for their storage.
    var units: [ClusterRun.Unit] = []
    /// Placed glyphs' storage for the next label: the first label's glyphs from the call before.
    var glyphs: [PlacedGlyph] = []

    /// An empty buffer.
    public init() {}

    /// Empties ``labels`` before a call, keeping the first label's glyph storage for the next placement.
    mutating func recycle() {
        if !labels.isEmpty { glyphs = labels[0].glyphs.take() }
        labels.removeAll(keepingCapacity: true)
    }

    /// Takes back the line and the clusters a placement was made from.
    mutating func keep(_ input: inout PlacementInput) {
        swap(&line, &input.line)
        units = input.run.units.take()
    }

    /// The kept line, leaving an empty one in its place.
    mutating func takeLine() -> ShapedLine {
        var taken = ShapedLine.empty
        swap(&line, &taken)
        return taken
    }
}

extension LabelLayout {
    /// ``layout(_:along:options:shape:)`` into `buffer`: the labels are in `buffer.labels` afterwards.
    ///
    /// A single horizontal line (any alignment, shift, spacing, fit, span or shrink) is shaped and placed in
    /// the buffer's storage (with ``LabelOptions/repeat`` the line and its clusters are, and each copy's
    /// glyphs are arrays of their own); text that needs shaping more than once (``OverflowPolicy/ellipsis``,
    /// ``OverflowPolicy/wrap``, a chain, ``CursiveTracking/elongate``) or vertical writing is laid out as
    /// ``layout(_:along:options:shape:)`` does and its labels stored.
    /// - Throws: what ``layout(_:along:options:shape:)`` throws; `buffer.labels` is then empty.
    public static func layout(_ text: AttributedText, along measure: PathMeasure, options: LabelOptions = LabelOptions(),
                              into buffer: inout LabelBuffer) throws(LayoutError)
    {
        buffer.recycle()
        let shapesOnce: Bool = switch options.overflow {
        case .chain, .wrap, .ellipsis: false
        default: options.writingMode == .horizontal && options.cursiveTracking != .elongate
        }
        guard shapesOnce else {
            buffer.labels = try layout(text, along: measure, options: options)
            return
        }
        try check(text, measure, options)
        Shaper.shape(text, into: &buffer.line)
        try place(buffer.takeLine(), along: measure, options: options, flip: nil, into: &buffer, checked: true)
    }

    /// ``place(_:along:options:)`` into `buffer`: the labels are in `buffer.labels` afterwards, placed in the
    /// storage of the buffer's labels before.
    /// - Throws: what ``place(_:along:options:)`` throws; `buffer.labels` is then empty.
    public static func place(_ line: consuming ShapedLine, along measure: PathMeasure, options: LabelOptions = LabelOptions(),
                             into buffer: inout LabelBuffer) throws(LayoutError)
    {
        buffer.recycle()
        try place(line, along: measure, options: options, flip: nil, into: &buffer)
    }
}
