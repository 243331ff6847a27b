import Foundation
import Geometry
import Shaping
@testable import Layout
import TestSupport

/// The embedded fonts (`Fonts/`).
let fontsDir = PackagePaths.fonts

/// The embedded stack, loaded once.
let stack: [Typeface] = try! DefaultFonts.stack(folder: fontsDir)

/// Shapes `text` at `size` with the embedded stack.
/// Shapes `text` with the embedded stack alone (no system fallback, so results do not depend on the machine's fonts).
func shaped(_ text: String, size: Double = 40, letterSpacing: Double = 0) -> ShapedLine {
    Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: stack, size: size, letterSpacing: letterSpacing,
                                                                 systemFallback: false)))
}

/// A horizontal line from (x0, y) to (x0 + length, y).
func horizontal(_ x0: Double, _ y: Double, length: Double) -> BezPath {
    var p = BezPath(); p.move(to: Point(x0, y)); p.line(to: Point(x0 + length, y)); return p
}

/// The units of a placed label: glyphs grouped by cluster, in order.
func units(_ glyphs: [PlacedGlyph]) -> [[PlacedGlyph]] {
    var out: [[PlacedGlyph]] = []
    for g in glyphs {
        if let last = out.last?.last, last.cluster == g.cluster { out[out.count - 1].append(g) } else { out.append([g]) }
    }
    return out
}

/// Angle difference wrapped to (−π, π].
func angleDiff(_ a: Double, _ b: Double) -> Double {
    var d = a - b
    d -= 2 * .pi * (d / (2 * .pi)).rounded()
    return d
}
