import Testing
import Geometry
import Shaping
import Layout
@testable import Requests
@testable import SVGInput

/// `<linearGradient>` and `<radialGradient>` on text and shapes: attributes and stops through `href`,
/// units, the transform folded in, and strokes, opacities and paint-order on text.
@Suite struct SVGGradientsTests {
    @Test func aTextFillTakesTheGradientAndItsInheritedStops() throws {
        let r = try read(document(#"""
            <defs><linearGradient id="a"><stop offset="0" stop-color="red"/><stop offset="100%" stop-color="blue" stop-opacity="0.5"/></linearGradient>
            <linearGradient id="b" href="#a" x2="0" y2="1" spreadMethod="reflect" gradientTransform="scale(2)"/></defs>
            <text x="10" y="50" fill="url(#b)" stroke="green" stroke-width="2" stroke-linejoin="round" paint-order="stroke markers" font-size="20">Hi</text>
            """#))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let style = try #require(r.scene.labels.first?.runs?.first?.style)
        let g = try #require(style.fillGradient)
        #expect(g.shape == .linear(start: Point(0, 0), end: Point(0, 1)) && g.spread == .reflect && g.units == .objectBoundingBox)
        #expect(g.transform == Affine.scale(2) && g.stops.count == 2 && g.stops[1].color == RGBAColor(r: 0, g: 0, b: 255, a: 128))
        #expect(style.stroke == RGBAColor(r: 0, g: 128, b: 0) && style.strokeWidth == 2 && style.strokeLinejoin == .round)
        #expect(style.paintOrder == .strokeFirst)
    }

    @Test func userSpaceCoordinatesGoThroughTheTransform() throws {
        let r = try read(document(#"""
            <defs><radialGradient id="g" gradientUnits="userSpaceOnUse" cx="10" cy="20" r="5"><stop offset="0" stop-color="#fff"/></radialGradient></defs>
            <g transform="translate(100 0)"><text x="0" y="50" fill="url(#g)">Hi</text><rect width="10" height="10" fill="url(#g)"/></g>
            """#))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let g = try #require(r.scene.labels.first?.runs?.first?.style.fillGradient)
        #expect(g.shape == .radial(start: Point(10, 20), startRadius: 0, end: Point(10, 20), endRadius: 5))
        #expect(g.transform == Affine.translate(Vector(100, 0)))
        // The rect: its own box, then the transform.
        let shape = try #require(r.scene.shapes.first)
        #expect(shape.fill == nil && shape.fillGradient?.transform == Affine.translate(Vector(100, 0)))
    }

    @Test func aPatternIsStillWarnedAndTheTextsOpacityIsAGroup() throws {
        let r = try read(document(#"""
            <defs><pattern id="p" width="4" height="4"/><linearGradient id="g"><stop stop-color="#000"/></linearGradient></defs>
            <text y="50" fill="url(#p) #ff0000">A</text>
            <text y="80" fill="url(#g)" fill-opacity="0.5" opacity="0.5" stroke="#00f" stroke-opacity="0.5">B</text>
            """#))
        #expect(r.warnings.count == 1 && r.warnings[0].description.contains("pattern"))
        let b = try #require(r.scene.labels.last?.runs?.first?.style)
        // Each paint takes its own opacity; the text's `opacity` composites fill and stroke together, as a group.
        #expect(b.fillOpacity == 0.5 && b.stroke?.a == 128)
        #expect(r.scene.order?.contains(.beginGroup(opacity: 0.5)) == true)
    }
}
