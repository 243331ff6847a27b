import Support
import CPathText
import PathText
import PathTextEngine

// pt_options_*: label options as key/value pairs checked by the catalog (COptions).

/// The options behind a `pt_options *`.
func unwrapOptions(_ options: OpaquePointer) -> COptions {
    Unmanaged<COptions>.fromOpaque(UnsafeRawPointer(options)).takeUnretainedValue()
}

/// A C string argument as UTF-8 text.
func utf8(_ s: UnsafePointer<CChar>, _ name: String) throws(EngineError) -> String {
    guard let t = String(validatingCString: s) else { throw EngineError(key: name, "not valid UTF-8") }
    return t
}

/// `pt_options *pt_options_new(void)`.
@_cdecl("pt_options_new")
public func pt_options_new_impl() -> OpaquePointer? {
    OpaquePointer(Unmanaged.passRetained(COptions()).toOpaque())
}

/// `void pt_options_free(pt_options *options)`.
@_cdecl("pt_options_free")
public func pt_options_free_impl(_ options: OpaquePointer?) {
    guard let options else { return }
    Unmanaged<COptions>.fromOpaque(UnsafeRawPointer(options)).release()
}

/// `int pt_options_set(pt_options *, const char *key, const char *value, char **error)`.
@_cdecl("pt_options_set")
public func pt_options_set_impl(_ options: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?,
                                _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    guard let options else { return fail(errorOut, "options is NULL", PT_EINVAL) }
    guard let key else { return fail(errorOut, "key is NULL", PT_EINVAL) }
    do {
        let k = try utf8(key, "key")
        try unwrapOptions(options).set(k, try value.map { v throws(EngineError) in try utf8(v, k) })
        return PT_OK
    } catch { return fail(errorOut, error, PT_EINVAL) }
}

/// `int pt_options_add(pt_options *, const char *key, const char *value, char **error)`.
@_cdecl("pt_options_add")
public func pt_options_add_impl(_ options: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?,
                                _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    guard let options else { return fail(errorOut, "options is NULL", PT_EINVAL) }
    guard let key else { return fail(errorOut, "key is NULL", PT_EINVAL) }
    guard let value else { return fail(errorOut, "value is NULL", PT_EINVAL) }
    do {
        let k = try utf8(key, "key")
        try unwrapOptions(options).add(k, try utf8(value, k))
        return PT_OK
    } catch { return fail(errorOut, error, PT_EINVAL) }
}

/// `int pt_options_add_run(pt_options *, const char *text, const pt_options *style, char **error)`.
@_cdecl("pt_options_add_run")
public func pt_options_add_run_impl(_ options: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ style: OpaquePointer?,
                                    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    guard let options else { return fail(errorOut, "options is NULL", PT_EINVAL) }
    guard let text else { return fail(errorOut, "text is NULL", PT_EINVAL) }
    if let style, style == options { return fail(errorOut, "style: not the options the run is added to", PT_EINVAL) }
    do {
        try unwrapOptions(options).addRun(try utf8(text, "text"), style: style.map(unwrapOptions))
        return PT_OK
    } catch { return fail(errorOut, error, PT_EINVAL) }
}

/// `int pt_options_json(const pt_options *, char **label_json, char **error)`.
@_cdecl("pt_options_json")
public func pt_options_json_impl(_ options: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    json?.pointee = nil
    guard let options else { return fail(errorOut, "options is NULL", PT_EINVAL) }
    guard let json else { return fail(errorOut, "label_json is NULL", PT_EINVAL) }
    let text: String
    do { text = try unwrapOptions(options).json } catch { return fail(errorOut, error, PT_EINVAL) }
    guard let copy = Syscalls.duplicateForC(text) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
    json.pointee = copy
    return PT_OK
}

/// The catalog's JSON, made once.
nonisolated(unsafe) private let catalogCString: UnsafeMutablePointer<CChar>? = Syscalls.duplicateForC(OptionCatalogJSON.text)

/// `const char *pt_options_catalog_json(void)`.
@_cdecl("pt_options_catalog_json")
public func pt_options_catalog_json_impl() -> UnsafePointer<CChar>? {
    UnsafePointer(catalogCString)
}

/// `double pt_diagnostic_number(const pt_diagnostic *, const char *name, double fallback)`.
@_cdecl("pt_diagnostic_number")
public func pt_diagnostic_number_impl(_ d: UnsafePointer<pt_diagnostic>?, _ name: UnsafePointer<CChar>?, _ fallback: Double) -> Double {
    guard let d, let name, let names = d.pointee.number_names, let numbers = d.pointee.numbers else { return fallback }
    let wanted = Syscalls.bytes(ofCString: name)
    for k in 0..<d.pointee.number_count { if let n = names[k], Syscalls.bytes(ofCString: n) == wanted { return numbers[k] } }
    return fallback
}
