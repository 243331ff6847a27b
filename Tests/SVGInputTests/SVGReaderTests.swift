import XML
import Pipeline
import Testing
import Geometry
import Shaping
import Layout
import Requests
@testable import SVGInput

/// The document reader: canvas, cascade, shapes, paint order, and what it reports.
@Suite struct SVGReaderTests {
    @Test func theCanvasComesFromWidthHeightAndTheViewBox() throws {
        let r = try read(document(##"<rect x="10" y="10" width="20" height="10" fill="red"/>"##, attributes: #"viewBox="0 0 200 100""#))
        #expect(r.scene.width == 400 && r.scene.height == 200)
        let d = try #require(r.scene.shapes.first?.d)
        let box = d.subpaths[0].segments.map(\.start)
        #expect(box.contains(Point(20, 20)) && box.contains(Point(60, 20)))  // scaled by 2
        #expect(r.scene.shapes[0].fill == RGBAColor(r: 255, g: 0, b: 0))
    }

    /// A pattern fill is reported by element and attribute, and the rest is drawn.
    @Test func aPatternFillIsReportedAndTheRestDrawn() throws {
        let data = try fixture("pattern-unsupported")
        let r = try SVGInput.read(data)
        #expect(r.scene.shapes.count == 2)   // the circle, and the rect with its fallback colour
        #expect(r.scene.labels.count == 1)
        let w = try #require(r.warnings.first)
        #expect(w.element == "rect" && w.attribute == "fill")
        #expect(w.description.contains("pattern"), "\(w)")
        #expect(r.scene.shapes[0].fill == RGBAColor(r: 0x3b, g: 0x82, b: 0xf6))
        // --strict makes it an error naming the gradient.
        #expect { try SVGInput.read(data, options: SVGReadOptions(strict: true)) } throws: { e in
            guard let e = e as? SVGError, case .unsupported(let w) = e else { return false }
            return w.description.contains("pattern")
        }
    }

    /// Inkscape's document: editor namespaces ignored silently, textPath by xlink:href, styles in `style`.
    @Test func anInkscapeDocumentReads() throws {
        let r = try SVGInput.read(try fixture("inkscape"))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.scene.labels.count == 2)
        let onPath = r.scene.labels[0]
        #expect(text(of: onPath) == "Inkscape on a path")
        #expect(onPath.runs?.first?.style.size == 32)
        #expect(onPath.runs?.first?.style.color == RGBAColor(r: 0x1a, g: 0x5f, b: 0xb4))
        #expect(onPath.runs?.first?.style.fontFamilies == [FontFamilyName(family: "Noto Sans")!])
        #expect(onPath.options.align == .center && onPath.options.offset == .percent(0))
        #expect(onPath.path?.subpaths.first?.start == Point(30, 210))
        #expect(onPath.options.rotateAbout == .midpoint && onPath.options.upright == .off)
        #expect(text(of: r.scene.labels[1]) == "A plain Inkscape line")
        #expect(r.scene.labels[1].options.rotateAbout == .origin)
    }

    @Test func theCascadeIsAttributesThenRulesThenStyle() throws {
        let r = try read(document("""
        <style>rect { fill: #00ff00 } .c { fill: #0000ff } #i { fill: #111111 } rect.c { stroke: #222222 }</style>
        <rect x="0" y="0" width="5" height="5" fill="red"/>
        <rect class="c" x="0" y="0" width="5" height="5" fill="red"/>
        <rect id="i" class="c" x="0" y="0" width="5" height="5"/>
        <rect id="i2" class="c" x="0" y="0" width="5" height="5" style="fill: #333333"/>
        """))
        #expect(r.scene.shapes.map(\.fill) == [RGBAColor(r: 0, g: 255, b: 0), RGBAColor(r: 0, g: 0, b: 255),
                                             RGBAColor(r: 0x11, g: 0x11, b: 0x11), RGBAColor(r: 0x33, g: 0x33, b: 0x33)])
        #expect(r.scene.shapes[1].stroke == RGBAColor(r: 0x22, g: 0x22, b: 0x22))
    }

    @Test func unsupportedSelectorsAndPropertiesAreReported() throws {
        let r = try read(document(##"<style>g > rect { fill: red }</style><rect width="5" height="5" filter="url(#f)" stroke-dasharray="2 2" stroke="black"/>"##))
        let text = r.warnings.map(\.description).joined(separator: "\n")
        #expect(text.contains("g > rect"))
        #expect(r.warnings.contains { $0.element == "rect" && $0.attribute == "filter" })
        // Dashes are drawn (on shapes and text); a negative length makes the list invalid, drawn solid with a warning.
        #expect(!r.warnings.contains { $0.attribute == "stroke-dasharray" })
        #expect(r.scene.shapes[0].strokeDasharray == [2, 2])
        let bad = try read(document(##"<g transform="scale(2)"><rect width="5" height="5" stroke="black" stroke-dasharray="3,-1"/><rect width="5" height="5" stroke="black" stroke-dasharray="3 1 2" stroke-dashoffset="1"/></g>"##))
        #expect(bad.warnings.contains { $0.attribute == "stroke-dasharray" && $0.description.contains("drawn solid") })
        #expect(bad.scene.shapes[0].strokeDasharray == nil)
        #expect(bad.scene.shapes[1].strokeDasharray == [6, 2, 4] && bad.scene.shapes[1].strokeDashoffset == 2)   // in canvas pixels
    }

    /// A `<g>`'s opacity is composited as a group (its children drawn on a layer, the layer faded), as
    /// Chromium does, and so is a shape's own opacity when it paints twice (fill and stroke); a shape painted
    /// once is faded instead.
    @Test func groupOpacityIsAGroupAndSoIsAShapesOwnWhenItPaintsTwice() throws {
        let r = try read(document(##"<g opacity="0.5"><rect width="5" height="5" fill="#000" fill-opacity="0.5" stroke="#fff" stroke-opacity="1"/></g>"##))
        #expect(r.scene.order == [.beginGroup(opacity: 0.5), .shape(0), .endGroup])
        #expect(r.scene.shapes[0].fill?.a == 128)
        #expect(r.scene.shapes[0].stroke?.a == 255)
        // One shape painted once needs no layer: it is faded instead (the same pixels).
        let one = try read(document(##"<g opacity="0.5"><rect width="5" height="5" fill="#000" fill-opacity="0.5"/></g>"##))
        #expect(one.scene.order == [.shape(0)] && one.scene.shapes[0].fill?.a == 64)
        let own = try read(document(##"<rect opacity="0.5" width="5" height="5" fill="#000" fill-opacity="0.5" stroke="#fff" stroke-opacity="1"/>"##))
        #expect(own.scene.order == [.beginGroup(opacity: 0.5), .shape(0), .endGroup])
        #expect(own.scene.shapes[0].fill?.a == 128 && own.scene.shapes[0].stroke?.a == 255)
        let once = try read(document(##"<rect opacity="0.5" width="5" height="5" fill="#000" fill-opacity="0.5"/>"##))
        #expect(once.scene.order == [.shape(0)] && once.scene.shapes[0].fill?.a == 64)
    }

    /// Shapes and labels keep the document's paint order.
    @Test func paintOrderIsTheDocumentsOrder() throws {
        let r = try read(document(##"<rect width="5" height="5"/><text x="1" y="20">A</text><circle cx="5" cy="5" r="3"/>"##))
        #expect(r.scene.order == [.shape(0), .label(0), .shape(1)])
    }

    @Test func transformsMapShapesAndScaleText() throws {
        let r = try read(document(##"<g transform="translate(10 20) scale(2)"><line x1="0" y1="0" x2="5" y2="0" stroke="black" stroke-width="3"/><text x="1" y="2" font-size="10">A</text></g>"##))
        #expect(r.scene.shapes[0].d?.subpaths[0].start == Point(10, 20))
        #expect(r.scene.shapes[0].strokeWidth == 6)
        #expect(r.scene.labels[0].runs?.first?.style.size == 20)
        let start = try #require(r.scene.labels[0].path?.subpaths.first)
        // The line through the text's start, at (1, 2) in user space: (12, 24) on the canvas.
        #expect(abs(start.start.y - 24) < 1e-9 && abs((start.start.x + start.end.x) / 2 - 12) < 1e-6)
    }

    @Test func useDrawsTheReferencedElementAndStopsAtCycles() throws {
        let r = try read(document(##"<defs><rect id="r" width="4" height="4"/><g id="loop"><use href="#loop"/></g></defs><use href="#r" x="10"/><use xlink:href="#r" y="10"/><use href="#loop"/>"##))
        #expect(r.scene.shapes.count == 2)
        #expect(r.scene.shapes[0].d?.subpaths[0].start == Point(10, 0))
        #expect(r.warnings.contains { $0.element == "use" && $0.attribute == "href" })
    }

    /// A chain of `<use>` that doubles at each level is bounded by the element limit, counting copies.
    @Test func aUseBombIsRefused() {
        var defs = ##"<g id="g0"><rect width="1" height="1"/></g>"##
        for k in 1...20 { defs += ##"<g id="g\##(k)"><use href="#g\##(k - 1)"/><use href="#g\##(k - 1)"/></g>"## }
        let svg = document("<defs>" + defs + "</defs>" + ##"<use href="#g15"/>"##)
        #expect(throws: SVGError.tooManyElements(limit: 1000)) {
            try SVGInput.read(Array(svg.utf8), options: SVGReadOptions(limits: XMLLimits(bytes: 1 << 20, elements: 1000)))
        }
    }

    @Test func theRootMustBeSVG() {
        #expect(throws: SVGError.notSVG(root: "html")) { try read("<html/>") }
    }

    @Test func aSVGFileIsRecognisedByExtensionOrRoot() {
        #expect(SVGInput.isSVG(path: "a.SVG", prefix: []))
        #expect(SVGInput.isSVG(path: "drawing", prefix: Array("<?xml version=\"1.0\"?>\n<!-- c -->\n<svg>".utf8)))
        #expect(SVGInput.isSVG(path: "-", prefix: Array("<svg:svg xmlns:svg=\"…\">".utf8)))
        #expect(SVGInput.isSVG(path: "-", prefix: Array("<!DOCTYPE svg [<!ENTITY x \"a>b\">]>\n<svg>".utf8)))
        #expect(!SVGInput.isSVG(path: "scene.json", prefix: Array("{\"width\": 10}".utf8)))
    }
}

/// The DocC article's example ("Rendering an SVG file"), run.
@Suite struct RenderingSVGArticleTests {
    @Test func theArticlesProgramRuns() throws {
        let drawing = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="240">
          <defs><pattern id="sky" width="8" height="8"><rect width="4" height="4" fill="#1e3a8a"/></pattern></defs>
          <path id="arc" d="M 30 200 C 100 40 300 40 370 200" fill="none" stroke="#d1d5db" stroke-width="2"/>
          <text font-family="Noto Sans" font-size="32" fill="#7c2d12">
            <textPath href="#arc" startOffset="50%" text-anchor="middle">Text on a curve</textPath>
          </text>
          <rect x="20" y="20" width="80" height="30" fill="url(#sky) #3b82f6"/>
        </svg>
        """
        let read = try SVGInput.read(Array(drawing.utf8))
        #expect(read.warnings.count == 1)
        #expect(read.warnings[0].description.hasPrefix("line 7: <rect> fill: url(#sky) refers to <pattern>"), "\(read.warnings[0])")
        #expect(read.warnings[0].description.hasSuffix("drawn with the fallback colour #3b82f6"))
        let picture = try SceneRenderer.render(read.scene)
        #expect(picture.canvas.width == 400 && picture.canvas.height == 240)
        #expect(picture.labels.count == 1 && picture.labels[0].glyphs.count == "Text on a curve".count)
        // Centred on the curve: the label's middle is at half the path's length.
        let l = picture.labels[0]
        #expect(abs(l.start + l.advance / 2 - l.pathLength / 2) < 1e-6)
    }
}
