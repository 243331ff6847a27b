/// A connected run of segments, open or closed.
///
/// Invariant: each segment starts where the previous one ends, and a closed subpath's last segment
/// ends at ``start`` (``BezPath/close()`` adds the closing line when the pen is elsewhere), so measuring
/// and filling need no special case for the closing edge.
public struct Subpath: Hashable, Sendable {
    /// Where the subpath begins (its move-to point).
    public var start: Point
    /// The segments in order.
    public var segments: [Segment]
    /// Whether the subpath was closed (`Z`).
    public var isClosed: Bool

    /// Creates a subpath.
    public init(start: Point, segments: [Segment] = [], isClosed: Bool = false) {
        self.start = start; self.segments = segments; self.isClosed = isClosed
    }

    /// Where the pen is after the last segment.
    public var end: Point { segments.last?.end ?? start }

    /// The subpath traversed backwards.
    public func reversed() -> Subpath {
        Subpath(start: end, segments: segments.reversed().map { $0.reversed() }, isClosed: isClosed)
    }
}

/// A path: a sequence of subpaths, each a run of lines, Béziers and arcs.
///
/// Build one with ``move(to:)``, ``line(to:)``, ``quad(to:control:)``, ``cubic(to:control1:control2:)``,
/// ``arc(_:)`` and ``close()``, from SVG path data, or with the shape builders.
public struct BezPath: Hashable, Sendable {
    /// The subpaths in drawing order.
    public var subpaths: [Subpath]

    /// Creates a path from subpaths.
    public init(subpaths: [Subpath] = []) { self.subpaths = subpaths }

    /// Whether the path has no segments at all.
    public var isEmpty: Bool { subpaths.allSatisfy { $0.segments.isEmpty } }

    /// All segments of all subpaths, in order.
    public var segments: [Segment] { subpaths.flatMap(\.segments) }

    /// The pen position: the end of the last subpath, or the origin.
    public var currentPoint: Point { subpaths.last?.end ?? .zero }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        subpaths.append(Subpath(start: p))
    }

    /// Appends a segment to the current subpath, starting one at the segment's start when there is none
    /// or the current one is closed.
    public mutating func append(_ segment: Segment) {
        if subpaths.isEmpty || subpaths[subpaths.count - 1].isClosed {
            subpaths.append(Subpath(start: segment.start))
        }
        subpaths[subpaths.count - 1].segments.append(segment)
    }

    /// A line from the pen to `p`.
    public mutating func line(to p: Point) { append(.line(Line(currentPoint, p))) }

    /// A quadratic Bézier from the pen to `p`.
    public mutating func quad(to p: Point, control c: Point) { append(.quad(QuadBez(currentPoint, c, p))) }

    /// A cubic Bézier from the pen to `p`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        append(.cubic(CubicBez(currentPoint, c1, c2, p)))
    }

    /// An elliptical arc; a line joins the pen to the arc's start when they differ.
    public mutating func arc(_ arc: EllipticalArc) {
        let s = arc.start
        if !subpaths.isEmpty, !subpaths[subpaths.count - 1].isClosed, currentPoint != s, !s.coincides(with: currentPoint) {
            line(to: s)
        }
        append(.arc(arc))
    }

    /// Closes the current subpath, adding a line back to its start when the pen is elsewhere.
    public mutating func close() {
        guard let last = subpaths.indices.last, !subpaths[last].isClosed else { return }
        let sp = subpaths[last]
        // As in ``arc(_:)``, a gap within rounding of the coordinates is not worth a segment.
        if !sp.start.coincides(with: sp.end) {
            subpaths[last].segments.append(.line(Line(sp.end, sp.start)))
        }
        subpaths[last].isClosed = true
    }

    /// The path traversed backwards: subpaths in reverse order, each reversed.
    public func reversed() -> BezPath { BezPath(subpaths: subpaths.reversed().map { $0.reversed() }) }

    /// The path transformed by `m`.
    public func transformed(by m: Affine) -> BezPath {
        BezPath(subpaths: subpaths.map {
            Subpath(start: m.apply($0.start), segments: $0.segments.map { $0.transformed(by: m) }, isClosed: $0.isClosed)
        })
    }
}
