import JSON
import Support
import CPathText
import PathText
import PathTextEngine

// The C ABI of libpathtext (include/pathtext.h). Every function validates its arguments, catches every
// error, and returns a status with a malloc'ed message: no Swift error crosses the boundary.

/// The version string, allocated once.
nonisolated(unsafe) private let versionCString: UnsafeMutablePointer<CChar>? = Syscalls.duplicateForC(Engine.version)

/// `const char *pt_version(void)`.
@_cdecl("pt_version")
public func pt_version_impl() -> UnsafePointer<CChar>? {
    UnsafePointer(versionCString)
}

/// `pt_engine *pt_engine_new(const char *fonts_dir, char **error)`.
@_cdecl("pt_engine_new")
public func pt_engine_new_impl(_ fontsDir: UnsafePointer<CChar>?,
                               _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer? {
    makeEngine(fontsDir, systemFonts: true, errorOut)
}

/// `void pt_engine_options_init(pt_engine_options *options)`.
@_cdecl("pt_engine_options_init")
public func pt_engine_options_init_impl(_ options: UnsafeMutablePointer<pt_engine_options>?) {
    guard let options else { return }
    options.pointee = pt_engine_options(struct_size: MemoryLayout<pt_engine_options>.size, fonts_dir: nil, system_fonts: 1)
}

/// `pt_engine *pt_engine_new2(const pt_engine_options *options, char **error)`.
@_cdecl("pt_engine_new2")
public func pt_engine_new2_impl(_ options: UnsafePointer<pt_engine_options>?,
                                _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer? {
    errorOut?.pointee = nil
    guard let options else { return makeEngine(nil, systemFonts: true, errorOut) }
    // Fields past the caller's struct_size are at their defaults (a caller built against an older header).
    let size = options.pointee.struct_size
    guard size >= MemoryLayout<Int>.size else {
        fail(errorOut, "options: struct_size is \(size); fill the options with pt_engine_options_init first"); return nil
    }
    let raw = UnsafeRawPointer(options)
    func has<T>(_ field: KeyPath<pt_engine_options, T>) -> Bool {
        guard let offset = MemoryLayout<pt_engine_options>.offset(of: field) else { return false }
        return offset + MemoryLayout<T>.size <= size
    }
    let fontsDir = has(\.fonts_dir) ? raw.load(fromByteOffset: MemoryLayout<pt_engine_options>.offset(of: \.fonts_dir)!, as: UnsafePointer<CChar>?.self) : nil
    let systemFonts = has(\.system_fonts) ? raw.load(fromByteOffset: MemoryLayout<pt_engine_options>.offset(of: \.system_fonts)!, as: Int32.self) != 0 : true
    return makeEngine(fontsDir, systemFonts: systemFonts, errorOut)
}

/// An engine for `fontsDir` (`nil`: the library's default folder).
private func makeEngine(_ fontsDir: UnsafePointer<CChar>?, systemFonts: Bool,
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
        let engine = try Engine(fontsDir: dir, systemFonts: systemFonts)
        return OpaquePointer(Unmanaged.passRetained(engine).toOpaque())
    } catch {
        fail(errorOut, error)
        return nil
    }
}

/// `pt_engine *pt_engine_new_json(const char *settings_json, char **error)`: an engine from the catalog's
/// request settings as JSON (`{"fontsDir": "…", "systemFonts": false, "timeLimit": 2, "format": "svg",
/// "ink": true, "strict": true}`); the request settings are the defaults of the engine's calls.
@_cdecl("pt_engine_new_json")
public func pt_engine_new_json_impl(_ settingsJSON: UnsafePointer<CChar>?,
                                    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer? {
    errorOut?.pointee = nil
    var settings = RequestSettings()
    if let settingsJSON {
        guard let text = String(validatingCString: settingsJSON) else { fail(errorOut, "settings_json: not valid UTF-8"); return nil }
        do {
            settings = try RequestSettings.decode(try JSONValue.parse(text))
        } catch let error as JSONError {
            fail(errorOut, "settings_json: " + error.description, key: error.path); return nil
        } catch {
            fail(errorOut, "settings_json: " + error.description); return nil
        }
    }
    if settings.fontsDir == nil { settings.fontsDir = LibraryLocation.defaultFontsFolder() }
    do {
        let engine = try Engine(settings: settings)
        return OpaquePointer(Unmanaged.passRetained(engine).toOpaque())
    } catch {
        fail(errorOut, error)
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
        guard let copy = Syscalls.duplicateForC(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        placements.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error, PT_EREQUEST)
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
        guard let copy = Syscalls.duplicateForC(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        result.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error, PT_EREQUEST)
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
    guard let bytes else { return fail(errorOut, "bytes is NULL", PT_EINVAL) }
    guard let length else { return fail(errorOut, "length is NULL", PT_EINVAL) }
    // NULL: the engine's format setting.
    var imageFormat: ImageFormat? = nil
    if let format {
        guard let formatName = String(validatingCString: format), let f = ImageFormat(rawValue: formatName) else {
            return fail(errorOut, "format: expected \"png\" or \"svg\", got \"\(String(cString: format))\"", PT_EINVAL)
        }
        imageFormat = f
    }
    guard let request = String(validatingCString: sceneJSON) else { return fail(errorOut, "scene_json: not valid UTF-8", PT_EINVAL) }
    do {
        let data = try unwrap(engine).render(request, format: imageFormat)
        guard let buffer = Syscalls.allocateForC(data.count)?.assumingMemoryBound(to: UInt8.self) else {
            return fail(errorOut, "out of memory", PT_ENOMEM)
        }
        data.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: data.count) }
        bytes.pointee = buffer
        length.pointee = data.count
        return PT_OK
    } catch {
        return fail(errorOut, error, PT_EREQUEST)
    }
}

/// `int pt_layout(pt_engine *, const char *text, const char *path_data, const pt_options *, pt_label *, pt_glyph **, size_t *, char **)`.
@_cdecl("pt_layout")
public func pt_layout_impl(_ engine: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ pathData: UnsafePointer<CChar>?,
                           _ options: OpaquePointer?, _ labelOut: UnsafeMutablePointer<pt_label>?,
                           _ glyphs: UnsafeMutablePointer<UnsafeMutablePointer<pt_glyph>?>?,
                           _ count: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    glyphs?.pointee = nil
    count?.pointee = 0
    labelOut?.pointee = pt_label()
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let glyphs else { return fail(errorOut, "glyphs is NULL", PT_EINVAL) }
    guard let count else { return fail(errorOut, "count is NULL", PT_EINVAL) }
    let label: SceneLabel
    do { label = try CLayout.label(text, pathData, options) } catch { return fail(errorOut, error, PT_EINVAL) }
    let e = unwrap(engine)
    let labels: [PlacedLabel]
    do { labels = try e.layout(label) } catch { return fail(errorOut, error, PT_EREQUEST) }
    guard let buffer = CLayout.glyphs(labels, fonts: e.fonts) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
    if let labelOut, let first = labels.first {
        guard let l = CLayout.label(first) else { pt_free(buffer.pointer); return fail(errorOut, "out of memory", PT_ENOMEM) }
        labelOut.pointee = l
    }
    glyphs.pointee = buffer.pointer
    count.pointee = buffer.count
    return PT_OK
}

/// `int pt_layout_options_json(pt_engine *, const char *text, const char *path_data, const pt_options *, char **placements_json, char **error)`.
@_cdecl("pt_layout_options_json")
public func pt_layout_options_json_impl(_ engine: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ pathData: UnsafePointer<CChar>?,
                                        _ options: OpaquePointer?, _ placements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                        _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    placements?.pointee = nil
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let placements else { return fail(errorOut, "placements_json is NULL", PT_EINVAL) }
    let label: SceneLabel
    do { label = try CLayout.label(text, pathData, options) } catch { return fail(errorOut, error, PT_EINVAL) }
    do {
        let json = try unwrap(engine).layoutJSON(label)
        guard let copy = Syscalls.duplicateForC(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        placements.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error, PT_EREQUEST)
    }
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
        guard let copy = Syscalls.duplicateForC(file) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        path.pointee = copy
    }
    faceIndex?.pointee = Int32(truncatingIfNeeded: typeface.faceIndex)
    return PT_OK
}

/// `void pt_free(void *pointer)`.
@_cdecl("pt_free")
public func pt_free_impl(_ pointer: UnsafeMutableRawPointer?) {
    Syscalls.freeForC(pointer)
}

// MARK: Helpers

/// The engine behind a `pt_engine *`.
func unwrap(_ engine: OpaquePointer) -> Engine {
    Unmanaged<Engine>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue()
}

/// Stores `message` in `*error` (when the caller asked for it) and `key` as the thread's ``pt_error_key``,
/// and returns `code`.
@discardableResult
func fail(_ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ message: String, _ code: Int32 = PT_EREQUEST,
          key: String = "") -> Int32 {
    pt_internal_set_error_key(key)
    errorOut?.pointee = Syscalls.duplicateForC(message)
    return code
}

/// ``fail(_:_:_:key:)`` with `error`'s message and key.
@discardableResult
func fail(_ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: EngineError, _ code: Int32 = PT_EREQUEST) -> Int32 {
    fail(errorOut, error.message, code, key: error.key)
}
