#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Geometry
import TestSupport
@testable import Shaping
@testable import Render

/// Collects elements and attributes, and whether the text parsed as XML.
final class SVGProbe: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
    }

    static func parse(_ text: String) -> SVGProbe? {
        let probe = SVGProbe()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = probe
        return parser.parse() ? probe : nil
    }
}

@Suite struct SVGDocumentTests {
    @Test func numbersAreCompact() {
        #expect(SVGPathData.number(1.0 / 3) == "0.333")
        #expect(SVGPathData.number(-2.5) == "-2.5")
        #expect(SVGPathData.number(100) == "100")
        #expect(SVGPathData.number(-0.0004) == "0")
        #expect(SVGPathData.number(12.0005) == "12.001")
        #expect(SVGPathData.number(0.04, decimals: 1) == "0")
        #expect(SVGPathData.number(.nan) == "0")
        #expect(SVGPathData.number(1e300) == "9000000000000000000" && SVGPathData.number(-1e300) == "-9000000000000000000")
    }

    @Test func pathDataUsesEveryCommand() {
        var p = BezPath()
        p.move(to: Point(10, 20))
        p.line(to: Point(30, -4.5))
        p.quad(to: Point(40, 40), control: Point(35.25, 10))
        p.cubic(to: Point(0, 50), control1: Point(30, 60), control2: Point(10, 60))
        p.close()
        #expect(SVGPathData.encode(p) == "M10 20L30-4.5Q35.25 10 40 40C30 60 10 60 0 50Z")
        #expect(SVGPathData.encode(p, transform: .translate(Vector(1, 1))).hasPrefix("M11 21L31-3.5"))
        // A circle: two half-turn arcs, sweep flag 1 (clockwise on screen).
        let circle = SVGPathData.encode(BezPath.circle(center: Point(50, 50), radius: 20))
        #expect(circle == "M70 50A20 20 0 0 1 30 50A20 20 0 0 1 70 50Z")
        // A mirror reverses the sweep.
        #expect(SVGPathData.encode(BezPath.circle(center: Point(0, 0), radius: 1), transform: .scale(1, -1)).contains(" 0 0 0 "))
    }

    @Test func documentIsValidXMLWithTheRightAttributes() throws {
        let font = try Typeface(path: TestSupport.font("NotoSans-Regular.ttf"))
        let g = try #require(font.harfBuzz.glyph(for: "a"))
        var doc = SVGDocument(width: 200, height: 100, background: .white)
        doc.addPath(font.outline(glyph: g, size: 64), transform: .translate(Vector(20, 80)),
                    fill: RGBAColor(r: 255, g: 0, b: 0, a: 128), rule: .evenOdd)
        doc.addStroke(BezPath.circle(center: Point(150, 50), radius: 30), width: 4, color: .black, cap: .round, join: .round)
        doc.addKnockout(TestSupport.rect(140, 40, 20, 20))
        let probe = try #require(SVGProbe.parse(doc.text))
        let names = probe.elements.map(\.name)
        #expect(names.first == "svg")
        #expect(names.filter { $0 == "path" }.count == 3)
        #expect(names.contains("mask") && names.contains("g") && names.contains("rect"))
        let svg = probe.elements[0].attributes
        #expect(svg["width"] == "200" && svg["viewBox"] == "0 0 200 100" && svg["xmlns"] == "http://www.w3.org/2000/svg")
        let fill = try #require(probe.elements.first { $0.attributes["fill-rule"] == "evenodd" }).attributes
        #expect(fill["fill"] == "#ff0000" && fill["fill-opacity"] == "0.502")
        let stroke = try #require(probe.elements.first { $0.attributes["stroke"] != nil }).attributes
        #expect(stroke["stroke-width"] == "4" && stroke["stroke-linecap"] == "round" && stroke["fill"] == "none")
        #expect(probe.elements.first { $0.name == "g" }?.attributes["mask"] == "url(#knockout1)")
    }

    /// SVG has no sweep gradient: it is written as wedges of solid colour (one per degree, neighbours of one
    /// colour merged), drawn crisp-edged in a group masked by the path (Chromium's rendering of this is
    /// compared with our PNG in SweepGradientChromiumTests).
    @Test func aSweepGradientIsWrittenAsMaskedWedges() throws {
        let red = RGBAColor(r: 255, g: 0, b: 0), blue = RGBAColor(r: 0, g: 0, b: 255)
        let g = Gradient(.sweep(center: Point(50, 50), startAngle: .radians(0), endAngle: .radians(1.5 * Double.pi)),
                         stops: [GradientStop(offset: 0, color: red), GradientStop(offset: 1, color: blue)], units: .userSpaceOnUse)
        var doc = SVGDocument(width: 100, height: 100)
        let square = BezPath.polyline([Point(10, 10), Point(90, 10), Point(90, 90), Point(10, 90)], closed: true)
        doc.addPath(square, source: .gradient(g, opacity: 0.5), stroke: nil)
        let probe = try #require(SVGProbe.parse(doc.text))
        let mask = try #require(probe.elements.first { $0.name == "mask" })
        #expect(probe.elements.contains { $0.name == "path" && $0.attributes["fill"] == "#fff" && $0.attributes["d"] == "M10 10L90 10L90 90L10 90Z" })
        let group = try #require(probe.elements.first { $0.name == "g" })
        #expect(group.attributes["mask"] == "url(#\(mask.attributes["id"] ?? "?"))" && group.attributes["shape-rendering"] == "crispEdges")
        #expect(group.attributes["opacity"] == "0.5")
        let wedges = probe.elements.filter { $0.name == "path" && $0.attributes["fill"] != "#fff" }
        // 270 one-degree wedges from red to blue (255 colour steps: some neighbours merge), the last 90° one blue wedge.
        #expect(wedges.count > 200 && wedges.count <= 271, "\(wedges.count) wedges")
        #expect(wedges.first?.attributes["fill"] == g.color(at: 0.5 / 270).description && wedges.last?.attributes["fill"] == "#0000ff")
        #expect(!probe.elements.contains { $0.attributes["fill"] == g.meanColor.description })
        // A stroke masks as a stroke.
        var stroked = SVGDocument(width: 100, height: 100)
        stroked.addPath(square, source: .gradient(g, opacity: 1), stroke: StrokeOptions(width: 4))
        let strokeProbe = try #require(SVGProbe.parse(stroked.text))
        #expect(strokeProbe.elements.contains { $0.attributes["stroke"] == "#fff" && $0.attributes["stroke-width"] == "4" && $0.attributes["fill"] == "none" })
    }

    /// Groups: `<g opacity>` around what was added since ``SVGDocument/openGroup()``; a knockout inside a group
    /// masks the group's elements only; a group left open is closed by ``SVGDocument/text``.
    @Test func groupsWrapTheirElementsAndKeepKnockoutsInside() {
        let square = BezPath.polyline([Point(0, 0), Point(10, 0), Point(10, 10)], closed: true)
        var doc = SVGDocument(width: 20, height: 20, background: .white)
        doc.beginGroup()
        doc.addPath(square, fill: .black)
        doc.addKnockout(square, transform: .translate(Vector(5, 0)))
        doc.endGroup(opacity: 0.25)
        #expect(doc.elements.count == 2 && doc.elements[0].hasPrefix("<rect"))
        #expect(doc.elements[1].hasPrefix(#"<g opacity="0.25"><defs><mask id="knockout1""#) && doc.elements[1].hasSuffix("</g></g>"))
        doc.endGroup(opacity: 0.5)   // no group open: nothing
        doc.beginGroup(); doc.endGroup(opacity: 0.5)   // an empty group: no element
        #expect(doc.elements.count == 2)
        doc.beginGroup(); doc.addPath(square, fill: .black)
        #expect(doc.text.contains(#"<g style="isolation:isolate"><path"#))   // a group at full opacity isolates its blends
    }

    /// A Porter–Duff operator closing inside an enclosing group: one side drawn through an alpha mask of the
    /// other (inverted by a filter for the `-out` operators), two such terms added for atop and xor; a blend
    /// mode becomes `mix-blend-mode`.
    @Test func compositeGroupsAreMasksOrBlendModes() {
        let square = BezPath.polyline([Point(0, 0), Point(10, 0), Point(10, 10)], closed: true)
        func composite(_ blend: GroupBlend) -> [String] {
            var doc = SVGDocument(width: 20, height: 20)
            doc.beginGroup(); doc.addPath(square, fill: .black)          // the backdrop
            doc.beginGroup(); doc.addPath(square, fill: .white)          // the source
            doc.endGroup(opacity: 1, blend: blend); doc.endGroup(opacity: 1)
            return doc.elements
        }
        let within = composite(.sourceIn)
        #expect(within.count == 1 && within[0].hasPrefix(##"<g style="isolation:isolate"><defs><mask id="composite1" style="mask-type:alpha""##))
        #expect(within[0].contains(##"fill="#000000"/></mask></defs><g mask="url(#composite1)"><path"##) && within[0].contains(##"fill="#ffffff""##))
        let out = composite(.destinationOut)[0]
        #expect(out.contains(#"<filter id="composite1-invert" filterUnits="userSpaceOnUse""#) && out.contains("values=\"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1 1\""))
        #expect(out.contains(##"<g mask="url(#composite1)"><path d="M0 0L10 0L10 10Z" fill="#000000"/></g>"##))
        #expect(composite(.screen)[0].contains(#"<g style="mix-blend-mode:screen">"#))
        // xor: the source through the backdrop's inverted alpha, plus the backdrop through the source's.
        let xor = composite(.xor)[0]
        #expect(xor.contains(##"<mask id="composite1" style="mask-type:alpha""##) && xor.contains(##"<mask id="composite2" style="mask-type:alpha""##))
        #expect(xor.contains(#"<filter id="composite1-invert""#) && xor.contains(#"<filter id="composite2-invert""#))
        #expect(xor.contains(##"<g mask="url(#composite1)"><path d="M0 0L10 0L10 10Z" fill="#ffffff"/></g>"##))
        #expect(xor.contains(##"<g mask="url(#composite2)" style="mix-blend-mode:plus-lighter"><path d="M0 0L10 0L10 10Z" fill="#000000"/></g>"##))
    }

    /// A raster group composites its layer once: two overlapping half-opaque children would darken their
    /// overlap; in a group of opacity 0.5 the overlap is the upper child at half.
    @Test func rasterGroupsCompositeTheirLayerOnce() throws {
        var c = try RasterCanvas(width: 4, height: 1, background: .white)
        c.beginGroup()
        c.fill(BezPath.polyline([Point(0, 0), Point(3, 0), Point(3, 1), Point(0, 1)], closed: true), color: RGBAColor(r: 255, g: 0, b: 0))
        c.fill(BezPath.polyline([Point(1, 0), Point(4, 0), Point(4, 1), Point(1, 1)], closed: true), color: RGBAColor(r: 0, g: 0, b: 255))
        #expect(c.pixel(x: 0, y: 0) == RGBAColor(r: 255, g: 0, b: 0) && c.pixel(x: 2, y: 0) == RGBAColor(r: 0, g: 0, b: 255))
        c.endGroup(opacity: 0.5)
        #expect(c.pixel(x: 0, y: 0) == RGBAColor(r: 255, g: 127, b: 127) && c.pixel(x: 2, y: 0) == RGBAColor(r: 127, g: 127, b: 255))
        c.endGroup(opacity: 0.5)   // no group open: nothing changes
        #expect(c.pixel(x: 3, y: 0) == RGBAColor(r: 127, g: 127, b: 255))
    }

    @Test func writeIsAtomic() throws {
        var template = Array("/tmp/pathtext-svg-XXXXXX".utf8CString)
        let folder = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        var doc = SVGDocument(width: 10, height: 10)
        doc.addPath(TestSupport.rect(1, 1, 5, 5), fill: .black)
        try doc.write(to: folder + "/a.svg")
        let back = try String(contentsOfFile: folder + "/a.svg", encoding: .utf8)
        #expect(back == doc.text)
        #expect(throws: RenderError.self) { try doc.write(to: folder + "/no/such/folder/a.svg") }
        unlink(folder + "/a.svg"); rmdir(folder)
    }
}
