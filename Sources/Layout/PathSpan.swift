import Geometry
import Support

/// The part of a path a label is confined to: from one distance to another along the path as given
/// (before `side: right` reverses it). The label is laid out on that part as on an open path, so the
/// overflow policy applies at the span's ends, on closed paths too.
///
/// On a closed path the span may run on across the path's start (`from` 75 %, `to` 25 %).
public struct PathSpan: Hashable, Sendable {
    /// One end of a span.
    public enum Bound: Hashable, Sendable {
        /// Pixels along the path from its start.
        case pixels(Double)
        /// Percent of the path's length.
        case percent(Double)
        /// Degrees on the canvas (0° right, clockwise): for labels following a circle or arc shape of a
        /// scene, whose resolver turns them into pixels. Layout itself cannot resolve them.
        case degrees(Double)

        /// Parses `120`, `25%` or `200deg`.
        public init?(parsing text: String) {
            let t = text.trimmingSpaces
            if t.hasSuffix("deg") {
                guard let v = Double(t.dropLast(3)), v.isFinite else { return nil }
                self = .degrees(v)
            } else if t.hasSuffix("%") {
                guard let v = Double(t.dropLast()), v.isFinite else { return nil }
                self = .percent(v)
            } else {
                guard let v = Double(t), v.isFinite else { return nil }
                self = .pixels(v)
            }
        }

        /// The bound as written: `120`, `25%`, `200deg`.
        public var text: String {
            func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
            switch self {
            case .pixels(let v): return n(v)
            case .percent(let v): return n(v) + "%"
            case .degrees(let v): return n(v) + "deg"
            }
        }

        /// The distance in pixels on a path of `length`, or `nil` for degrees.
        public func resolved(length: Double) -> Double? {
            switch self {
            case .pixels(let v): v
            case .percent(let p): p / 100 * length
            case .degrees: nil
            }
        }
    }

    /// Where the span starts.
    public var from: Bound
    /// Where the span ends.
    public var to: Bound

    /// Creates a span.
    public init(from: Bound, to: Bound) { self.from = from; self.to = to }

    /// The span's measured part of `measure`.
    /// - Throws: ``LayoutError/badOption(_:)`` for degrees (unresolved) and ``LayoutError/path(_:)`` for
    ///   a span of no length.
    func portion(of measure: PathMeasure) throws(LayoutError) -> PathMeasure {
        guard let a = from.resolved(length: measure.length), let b = to.resolved(length: measure.length) else {
            throw .badOption("a span in degrees needs a label that follows a circle or arc shape of a scene")
        }
        if !measure.isClosed, b <= a {
            throw .badOption("the span ends (\(to.text)) before it starts (\(from.text)) on an open path")
        }
        do {
            let path = try measure.portion(from: a, to: b)
            return try PathMeasure(path, accuracy: measure.accuracy)
        } catch { throw .path(error) }
    }
}
