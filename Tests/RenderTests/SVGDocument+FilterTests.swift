import Testing
import Geometry
@testable import Shaping
@testable import Render

/// A group ended through a filter in SVG output (SVGDocument+Filter.swift).
@Suite struct SVGDocumentFilterTests {
    @Test func svgDocumentWritesTheFilter() {
        var doc = SVGDocument(width: 10, height: 10)
        doc.openGroup()
        doc.addPath(.polyline([Point(1, 1), Point(5, 1), Point(5, 5)], closed: true), fill: .black)
        doc.closeGroup(filter: FilterEffect(region: Rect(x: 0, y: 0, width: 10, height: 8), units: .userSpaceOnUse, primitives: [
            FilterPrimitive(.gaussianBlur(x: 2, y: 2), input: .sourceAlpha, result: "blur"),
            FilterPrimitive(.offset(dx: 1, dy: 1), input: .named("blur"), linearRGB: false),
            FilterPrimitive(.merge([.previous, .sourceGraphic])),
        ]))
        let t = doc.text
        #expect(t.contains("<filter id=\"filter1\" filterUnits=\"userSpaceOnUse\" primitiveUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"10\" height=\"8\">"))
        #expect(t.contains("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"2 2\" result=\"r0\"/>"))
        #expect(t.contains("<feOffset in=\"r0\" dx=\"1\" dy=\"1\" color-interpolation-filters=\"sRGB\"/>"))
        #expect(t.contains("<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>"))
        #expect(t.contains("<g filter=\"url(#filter1)\"><path"))
    }
}
