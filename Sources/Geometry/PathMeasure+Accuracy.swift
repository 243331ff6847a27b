extension PathMeasure {
    /// How accurately a ``PathMeasure`` computes arc length and inverts it (kurbo's `accuracy` argument,
    /// with a named default like its `DEFAULT_ACCURACY`).
    ///
    /// Both numbers are relative to the size of each segment (the length of its control polygon;
    /// for ``inversion`` segments shorter than 1 count as 1, so the bound is absolute, in path units, for
    /// short segments). Lines and circular arcs are exact whatever the accuracy. The errors are judged
    /// when measuring by estimates that err on the large side (see ``PathMeasure``); asking for less than
    /// about 1e-13 gives about 1e-13, what rounding allows.
    public struct Accuracy: Hashable, Sendable {
        /// The largest error of the arc length of one segment, as a fraction of the segment's size.
        public let arclen: Double
        /// The largest error of the arc length at the parameter that a query finds (so of the point's
        /// position along the path), as a fraction of the segment's size.
        public let inversion: Double

        /// The accuracy used unless another is given: arc length and inversion to 1e-8 of each
        /// segment's size (1e-6 px on a 100 px segment; the measured errors are usually far smaller);
        /// a typical cubic is about two pieces.
        public static let `default` = Accuracy(arclen: Tolerance.arclen, inversion: Tolerance.inversion)

        /// A coarser or finer accuracy: arc length and inversion to `relative` of each segment's size.
        /// Finer accuracies cut segments into more pieces (more memory, slower measuring).
        ///
        /// `relative` is kept within `[1e-15, 1e-2]` (a NaN gives ``default``): finer than 1e-15 is below
        /// what doubles resolve, coarser than 1e-2 would let a query land visibly off the path.
        public static func relative(_ relative: Double) -> Accuracy {
            guard !relative.isNaN else { return .default }
            let r = min(max(relative, 1e-15), 1e-2)
            return Accuracy(arclen: r, inversion: r)
        }

        private init(arclen: Double, inversion: Double) {
            self.arclen = arclen; self.inversion = inversion
        }
    }
}
