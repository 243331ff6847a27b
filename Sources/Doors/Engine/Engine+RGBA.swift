import PathText

/// A drawn scene's pixels: what `pt_render_rgba` and Python's `format="rgba"` give, with no PNG between.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha (straight, not premultiplied), rows top to bottom.
    public var pixels: [UInt8]

    /// An image of `width × height` pixels.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

extension Engine {
    /// Draws a scene request (a scene file's JSON) or an SVG document and returns its pixels, as
    /// `render(_:format: .png)` draws them but without encoding a PNG.
    public func renderRGBA(_ sceneJSON: String) throws(EngineError) -> RGBAImage {
        let bytes = Array(sceneJSON.utf8)
        if SVGInput.isSVG(path: "", prefix: Array(bytes.prefix(4096))) {
            return try withResolver { r throws(EngineError) in
                let read: SVGScene
                do throws(SVGError) { read = try SVGInput.read(bytes, options: SVGReadOptions(), resolver: r) } catch {
                    throw EngineError(error.description)
                }
                return try RequestDecoding.renderRGBA(read.scene, resolver: r)
            }
        }
        let scene = try RequestDecoding.scene(sceneJSON, allowFontPaths: allowFontPaths)
        return try withResolver { r throws(EngineError) in try RequestDecoding.renderRGBA(scene, resolver: r) }
    }
}
