import Support
import CPathText
import PathText
import PathTextEngine

/// `int pt_render_rgba(pt_engine *, const char *scene_json, unsigned char **pixels, size_t *width, size_t *height, char **error)`.
@_cdecl("pt_render_rgba")
public func pt_render_rgba_impl(_ engine: OpaquePointer?, _ sceneJSON: UnsafePointer<CChar>?,
                                _ pixels: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                _ width: UnsafeMutablePointer<Int>?, _ height: UnsafeMutablePointer<Int>?,
                                _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    pixels?.pointee = nil
    width?.pointee = 0
    height?.pointee = 0
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let sceneJSON else { return fail(errorOut, "scene_json is NULL", PT_EINVAL) }
    guard let pixels else { return fail(errorOut, "pixels is NULL", PT_EINVAL) }
    guard let width, let height else { return fail(errorOut, "width or height is NULL", PT_EINVAL) }
    guard let request = String(validatingCString: sceneJSON) else { return fail(errorOut, "scene_json: not valid UTF-8", PT_EINVAL) }
    do {
        let image = try unwrap(engine).renderRGBA(request)
        guard let buffer = Syscalls.allocateForC(image.pixels.count)?.assumingMemoryBound(to: UInt8.self) else {
            return fail(errorOut, "out of memory", PT_ENOMEM)
        }
        image.pixels.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: image.pixels.count) }
        pixels.pointee = buffer
        width.pointee = image.width
        height.pointee = image.height
        return PT_OK
    } catch {
        return fail(errorOut, error, PT_EREQUEST)
    }
}
