/// Anything the one-call API (``TextLabel``) can fail with: the error of the stage that failed.
public enum PathTextError: Error, Sendable, CustomStringConvertible {
    /// The path data or path is unusable (bad SVG path data, empty, zero length).
    case path(GeometryError)
    /// A font could not be loaded.
    case font(FontError)
    /// The label could not be laid out (empty text, overflow with `.error`, missing glyphs with `.error`,
    /// a bad option value, a resource limit).
    case layout(LayoutError)
    /// The picture could not be made (a canvas too large, PNG encoding, writing the file).
    case render(RenderError)

    /// The stage's own message.
    public var description: String {
        switch self {
        case .path(let e): e.description
        case .font(let e): e.description
        case .layout(let e): e.description
        case .render(let e): e.description
        }
    }
}
