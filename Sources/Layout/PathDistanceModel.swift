import Geometry

/// How a layout counts distances along its path: the true arc length, or the chord sums Chromium's
/// graphics library measures with.
///
/// Chromium (through Skia's `SkContourMeasure`) lays SVG `textPath` text out in chord lengths: each
/// curve halved until flat to 0.5 user units and its chords added up (see ``ChordDistances``), so its
/// paths come out short by a share that grows with their bending (0.15 % on a semicircle) and its glyphs
/// lead true arc-length positions by as much. The SVG reader asks for that model, so that its text
/// lands where the browser puts it; every other door keeps exact arc length.
package enum PathDistanceModel: Hashable, Sendable {
    /// Distances are the path's true arc length (the default).
    case exact
    /// Distances are Skia's chord sums, curves halved until flat to `tolerance` (in the path's units;
    /// Skia's is 0.5 user units, so the SVG reader passes 0.5 × the document's scale).
    case skiaChords(tolerance: Double)
}

/// A measured path with the distance model its layout counts in: the layout's distances (anchors, pen
/// positions, ends) are the model's, and the samples are the measure's at the matching arc length.
struct Course {
    /// The measure sampled.
    let measure: PathMeasure
    /// The chords of the model, `nil` for exact distances.
    let chords: ChordDistances?

    /// `measure` counted as `model` asks.
    init(_ measure: PathMeasure, model: PathDistanceModel) {
        self.measure = measure
        switch model {
        case .exact: chords = nil
        case .skiaChords(let tolerance): chords = ChordDistances(measure, tolerance: tolerance)
        }
    }

    /// The path's length in the model's distances.
    var length: Double { chords?.length ?? measure.length }

    /// The measure's distance (true arc length) for the model's distance `d`.
    @inline(__always) func arc(_ d: Double) -> Double {
        guard let chords else { return d }
        return chords.arcDistance(at: d)
    }

    /// The point and unit tangent at the model's distance `d`.
    func sample(at d: Double) -> PathSample { measure.sample(at: arc(d)) }
}
