import Foundation
import Geometry
import Layout
import Requests
import Placer
import TestSupport

/// The package's top folder.
let packageRoot = PackagePaths.root

/// The Helsinki roads fixture, read once.
let helsinki: PlaceDocument = {
    let bytes = FileManager.default.contents(atPath: packageRoot + "/fixtures/osm/helsinki-roads.json")!
    return try! PlaceDocument.decode(Array(bytes))
}()

/// A resolver with the package's fonts and no system fallback (results do not depend on the machine).
func resolver() -> SceneResolver {
    let r = SceneResolver(fontsDir: packageRoot + "/Fonts")
    r.systemFallback = false
    return r
}

/// A road request: `text` along the polyline `points`, 13 px with a 1.5 px halo and a 30° max angle.
func road(_ text: String, _ points: [Point], priority: Double = 0, minDistance: Double = 0, id: String? = nil) -> PlaceRequest {
    var label = SceneLabel(text: text, path: BezPath.polyline(points, closed: false))
    label.style.size = 13
    label.options.haloWidth = 1.5
    label.options.maxAngle = 30
    label.options.baseline = .middle
    return PlaceRequest(label: label, id: id, priority: priority, minDistance: minDistance)
}

/// The checker's figures for a placement.
func check(_ result: PlacementResult, halo: Double = 1.5, minDistance: Double = 0) -> CheckReport {
    OverlapCheck.check(result.placed.map { CheckLabel(text: $0.text, $0.label) }, halo: halo, minDistance: minDistance)
}

/// A comparable summary of a placement: each label's text and its glyph origins rounded to 1e-6 px.
func signature(_ result: PlacementResult) -> [String] {
    result.placed.map { p in
        p.text + ":" + p.label.glyphs.map { "\(($0.origin.x * 1e6).rounded()),\(($0.origin.y * 1e6).rounded())" }.joined(separator: ";")
    }
}

/// xorshift64: a seeded shuffle.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}

/// The bytes of a fixture (a path under fixtures/).
func fixture(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: packageRoot + "/fixtures/" + path)!) }
