import CMath

// The elementary functions the geometry, layout and raster code reads like maths with, under their
// usual names (Swift's standard library has none; CMath's builtins are the C library's).

/// The sine of `x` radians.
@inlinable package func sin(_ x: Double) -> Double { pt_sin(x) }
/// The cosine of `x` radians.
@inlinable package func cos(_ x: Double) -> Double { pt_cos(x) }
/// The tangent of `x` radians.
@inlinable package func tan(_ x: Double) -> Double { pt_tan(x) }
/// The arcsine of `x`, in radians.
@inlinable package func asin(_ x: Double) -> Double { pt_asin(x) }
/// The arccosine of `x`, in radians.
@inlinable package func acos(_ x: Double) -> Double { pt_acos(x) }
/// The arctangent of `x`, in radians.
@inlinable package func atan(_ x: Double) -> Double { pt_atan(x) }
/// The angle of the vector (`x`, `y`) from the x axis, in radians in [-π, π].
@inlinable package func atan2(_ y: Double, _ x: Double) -> Double { pt_atan2(y, x) }
/// `x` raised to the power `y`.
@inlinable package func pow(_ x: Double, _ y: Double) -> Double { pt_pow(x, y) }
/// e raised to the power `x`.
@inlinable package func exp(_ x: Double) -> Double { pt_exp(x) }
/// The natural logarithm of `x`.
@inlinable package func log(_ x: Double) -> Double { pt_log(x) }
/// The length of the vector (`x`, `y`), without overflow or underflow on the way.
@inlinable package func hypot(_ x: Double, _ y: Double) -> Double { pt_hypot(x, y) }
