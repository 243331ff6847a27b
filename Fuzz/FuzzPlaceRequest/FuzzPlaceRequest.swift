// libFuzzer target: bytes → PlaceDocument.decode (a place request's JSON) → Placer.place: merging, the
// crossing score, candidates and the collision grid.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus fixtures/fuzz/FuzzPlaceRequest when given none.
import Foundation
import FuzzSupport
import Geometry
import Layout
import Requests
import Placer

/// The package's embedded fonts folder.
let fontsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fonts").standardized.path

/// One resolver for every input, so the embedded fonts load once; the server's small limits (the fuzzer
/// tests the placer's bounds, not how long a million-segment road takes). Only the fuzzer's thread uses it.
nonisolated(unsafe) let resolver: SceneResolver = {
    let r = SceneResolver(fontsDir: fontsDir)
    r.limits = ResourceLimits(textBytes: 1_000, pathSegments: 2_000, fontSize: 500, canvasPixels: 1 << 20)
    return r
}()

/// One input. Errors are fine (with a message); traps, hangs and non-finite placements are bugs.
func fuzzPlaceRequest(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count <= 1 << 16 else { return }
    var document: PlaceDocument
    do { document = try PlaceDocument.decode(Array(bytes)) } catch {
        precondition(!error.description.isEmpty)
        return
    }
    guard document.requests.count <= 200 else { return }
    document.options.candidateBudget = min(document.options.candidateBudget, 20_000)
    let result: PlacementResult
    do { result = try document.place(resolver: resolver) } catch {
        precondition(!error.description.isEmpty)
        return
    }
    precondition(result.placed.count + result.dropped.count >= 0)
    for p in result.placed {
        for g in p.label.glyphs { precondition(g.origin.isFinite && g.angle.radians.isFinite, "glyph \(g.glyph) at \(g.origin)") }
        for b in p.boxes { precondition(b.center.isFinite, "a box at \(b.center)") }
    }
    for d in result.dropped { precondition(!d.reason.description.isEmpty) }
    _ = result.json()
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzPlaceRequest) }
#else
@main enum FuzzPlaceRequestReplay { static func main() { FuzzReplay.main(name: "FuzzPlaceRequest", sourceFile: #filePath, fuzzPlaceRequest) } }
#endif
