import PathText

extension Engine {
    /// Draws an SVG document (the body of `POST /api/render` when it is SVG) to PNG or SVG, with the
    /// engine's fonts and limits.
    /// - Parameter strict: whether a feature the reader does not draw is an error instead of a warning
    ///   (`nil`: the engine's ``RequestSettings/strict``).
    /// - Returns: the image and the reader's warnings (each names the element and attribute).
    /// - Throws: ``EngineError`` with the reader's message (entities refused, malformed XML, `strict`), or
    ///   the scene's.
    public func renderSVGDocument(_ document: [UInt8], format: ImageFormat? = nil, strict: Bool? = nil) throws(EngineError) -> (image: [UInt8], warnings: [String]) {
        try withResolver { r throws(EngineError) in
            let read: SVGScene
            do throws(SVGError) { read = try SVGInput.read(document, options: SVGReadOptions(strict: strict ?? settings.strict), resolver: r) } catch {
                throw EngineError(error.description)
            }
            do throws(EngineError) {
                return (try RequestDecoding.render(read.scene, format: format ?? settings.format, resolver: r), read.warnings.map(\.description))
            } catch {
                // The scene's errors said in the document's terms (`line 3: <rect> stroke-width: …`), not its JSON paths.
                guard !error.key.isEmpty else { throw error }
                throw EngineError(read.describe(SceneError(error.key, error.reason)))
            }
        }
    }
}
