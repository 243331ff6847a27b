/// The named tolerances of the geometry, each with what it bounds. The rasterizer's stroker keeps its
/// own, in device pixels, beside the code that uses them (`Stroker`).
///
/// Relative tolerances multiply a size given where they are used (a segment's length, a coordinate's
/// magnitude); absolute ones are in the units stated.
public enum Tolerance {
    // MARK: Arc length

    /// Arc length: the largest error of one segment's length, as a fraction of its size (the default
    /// of ``PathMeasure/Accuracy``). 1e-8 of a 100 px segment is 1e-6 px.
    public static let arclen = 1e-8
    /// Arc-length inversion: the largest error, as a fraction of a segment's size (at least 1), of the
    /// arc length at the parameter a query finds (the default of ``PathMeasure/Accuracy``).
    public static let inversion = 1e-8
    /// A segment whose length is at most this fraction of its coordinates' magnitude (at least 1) has
    /// zero length: it is skipped when measuring and offsetting.
    public static let zeroLength = 1e-13
    /// An elliptical arc whose two radii differ by at most this fraction of the larger is a circular
    /// arc: its speed is constant and its arc length exact.
    public static let circular = 1e-13

    // MARK: Points and parameters

    /// Two points closer than this fraction of their coordinates' magnitude (at least 1) are the same
    /// point up to rounding: no joining line is worth adding between them, and an offset radius this
    /// small (relative to the radius) has collapsed to the centre. Also an angle within this many
    /// radians of a half turn is a half turn.
    public static let coincident = 1e-12
    /// The narrowest bracket of parameters an arc-length inversion on `t ∈ [0, 1]` narrows to before it
    /// stops: about the spacing of doubles near 1.
    public static let parameterBracket = 1e-16
    /// The smallest step or bracket of `t ∈ [0, 1]` at which a Newton iteration for the nearest point
    /// stops.
    public static let parameterStep = 1e-15

    // MARK: Tangents and normals

    /// The speed `|B′(t)|`, as a fraction of a segment's length, below which its direction is not
    /// trusted as the tangent (the limit from one side is taken instead; see
    /// ``Segment/unitTangent(at:after:scale:)``).
    public static let tangentSpeed = 1e-9
    /// In that limit, the first parameter step away from `t` (then 100, 10⁴, … times larger, to ½).
    public static let tangentProbeStep = 1e-7
    /// In that limit, the speed, as a fraction of the segment's length, at which the derivative's
    /// direction is taken.
    public static let tangentLimitSpeed = 1e-14
    /// The speed `|B′(t)|`, as a fraction of a segment's size, below which the offset curve's derivative
    /// is not formed (its normal turns too fast to trust): the offset piece there is a chord.
    public static let offsetSpeed = 1e-6
}
