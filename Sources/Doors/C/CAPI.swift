import CPathText
import Glibc
import PathText
import PathTextEngine

// The C ABI of libpathtext (include/pathtext.h). Every function validates its arguments, catches every
// error, and returns a status with a malloc'ed message: no Swift error crosses the boundary.

/// The version string, allocated once.
nonisolated(unsafe) private let versionCString: UnsafeMutablePointer<CChar>? = strdup(Engine.version)

/// `const char *pt_version(void)`.
@_cdecl("pt_version")
public func pt_version_impl() -> UnsafePointer<CChar>? {
    UnsafePointer(versionCString)
}

/// `pt_engine *pt_engine_new(const char *fonts_dir, char **error)`.
@_cdecl("pt_engine_new")
public func pt_engine_new_impl(_ fontsDir: UnsafePointer<CChar>?,
                               _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer? {
    errorOut?.pointee = nil
    var dir: String? = nil
    if let fontsDir {
        guard let d = String(validatingCString: fontsDir) else { fail(errorOut, "fonts_dir: not valid UTF-8"); return nil }
        dir = d
    } else {
        dir = LibraryLocation.defaultFontsFolder()
    }
    do {
        let engine = try Engine(fontsDir: dir)
        return OpaquePointer(Unmanaged.passRetained(engine).toOpaque())
    } catch {
        fail(errorOut, error.message)
        return nil
    }
}

/// `void pt_engine_free(pt_engine *engine)`.
@_cdecl("pt_engine_free")
public func pt_engine_free_impl(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<Engine>.fromOpaque(UnsafeRawPointer(engine)).release()
}

/// `int pt_layout_json(pt_engine *, const char *label_json, char **placements_json, char **error)`.
@_cdecl("pt_layout_json")
public func pt_layout_json_impl(_ engine: OpaquePointer?, _ labelJSON: UnsafePointer<CChar>?,
                                _ placements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    placements?.pointee = nil
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let labelJSON else { return fail(errorOut, "label_json is NULL", PT_EINVAL) }
    guard let placements else { return fail(errorOut, "placements_json is NULL", PT_EINVAL) }
    guard let request = String(validatingCString: labelJSON) else { return fail(errorOut, "label_json: not valid UTF-8", PT_EINVAL) }
    do {
        let json = try unwrap(engine).layoutJSON(request)
        guard let copy = strdup(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        placements.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error.message, PT_EREQUEST)
    }
}

/// `int pt_place_json(pt_engine *, const char *place_json, char **result_json, char **error)`.
@_cdecl("pt_place_json")
public func pt_place_json_impl(_ engine: OpaquePointer?, _ placeJSON: UnsafePointer<CChar>?,
                               _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                               _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    result?.pointee = nil
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let placeJSON else { return fail(errorOut, "place_json is NULL", PT_EINVAL) }
    guard let result else { return fail(errorOut, "result_json is NULL", PT_EINVAL) }
    guard let request = String(validatingCString: placeJSON) else { return fail(errorOut, "place_json: not valid UTF-8", PT_EINVAL) }
    do {
        let json = try unwrap(engine).placeJSON(request)
        guard let copy = strdup(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        result.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error.message, PT_EREQUEST)
    }
}

/// `int pt_render(pt_engine *, const char *scene_json, const char *format, unsigned char **bytes, size_t *length, char **error)`.
@_cdecl("pt_render")
public func pt_render_impl(_ engine: OpaquePointer?, _ sceneJSON: UnsafePointer<CChar>?, _ format: UnsafePointer<CChar>?,
                           _ bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ length: UnsafeMutablePointer<Int>?,
                           _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    bytes?.pointee = nil
    length?.pointee = 0
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let sceneJSON else { return fail(errorOut, "scene_json is NULL", PT_EINVAL) }
    guard let format else { return fail(errorOut, "format is NULL", PT_EINVAL) }
    guard let bytes else { return fail(errorOut, "bytes is NULL", PT_EINVAL) }
    guard let length else { return fail(errorOut, "length is NULL", PT_EINVAL) }
    guard let formatName = String(validatingCString: format), let imageFormat = ImageFormat(rawValue: formatName) else {
        return fail(errorOut, "format: expected \"png\" or \"svg\", got \"\(String(cString: format))\"", PT_EINVAL)
    }
    guard let request = String(validatingCString: sceneJSON) else { return fail(errorOut, "scene_json: not valid UTF-8", PT_EINVAL) }
    do {
        let data = try unwrap(engine).render(request, format: imageFormat)
        guard let buffer = malloc(max(data.count, 1))?.assumingMemoryBound(to: UInt8.self) else {
            return fail(errorOut, "out of memory", PT_ENOMEM)
        }
        data.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: data.count) }
        bytes.pointee = buffer
        length.pointee = data.count
        return PT_OK
    } catch {
        return fail(errorOut, error.message, PT_EREQUEST)
    }
}

/// `void pt_options_init(pt_options *options)`.
@_cdecl("pt_options_init")
public func pt_options_init_impl(_ options: UnsafeMutablePointer<pt_options>?) {
    guard let options else { return }
    options.pointee = TypedOptions.defaults
}

/// `int pt_layout(pt_engine *, const char *text, const char *path_data, const pt_options *, pt_label *, pt_glyph **, size_t *, char **)`.
@_cdecl("pt_layout")
public func pt_layout_impl(_ engine: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ pathData: UnsafePointer<CChar>?,
                           _ options: UnsafePointer<pt_options>?, _ labelOut: UnsafeMutablePointer<pt_label>?,
                           _ glyphs: UnsafeMutablePointer<UnsafeMutablePointer<pt_glyph>?>?,
                           _ count: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    glyphs?.pointee = nil
    count?.pointee = 0
    labelOut?.pointee = pt_label()
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let text else { return fail(errorOut, "text is NULL", PT_EINVAL) }
    guard let pathData else { return fail(errorOut, "path_data is NULL", PT_EINVAL) }
    guard let glyphs else { return fail(errorOut, "glyphs is NULL", PT_EINVAL) }
    guard let count else { return fail(errorOut, "count is NULL", PT_EINVAL) }
    guard let textString = String(validatingCString: text) else { return fail(errorOut, "text: not valid UTF-8", PT_EINVAL) }
    guard let pathString = String(validatingCString: pathData) else { return fail(errorOut, "path_data: not valid UTF-8", PT_EINVAL) }
    var request = GlyphRequest(text: textString, pathData: pathString)
    if let options {
        do { try TypedOptions.apply(options.pointee, to: &request) } catch { return fail(errorOut, error.message, PT_EINVAL) }
    }
    let e = unwrap(engine)
    let labels: [PlacedLabel]
    do { labels = try e.layout(request) } catch { return fail(errorOut, error.message, PT_EREQUEST) }
    let total = labels.reduce(0) { $0 + $1.glyphs.count }
    guard let buffer = malloc(max(total, 1) * MemoryLayout<pt_glyph>.stride)?.bindMemory(to: pt_glyph.self, capacity: max(total, 1)) else {
        return fail(errorOut, "out of memory", PT_ENOMEM)
    }
    var k = 0
    // Font numbers: one registry lookup per distinct font (a label uses a handful), not per glyph.
    var lastFont: ObjectIdentifier? = nil, lastNumber: Int32 = 0
    var known: [(font: ObjectIdentifier, number: Int32)] = []
    for label in labels {
        for g in label.glyphs {
            let id = ObjectIdentifier(g.font)
            let number: Int32
            if id == lastFont {
                number = lastNumber
            } else if let hit = known.first(where: { $0.font == id }) {
                number = hit.number
            } else {
                number = e.fonts.number(g.font)
                known.append((id, number))
            }
            lastFont = id; lastNumber = number
            let m = g.transform
            (buffer + k).initialize(to: pt_glyph(
                glyph: g.glyph, font: number, cluster: Int32(truncatingIfNeeded: g.cluster),
                x: g.origin.x, y: g.origin.y, angle: g.angle * 180 / .pi, advance: g.advance, size: g.size,
                transform: (m.a, m.b, m.c, m.d, m.e, m.f)))
            k += 1
        }
    }
    glyphs.pointee = buffer
    count.pointee = total
    if let labelOut, let l = labels.first {
        labelOut.pointee = pt_label(
            path_length: l.pathLength, size: l.size, advance: l.advance, start: l.start,
            rejected_angle: l.rejectedAngle ?? 0, flipped: l.flipped ? 1 : 0, overflow: l.overflow ? 1 : 0,
            rejected: l.rejected ? 1 : 0, dropped: Int32(truncatingIfNeeded: l.droppedClusters.count))
    }
    return PT_OK
}

/// `int pt_font_file(pt_engine *, int32_t font, char **path, int32_t *face_index, char **error)`.
@_cdecl("pt_font_file")
public func pt_font_file_impl(_ engine: OpaquePointer?, _ font: Int32, _ path: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ faceIndex: UnsafeMutablePointer<Int32>?, _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    path?.pointee = nil
    faceIndex?.pointee = 0
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let path else { return fail(errorOut, "path is NULL", PT_EINVAL) }
    let e = unwrap(engine)
    guard let typeface = e.fonts.font(at: Int(font)) else {
        return fail(errorOut, "font: no font numbered \(font) (the engine has \(e.fonts.count))", PT_EINVAL)
    }
    if let file = PlacementsJSON.absolutePath(typeface) {
        guard let copy = strdup(file) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        path.pointee = copy
    }
    faceIndex?.pointee = Int32(truncatingIfNeeded: typeface.faceIndex)
    return PT_OK
}

/// `void pt_free(void *pointer)`.
@_cdecl("pt_free")
public func pt_free_impl(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}

// MARK: Helpers

/// The engine behind a `pt_engine *`.
private func unwrap(_ engine: OpaquePointer) -> Engine {
    Unmanaged<Engine>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue()
}

/// Stores `message` in `*error` (when the caller asked for it) and returns `code`.
@discardableResult
private func fail(_ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ message: String, _ code: Int32 = PT_EREQUEST) -> Int32 {
    errorOut?.pointee = strdup(message)
    return code
}
