/// How a fill combines with what is already on the canvas (Porter–Duff operators).
public enum CompositeMode: String, Hashable, Sendable, CaseIterable {
    /// Paint over the destination: `d = s + d·(1 − αs)`.
    case sourceOver
    /// Knock out: remove the destination where the source covers it, `d = d·(1 − αs)`; the source's
    /// colour is ignored, only its alpha times coverage counts. Text knocked out of a filled shape lets
    /// whatever is behind the image show through.
    case destinationOut
}
