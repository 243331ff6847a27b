/// The embedded default font stack, loaded once per process for every ``TextLabel`` that names no fonts.
enum DefaultStack {
    private static let loaded: Result<[Typeface], FontError> = Result { () throws(FontError) in try DefaultFonts.stack() }

    /// The stack, or the error loading it met (the same every time).
    static func fonts() throws(PathTextError) -> [Typeface] {
        switch loaded {
        case .success(let fonts): return fonts
        case .failure(let e): throw .font(e)
        }
    }
}
