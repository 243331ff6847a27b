import Support
import CPathText
import PathTextEngine

/// `int pt_check_json(pt_engine *, const char *check_json, char **result_json, char **error)`: a scene
/// checked in every locale of a string table (``Engine/checkJSON(_:)``).
@_cdecl("pt_check_json")
public func pt_check_json_impl(_ engine: OpaquePointer?, _ checkJSON: UnsafePointer<CChar>?,
                               _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                               _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    result?.pointee = nil
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let checkJSON else { return fail(errorOut, "check_json is NULL", PT_EINVAL) }
    guard let result else { return fail(errorOut, "result_json is NULL", PT_EINVAL) }
    guard let request = String(validatingCString: checkJSON) else { return fail(errorOut, "check_json: not valid UTF-8", PT_EINVAL) }
    do {
        let json = try unwrap(engine).checkJSON(request)
        guard let copy = Syscalls.duplicateForC(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        result.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error, PT_EREQUEST)
    }
}
