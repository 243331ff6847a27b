import Support
import CPathText
import PathText
import PathTextEngine

// The tiles job through the C ABI: the plan (which metatiles each zoom has), a zoom's placement as a record,
// and one call that renders a batch of metatiles of one zoom (from a record, or from the engine's own
// placement) and writes their files, so a caller (Python's pathtext.dask.tiles) can hand the placements and
// the metatiles to any scheduler and get what `pathtext tiles` writes.

/// `int pt_tiles_plan(pt_engine *, const char *job_json, char **plan_json, char **error)`.
@_cdecl("pt_tiles_plan")
public func pt_tiles_plan_impl(_ engine: OpaquePointer?, _ jobJSON: UnsafePointer<CChar>?,
                               _ plan: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                               _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    plan?.pointee = nil
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let jobJSON else { return fail(errorOut, "job_json is NULL", PT_EINVAL) }
    guard let plan else { return fail(errorOut, "plan_json is NULL", PT_EINVAL) }
    guard let job = String(validatingCString: jobJSON) else { return fail(errorOut, "job_json: not valid UTF-8", PT_EINVAL) }
    do {
        let json = try unwrap(engine).tilesPlan(job)
        guard let copy = Syscalls.duplicateForC(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        plan.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error)
    }
}

/// `int pt_tiles_render(pt_engine *, const char *job_json, const char *batch_json, const char *out_dir, char **result_json, char **error)`.
@_cdecl("pt_tiles_render")
public func pt_tiles_render_impl(_ engine: OpaquePointer?, _ jobJSON: UnsafePointer<CChar>?, _ batchJSON: UnsafePointer<CChar>?,
                                 _ outDir: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    result?.pointee = nil
    return tilesRender(engine, jobJSON, batchJSON, outDir, result, errorOut, placement: nil)
}

/// pt_tiles_render and pt_tiles_render_placed: the arguments checked, the batch drawn from `placement` (or
/// from the engine's own placement of the zoom).
private func tilesRender(_ engine: OpaquePointer?, _ jobJSON: UnsafePointer<CChar>?, _ batchJSON: UnsafePointer<CChar>?,
                         _ outDir: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, placement: String?) -> Int32 {
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let jobJSON else { return fail(errorOut, "job_json is NULL", PT_EINVAL) }
    guard let batchJSON else { return fail(errorOut, "batch_json is NULL", PT_EINVAL) }
    guard let outDir else { return fail(errorOut, "out_dir is NULL", PT_EINVAL) }
    guard let result else { return fail(errorOut, "result_json is NULL", PT_EINVAL) }
    guard let job = String(validatingCString: jobJSON) else { return fail(errorOut, "job_json: not valid UTF-8", PT_EINVAL) }
    guard let batch = String(validatingCString: batchJSON) else { return fail(errorOut, "batch_json: not valid UTF-8", PT_EINVAL) }
    guard let out = String(validatingCString: outDir) else { return fail(errorOut, "out_dir: not valid UTF-8", PT_EINVAL) }
    do {
        let json = try unwrap(engine).tilesRender(job, batch: batch, out: out, placement: placement)
        guard let copy = Syscalls.duplicateForC(json) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        result.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error)
    }
}

/// `int pt_tiles_place(pt_engine *, const char *job_json, int zoom, char **placement, char **error)`.
@_cdecl("pt_tiles_place")
public func pt_tiles_place_impl(_ engine: OpaquePointer?, _ jobJSON: UnsafePointer<CChar>?, _ zoom: Int32,
                                _ placement: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    placement?.pointee = nil
    guard let engine else { return fail(errorOut, "engine is NULL", PT_EINVAL) }
    guard let jobJSON else { return fail(errorOut, "job_json is NULL", PT_EINVAL) }
    guard let placement else { return fail(errorOut, "placement is NULL", PT_EINVAL) }
    guard let job = String(validatingCString: jobJSON) else { return fail(errorOut, "job_json: not valid UTF-8", PT_EINVAL) }
    do {
        let record = try unwrap(engine).tilesPlace(job, zoom: Int(zoom))
        guard let copy = Syscalls.duplicateForC(record) else { return fail(errorOut, "out of memory", PT_ENOMEM) }
        placement.pointee = copy
        return PT_OK
    } catch {
        return fail(errorOut, error)
    }
}

/// `int pt_tiles_render_placed(pt_engine *, const char *job_json, const char *batch_json, const char *placement,
/// const char *out_dir, char **result_json, char **error)`.
@_cdecl("pt_tiles_render_placed")
public func pt_tiles_render_placed_impl(_ engine: OpaquePointer?, _ jobJSON: UnsafePointer<CChar>?, _ batchJSON: UnsafePointer<CChar>?,
                                        _ placementText: UnsafePointer<CChar>?, _ outDir: UnsafePointer<CChar>?,
                                        _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                        _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    result?.pointee = nil
    guard let placementText else { return fail(errorOut, "placement is NULL", PT_EINVAL) }
    guard let placement = String(validatingCString: placementText) else { return fail(errorOut, "placement: not valid UTF-8", PT_EINVAL) }
    return tilesRender(engine, jobJSON, batchJSON, outDir, result, errorOut, placement: placement)
}
