extension PathMeasure {
    /// How accurately a ``PathMeasure`` computes arc length and inverts it (kurbo's `accuracy` argument,
    /// with a named default like its `DEFAULT_ACCURACY`).
    ///
    /// Both numbers are relative: ``arclen`` to the size of each segment (the length of its control
    /// polygon), ``inversion`` to the length of each quadrature piece (pieces shorter than 1 count as 1,
    /// so the bound is absolute, in path units, for short pieces). Lines and circular arcs are exact
    /// whatever the accuracy.
    public struct Accuracy: Hashable, Sendable {
        /// The largest error of the arc length of one segment, as a fraction of the segment's size.
        public let arclen: Double
        /// The largest error of the arc length at the parameter that a query finds, as a fraction of
        /// the length of the quadrature piece it lies in.
        public let inversion: Double

        /// The accuracy used unless another is given: arc length to 1e-12 of each segment's size and
        /// inversion to 1e-11 of each piece's length, so distances agree with the exact ones to about
        /// 1e-11 relative.
        public static let `default` = Accuracy(arclen: Tolerance.arclen, inversion: Tolerance.inversion)

        /// A coarser or finer accuracy: arc length to `relative` of each segment's size, inversion to
        /// ten times that of each piece's length (inversion is cheap; the factor keeps its stopping test
        /// above the quadrature's own error).
        ///
        /// `relative` is kept within `[1e-15, 1e-2]` (a NaN gives ``default``): finer than 1e-15 is below
        /// what doubles resolve, coarser than 1e-2 would let a query land visibly off the path.
        public static func relative(_ relative: Double) -> Accuracy {
            guard !relative.isNaN else { return .default }
            let r = min(max(relative, 1e-15), 1e-2)
            return Accuracy(arclen: r, inversion: 10 * r)
        }

        private init(arclen: Double, inversion: Double) {
            self.arclen = arclen; self.inversion = inversion
        }
    }
}
