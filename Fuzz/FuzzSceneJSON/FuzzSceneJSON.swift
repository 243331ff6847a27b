// libFuzzer target: bytes → SceneJSON.decode → shapes' paths, SceneResolver.resolve of each label → layout.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus when given none, through the same function.
import Foundation
import FuzzSupport
import Geometry
import Layout
import Requests

/// The package's embedded fonts folder.
let fontsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fonts").standardized.path

/// One resolver for every input, so the embedded fonts load once. Only the fuzzer's single thread uses it.
nonisolated(unsafe) let resolver = SceneResolver(fontsDir: fontsDir)

/// Typeface names that could reach outside the fonts folder (`/dev/zero`, huge files) become a missing file:
/// the fuzzer tests parsing, not the machine's file system.
func confined(_ names: [String]?) -> [String]? {
    names?.map { $0.contains("/") || $0.hasPrefix(".") ? "missing.ttf" : $0 }
}

/// Set FUZZ_VERBOSE=1 to print how many labels each input resolved and laid out.
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

/// One input. Decode and resolve errors are fine; traps, hangs and non-finite positions are bugs.
func fuzzSceneJSON(_ bytes: UnsafeRawBufferPointer) {
    let scene: Scene
    do { scene = try SceneJSON.decode(Array(bytes)) } catch {
        if verbose { print("not a scene: \(error)") }
        return
    }
    var resolvedCount = 0, laidOut = 0, glyphCount = 0
    defer { if verbose { print("\(scene.labels.count) labels: \(resolvedCount) resolved, \(laidOut) laid out, \(glyphCount) glyphs placed") } }
    // Writing and reading back gives the same scene.
    let again: Scene
    do { again = try SceneJSON.decode(SceneJSON.encode(scene)) } catch {
        fatalError("an encoded scene does not decode: \(error)")
    }
    // Paths go through SVG path data, which keeps lines and Béziers exact and arcs to rounding: compare
    // their structure, and everything else exactly.
    func pathless(_ s: Scene) -> Scene {
        var s = s
        for i in s.shapes.indices { s.shapes[i].d = s.shapes[i].d.map { _ in BezPath() } }
        for i in s.labels.indices { s.labels[i].path = s.labels[i].path.map { _ in BezPath() } }
        return s
    }
    func structure(_ s: Scene) -> [[Int]] {
        (s.shapes.map(\.d) + s.labels.map(\.path)).map { $0?.subpaths.map(\.segments.count) ?? [-1] }
    }
    precondition(pathless(again) == pathless(scene) && structure(again) == structure(scene), "scene changed in a JSON round trip")

    var shapes: [String: BezPath] = [:]
    for (i, shape) in scene.shapes.enumerated() {
        guard let p = try? shape.path(at: "shapes[\(i)]") else { continue }
        if let id = shape.id { shapes[id] = p }
    }
    for (i, var label) in scene.labels.enumerated() {
        label.style.fonts = confined(label.style.fonts)
        label.style.fontFamilies = nil
        label.runs = label.runs?.map { var r = $0; r.style.fonts = confined(r.style.fonts); r.style.fontFamilies = nil; return r }
        let resolved: ResolvedLabel
        do { resolved = try resolver.resolve(label, index: i, shapes: shapes) } catch {
            precondition(!error.description.isEmpty)
            continue
        }
        resolvedCount += 1
        guard resolved.text.string.unicodeScalars.count <= 256 else { continue }
        guard let placed = try? resolved.layout() else { continue }
        laidOut += 1
        for l in placed {
            glyphCount += l.glyphs.count
            for g in l.glyphs {
                precondition(g.origin.isFinite && g.angle.radians.isFinite, "glyph \(g.glyph) at \(g.origin), \(g.angle) in \(l)")
            }
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzSceneJSON) }
#else
@main enum FuzzSceneJSONReplay { static func main() { FuzzReplay.main(name: "FuzzSceneJSON", sourceFile: #filePath, fuzzSceneJSON) } }
#endif
