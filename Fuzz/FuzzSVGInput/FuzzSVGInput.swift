// libFuzzer target: bytes → SVGInput.read (libxml2, the cascade, shapes, text) → each label resolved and laid out.
//
// Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines LLVMFuzzerTestOneInput and
// libFuzzer supplies `main`. Built plainly (as `swift build` does) it is a replay tool: it runs the files
// given as arguments (folders are walked), or its seed corpus fixtures/fuzz/FuzzSVGInput when given none.
import XML
import Foundation
import FuzzSupport
import Geometry
import Layout
import Requests
import SVGInput

/// The package's embedded fonts folder.
let fontsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fonts").standardized.path

/// One resolver for every input, so the embedded fonts load once. Only the fuzzer's single thread uses it.
nonisolated(unsafe) let resolver = SceneResolver(fontsDir: fontsDir)

/// Small limits: the fuzzer tests the reader, not how long a 100 000-element document takes.
let limits = XMLLimits(bytes: 1 << 20, elements: 2_000)

/// One input. Read errors are fine (with a message); traps, hangs and non-finite positions are bugs.
func fuzzSVGInput(_ bytes: UnsafeRawBufferPointer) {
    let read: SVGScene
    do { read = try SVGInput.read(Array(bytes), options: SVGReadOptions(limits: limits), resolver: resolver) } catch {
        precondition(!error.description.isEmpty)
        return
    }
    for w in read.warnings { precondition(!w.description.isEmpty) }
    for shape in read.scene.shapes {
        for sp in shape.d?.subpaths ?? [] { precondition(sp.start.isFinite && sp.end.isFinite, "a shape runs from \(sp.start) to \(sp.end)") }
    }
    for (i, label) in read.scene.labels.enumerated() {
        guard let resolved = try? resolver.resolve(label, index: i) else { continue }
        guard resolved.text.string.unicodeScalars.count <= 256 else { continue }
        guard let placed = try? resolved.layout() else { continue }
        for l in placed {
            for g in l.glyphs { precondition(g.origin.isFinite && g.angle.radians.isFinite, "glyph \(g.glyph) at \(g.origin)") }
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzSVGInput) }
#else
@main enum FuzzSVGInputReplay { static func main() { FuzzReplay.main(name: "FuzzSVGInput", sourceFile: #filePath, fuzzSVGInput) } }
#endif
