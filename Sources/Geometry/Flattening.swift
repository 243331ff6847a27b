import Support

/// The one flattening rule: how many equal steps make chords within a tolerance of a curve. Geometry's
/// ``Segment/flatten(tolerance:_:)`` and the rasterizer's contours both count steps with it. (The
/// rasterizer flattens quadratics, all TrueType glyphs, with FreeType's own step rule instead, so that
/// glyphs match FreeType's renderer; see its `FlattenedContours.appendQuad`.)
public enum Flattening {
    /// The most steps one curve is cut into.
    public static let maxSteps = 1 << 16

    /// Steps for a curve whose second derivative is at most `bound` in length over `t ∈ [0, 1]`: a chord
    /// over a parameter step `h` strays at most `bound·h²/8`, so `⌈√(bound / (8·tolerance))⌉` (Wang's
    /// formula for Béziers, whose `‖B″‖` is at most `n(n−1)` times the largest second difference of the
    /// control points). Clamped to `1...maxSteps`; 1 for non-finite input.
    /// - Precondition: `tolerance > 0`.
    @inlinable public static func steps(secondDerivativeBound bound: Double, tolerance: Double) -> Int {
        let n = (bound / (8 * tolerance)).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        // Clamp in floating point: for huge control polygons `n` is finite but beyond Int's range.
        return max(1, Int(min(Double(maxSteps), n)))
    }

    /// Steps of equal angle for an elliptical arc of sweep `sweep` whose larger radius is `radius`: each
    /// step's sagitta `r·(1 − cos(δ/2))` on the larger radius is at most `tolerance`. Clamped to
    /// `1...maxSteps`; 1 when the radius is within the tolerance or the input is not finite.
    /// - Precondition: `tolerance > 0`.
    public static func arcSteps(radius: Double, sweep: Double, tolerance: Double) -> Int {
        let r = abs(radius)
        guard r > tolerance, sweep != 0 else { return 1 }
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / r)))
        guard step > 0, step.isFinite else { return 1 }
        let n = (abs(sweep) / step).rounded(.up)
        guard n.isFinite else { return 1 }
        return max(1, Int(min(Double(maxSteps), n)))
    }
}
