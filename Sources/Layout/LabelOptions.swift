import Shaping

/// Where along the path the label is anchored (SVG `text-anchor` with `startOffset`).
public enum TextAnchor: String, Sendable, Hashable, CaseIterable {
    /// The label starts at the anchor (`left` is accepted as a synonym).
    case start
    /// The label is centred on the anchor.
    case center
    /// The label ends at the anchor (`right` is accepted as a synonym).
    case end

    /// Parses `start|center|end`, with `left`, `right` and `middle` accepted as synonyms.
    public init?(name: String) {
        switch name.lowercased() {
        case "start", "left": self = .start
        case "center", "centre", "middle": self = .center
        case "end", "right": self = .end
        default: return nil
        }
    }
}

/// A distance along the path: pixels, or a percentage of the path's length.
public enum PathOffset: Hashable, Sendable {
    /// Pixels along the path (may be negative or beyond the length).
    case pixels(Double)
    /// Percent of the path's length (may be negative or beyond 100).
    case percent(Double)

    /// Parses `12`, `-40`, `25%`, `-25%`.
    public init?(parsing text: String) {
        if text.hasSuffix("%") {
            guard let v = Double(text.dropLast()), v.isFinite else { return nil }
            self = .percent(v)
        } else {
            guard let v = Double(text), v.isFinite else { return nil }
            self = .pixels(v)
        }
    }

    /// The offset in pixels on a path of length `length`.
    public func resolved(length: Double) -> Double {
        switch self {
        case .pixels(let v): v
        case .percent(let p): p / 100 * length
        }
    }
}

/// Which side of the path the text stands on (SVG 2 `side`).
public enum PathSide: String, Sendable, Hashable, CaseIterable {
    /// The text's up side is the path's left-hand normal (the default).
    case left
    /// The path is reversed first, so the text stands on the other side.
    case right
}

/// Which line of the text sits on the path.
public enum Baseline: String, Sendable, Hashable, CaseIterable {
    /// The alphabetic baseline (no shift).
    case alphabetic
    /// The middle of the x-height (or of ascender + descender where the font has no x-height).
    case middle
    /// The ascender: the text hangs from the path.
    case hanging
    /// The descender: the text stands on the path.
    case ideographic
}

/// How the perpendicular shift `dy` is applied.
public enum ShiftMode: String, Sendable, Hashable, CaseIterable {
    /// Measure and place along the parallel curve at distance `dy`, so spacing stays true on bends.
    case parallel
    /// SVG's rule: place on the path, then move each cluster along its own normal.
    case normal
}

/// Whether labels are flipped to read the right way up.
public enum Upright: String, Sendable, Hashable, CaseIterable {
    /// Flip when the label would read right to left on screen (the default).
    case auto
    /// Never flip.
    case off
}

/// How clusters are positioned along the path.
public enum PlacementMethod: String, Sendable, Hashable, CaseIterable {
    /// SVG 2's rule per cluster: the cluster's midpoint on the path, rotated to the tangent there.
    case align
    /// Both ends of each cluster on the path, rotated to the chord (corner-safe on polylines).
    case chord
}

/// What happens to clusters that fall off the ends of an open path.
public enum OverflowPolicy: Sendable, Hashable {
    /// Drop clusters whose midpoint is off the path, and report them (SVG's behaviour).
    case visible
    /// Drop clusters from the logical end and append "…" so the rest fits.
    case ellipsis
    /// Reduce the size until the label fits, down to `minimumSize` pixels per em.
    case shrink(minimumSize: Double)
    /// Throw ``LayoutError/overflow(textLength:pathLength:)``.
    case error
    /// Set the text on several lines, at most ``LabelOptions/maxLines``, broken at Unicode line-break
    /// opportunities (``LineBreaks``, in the first run's language) and balanced; the lines lie on parallel
    /// curves ``LabelOptions/lineHeight`` apart (see ``LabelLayout``). Only
    /// ``LabelLayout/layout(_:along:options:shape:)``, which has the text, can wrap.
    case wrap
    /// Each policy in turn until the label fits, each adding to the ones before it: `[shrink, wrap,
    /// ellipsis]` shrinks the one line down to the minimum size, then wraps it onto up to
    /// ``LabelOptions/maxLines`` lines (at the largest size from the asked one down to the minimum at
    /// which they fit), then cuts the last of those lines with "…". `visible` ends the chain drawing what
    /// overflows; `error` ends it with ``LayoutError/overflow(textLength:pathLength:)``.
    case chain([OverflowPolicy])

    /// The policies in the order they are tried: a chain's, flattened, or this one alone.
    public var steps: [OverflowPolicy] {
        if case .chain(let list) = self { return list.flatMap(\.steps) }
        return [self]
    }

    /// The minimum size of the first `shrink` among ``steps``, if any.
    public var shrinkMinimum: Double? {
        switch self {
        case .shrink(let m): return m
        // Only a chain builds the list of steps (an array: an allocation every label asked for).
        case .chain:
            for step in steps { if case .shrink(let m) = step { return m } }
            return nil
        default: return nil
        }
    }
}

/// Fitting the label to a given length (SVG `textLength` with `lengthAdjust`).
public enum FitMode: Sendable, Hashable {
    /// Natural advances.
    case none
    /// Distribute the difference between the clusters' gaps.
    case spacing(length: Double?)
    /// Scale advances and glyphs along the path.
    case stretch(length: Double?)
}

/// How glyph outlines follow the path.
public enum WarpMode: String, Sendable, Hashable, CaseIterable {
    /// Each glyph is rotated as a rigid body (the default).
    case rigid
    /// Every outline point is mapped through the path (SVG `method=stretch`).
    case bend
}

/// The direction lines of text run in (CSS `writing-mode`), along the path.
public enum WritingMode: String, Sendable, Hashable, CaseIterable {
    /// Glyphs follow the path on their baselines.
    case horizontal
    /// The path runs down the text's column: upright glyphs are shaped top to bottom and stand along it.
    case vertical
}

/// Whether letter spacing applies between the letters of joining scripts (Arabic, Syriac, N'Ko,
/// Mongolian, …; see ``CursiveScripts``).
public enum CursiveTracking: String, Sendable, Hashable, CaseIterable {
    /// No spacing after a cluster whose first character's own script joins, so the joins hold (CSS Text 4,
    /// as Chromium draws it); spaces and other scripts are still spaced. Reported as
    /// ``LabelDiagnostic/suppressedSpacing(_:)``. The default.
    case suppress
    /// Spacing after every cluster, joins broken (PathText before cursive tracking).
    case apply
    /// Beyond browsers: the spacing suppressed within a word is given back as tatweel (kashida) at the
    /// word's best kashida position, so the word keeps the width letter spacing would have given it, its
    /// joins intact (``Elongation``); reported as ``LabelDiagnostic/elongatedSpacing(_:)``. A font without
    /// a tatweel leaves its words unspaced, as ``suppress`` does, reported as
    /// ``LabelDiagnostic/elongationUnavailable(fonts:clusters:)``. Only when the label is shaped by
    /// ``LabelLayout`` (not for an already shaped line) and in horizontal writing.
    case elongate
}

/// The point SVG's `rotate` turns each cluster about.
public enum RotationCentre: String, Sendable, Hashable, CaseIterable {
    /// The cluster's midpoint on the path (on its shifted baseline): Chromium's rule for text on a path.
    case midpoint
    /// The cluster's origin on its baseline: Chromium's rule for plain text (positioned by x and y). In
    /// vertical writing Chromium's origin of the cluster's box: the primary font's ascender below the top
    /// of its cell, half the font's height (ascender − descender) left of the column's centre on screen.
    case origin
}

/// Everything that controls placing one label on a path.
///
/// Every field has a default, so name only what differs:
/// `LabelOptions(align: .center, offset: .pixels(10))`.
public struct LabelOptions: Hashable, Sendable {
    /// The anchor: where on the label the anchor point along the path is.
    public var align: TextAnchor
    /// Moves the anchor forward along the path (backward when negative), for every ``align``:
    /// the anchor is {start: 0, center: L/2, end: L} + offset.
    public var offset: PathOffset
    /// The side the text stands on.
    public var side: PathSide
    /// Which line of the text sits on the path.
    public var baseline: Baseline
    /// Perpendicular shift in pixels, up (towards the text's top) positive.
    public var dy: Double
    /// How `dy` (and the baseline choice) is applied.
    public var shift: ShiftMode
    /// SVG's `dx` list: the value for cluster i (in logical order) moves that cluster and every one after
    /// it along the path, in pixels. The first value moves the whole label, anchor included, as in SVG;
    /// later values lengthen the label. Clusters past the list's end get no extra shift.
    public var dx: [Double] = []
    /// SVG's `dy` list after its first value (which is ``dy``): the value for cluster i + 1 moves that
    /// cluster and every one after it across the path (up positive), each along its own normal.
    public var clusterDy: [Double] = []
    /// SVG's `rotate` list: degrees added to cluster i's angle (clockwise on screen, y down), about the
    /// point ``rotateAbout`` names (by default the cluster's midpoint on the path, as Chromium turns glyphs
    /// on a path); the last value repeats for the clusters after the list.
    public var rotate: [Double] = []
    /// The point ``rotate`` turns each cluster about.
    public var rotateAbout: RotationCentre = .midpoint
    /// Horizontal writing, or vertical writing down the path (CJK upright, other scripts sideways).
    public var writingMode: WritingMode = .horizontal
    /// Which glyphs stand upright in vertical writing.
    public var textOrientation: VerticalOrientation = .mixed
    /// Lines drawn along the label: any of underline, overline and line-through.
    public var decoration: [TextDecoration] = []
    /// Whether underlines and overlines leave gaps where glyphs cross them (CSS `text-decoration-skip-ink: auto`).
    public var decorationSkipInk: Bool = false
    /// The halo's colour (drawn only when ``haloWidth`` is above 0).
    public var haloColor: RGBAColor = .white
    /// How far a halo reaches beyond each glyph's edge, in pixels; 0 draws none.
    public var haloWidth: Double = 0

    /// The halo these options ask for, if any.
    public var halo: Halo? { haloWidth > 0 && haloColor.a > 0 ? Halo(color: haloColor, width: haloWidth) : nil }
    /// Extra space after every cluster, in pixels, added to each run's own letter spacing. It belongs to
    /// the cluster before it: it counts in that cluster's advance a_c, and so moves its midpoint.
    public var letterSpacing: Double
    /// The upright rule.
    public var upright: Upright
    /// The placement method.
    public var method: PlacementMethod
    /// The overflow policy for open paths (and closed ones with ``ClosedPathMode/clip``).
    public var overflow: OverflowPolicy
    /// Fitting to a length.
    public var fit: FitMode
    /// How outlines follow the path.
    public var warp: WarpMode
    /// The largest allowed turn between neighbouring clusters, in degrees; `nil` for no limit.
    public var maxAngle: Double?
    /// When set, copies of the label are repeated along the path with this gap between them, in pixels
    /// (at most ``LabelLayout/maximumRepeatCount`` copies).
    public var `repeat`: Double?
    /// Limits on text length, path segments and font size, checked before any work.
    public var limits: ResourceLimits
    /// Whether characters no font covers are drawn as `.notdef` (and reported) or are an error.
    public var missingGlyphs: MissingGlyphPolicy
    /// Whether text wraps around the start of a closed path (SVG 2) or is clipped at its end (Chromium, resvg).
    public var closedPath: ClosedPathMode
    /// The part of the path the label is confined to (`nil`: all of it). The label is laid out on that
    /// part as on an open path, so ``overflow`` applies at its ends, on closed paths too.
    public var span: PathSpan?
    /// Whether letter spacing applies between letters of joining scripts.
    public var cursiveTracking: CursiveTracking = .suppress
    /// The most lines ``OverflowPolicy/wrap`` may set the text on (1 to ``LabelLayout/maximumLineCount``).
    public var maxLines: Int = 2
    /// The distance between the baselines of wrapped lines, in pixels; `nil`: the first run's primary
    /// font's ascender − descender + line gap at the label's size (CSS `line-height: normal`).
    public var lineHeight: Double? = nil
    /// How distances along the path are counted: exact arc length, or (the SVG reader's `textPath`, as
    /// Chromium measures) Skia's chord sums. Not a catalog option: set by the SVG reader only.
    package var distances: PathDistanceModel = .exact
    /// Whether vertical text is rounded to whole pixels as Chromium rounds it to device pixels
    /// (``DevicePixelVerticalMetrics``: the fonts' ascent and descent, and each upright glyph's vertical
    /// origin). Not a catalog option: set by the SVG reader, whose pixels are the output's device pixels.
    package var snapsVerticalMetrics = false

    /// Creates options; every parameter has the default shown, and each is named as its JSON key (the
    /// request module's option catalog), so `LabelOptions()` is start, no offset, left side,
    /// alphabetic baseline, parallel shift, upright auto, align, visible overflow, no fit, rigid,
    /// horizontal writing, no decoration or halo, `.notdef` drawn for missing characters, and wrapping on
    /// closed paths, at most 2 lines when wrapping. `overflow: .shrink(minimumSize:)` carries `minSize` (in a
    /// chain too), and `fit` carries `length`.
    public init(align: TextAnchor = .start, offset: PathOffset = .pixels(0), side: PathSide = .left,
                baseline: Baseline = .alphabetic, dx: [Double] = [], dy: Double = 0, clusterDy: [Double] = [],
                shift: ShiftMode = .parallel, rotate: [Double] = [], rotateAbout: RotationCentre = .midpoint,
                letterSpacing: Double = 0, upright: Upright = .auto,
                method: PlacementMethod = .align, overflow: OverflowPolicy = .visible, fit: FitMode = .none,
                warp: WarpMode = .rigid, maxAngle: Double? = nil, repeat: Double? = nil,
                writingMode: WritingMode = .horizontal, textOrientation: VerticalOrientation = .mixed,
                decoration: [TextDecoration] = [], decorationSkipInk: Bool = false,
                haloColor: RGBAColor = .white, haloWidth: Double = 0,
                closedPath: ClosedPathMode = .wrap, missingGlyphs: MissingGlyphPolicy = .draw,
                span: PathSpan? = nil, cursiveTracking: CursiveTracking = .suppress, maxLines: Int = 2, lineHeight: Double? = nil,
                limits: ResourceLimits = .default) {
        self.align = align; self.offset = offset; self.side = side; self.baseline = baseline
        self.dx = dx; self.dy = dy; self.clusterDy = clusterDy; self.shift = shift; self.rotate = rotate
        self.rotateAbout = rotateAbout
        self.letterSpacing = letterSpacing; self.upright = upright; self.method = method
        self.overflow = overflow; self.fit = fit; self.warp = warp; self.maxAngle = maxAngle
        self.repeat = `repeat`; self.writingMode = writingMode; self.textOrientation = textOrientation
        self.decoration = decoration; self.decorationSkipInk = decorationSkipInk
        self.haloColor = haloColor; self.haloWidth = haloWidth
        self.closedPath = closedPath; self.missingGlyphs = missingGlyphs; self.span = span; self.cursiveTracking = cursiveTracking
        self.maxLines = maxLines; self.lineHeight = lineHeight; self.limits = limits
    }
}
