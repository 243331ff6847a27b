/// The named tolerances of the geometry and the rasterizer, each with what it bounds.
///
/// Relative tolerances multiply a size given where they are used (a segment's length, a coordinate's
/// magnitude); absolute ones are in the units stated.
public enum Tolerance {
    /// Arc length: the largest error of one segment's length, as a fraction of its size (the default
    /// of ``PathMeasure/Accuracy``).
    public static let arclen = 1e-12
    /// Arc-length inversion: the largest error, as a fraction of a quadrature piece's length, of the arc
    /// length at the parameter a query finds (the default of ``PathMeasure/Accuracy``).
    public static let inversion = 1e-11
    /// The speed `|B′(t)|`, as a fraction of a segment's length, below which its direction is not
    /// trusted as the tangent (the limit from one side is taken instead; see
    /// ``Segment/unitTangent(at:after:scale:)``).
    public static let tangentSpeed = 1e-9
    /// The speed `|B′(t)|`, as a fraction of a segment's size, below which the offset curve's derivative
    /// is not formed (its normal turns too fast to trust): the offset piece there is a chord.
    public static let offsetSpeed = 1e-6
    /// The narrowest bracket of parameters an iteration on `t ∈ [0, 1]` narrows to before it stops:
    /// about the spacing of doubles near 1.
    public static let parameterBracket = 1e-16
}
