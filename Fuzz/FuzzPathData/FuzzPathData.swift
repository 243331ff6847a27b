// libFuzzer target: SVG path data → BezPath → svgPathData → BezPath again, then PathMeasure samples.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus when given none, through the same function.
import Foundation
import FuzzSupport
import Geometry

/// One input. Errors from the parser or the measure are fine; traps, NaN samples and serialized data
/// that does not parse again are bugs.
func fuzzPathData(_ bytes: UnsafeRawBufferPointer) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let path = try? BezPath(svgPathData: text) else { return }
    let data = path.svgPathData
    let again: BezPath
    do { again = try BezPath(svgPathData: data) } catch {
        fatalError("serialized path data does not parse again: \(error)\n  input: \(text.debugDescription)\n  data: \(data)")
    }
    precondition(again.subpaths.count == path.subpaths.count,
                 "round trip changed the subpath count \(path.subpaths.count) → \(again.subpaths.count): \(data)")
    precondition(again.isEmpty == path.isEmpty, "round trip changed emptiness: \(data)")

    for p in [path, again] {
        guard let m = try? PathMeasure(p) else { continue }
        precondition(m.length.isFinite && m.length > 0, "measure length \(m.length)")
        let r = m.reversed()
        let n = 16
        for k in 0...n {
            let s = m.length * Double(k) / Double(n)
            for measure in [m, r] {
                let sample = measure.sample(at: s)
                precondition(sample.point.isFinite, "NaN/inf point at \(s) of \(m.length): \(data)")
                precondition(sample.tangent.x.isFinite && sample.tangent.y.isFinite, "NaN/inf tangent at \(s): \(data)")
            }
        }
        // Out-of-range and odd distances are clamped or wrapped, never NaN.
        for s in [-1.0, m.length * 2, -.infinity, .infinity, .nan, .greatestFiniteMagnitude] {
            precondition(m.sample(at: s).point.isFinite, "NaN/inf point at \(s): \(data)")
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzPathData) }
#else
@main enum FuzzPathDataReplay { static func main() { FuzzReplay.main(name: "FuzzPathData", sourceFile: #filePath, fuzzPathData) } }
#endif
