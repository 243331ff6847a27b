import Pipeline
import Testing
import Geometry
import Requests
@testable import SVGInput

/// Documents built to break the reader or the renderer: each is read and drawn (or refused with a
/// message), never a trap, a hang or a non-finite coordinate on the canvas.
@Suite struct HostileDocumentTests {
    static let bodies: [String] = [
        ##"<g transform="scale(1e200) scale(1e200)"><rect width="10" height="10"/><text x="1" y="1">inf</text></g>"##,
        ##"<text x="1e308" y="-1e308" dx="1e308 1e308" rotate="1e308">far</text>"##,
        ##"<text font-size="1e308" x="10" y="20">huge</text>"##,
        ##"<text letter-spacing="1e308" word-spacing="-1e308" x="10" y="20">a b</text>"##,
        ##"<path id="p" d="M 0 0 L 10 0"/><text><textPath href="#p" startOffset="1e308">x</textPath></text>"##,
        ##"<text><textPath href="#self" id="self">self</textPath></text>"##,
        ##"<text><textPath href="#nothing"></textPath></text><text></text><tspan>stray</tspan>"##,
        ##"<rect width="NaN" height="1e999"/><circle r="-5"/><polygon points="1,2,3"/><path d="M 0 0 L"/>"##,
        ##"<text x="10" y="20" style="font-size: calc(1px + 2em); fill: rgb(300, -5, 20%)">css</text>"##,
        ##"<style>@media print { text { fill: red } } text { font-size: 0 } </style><text x="1" y="2">zero</text>"##,
        ##"<svg viewBox="0 0 0 0"><svg viewBox="-1e308 -1e308 1e-308 1e-308"><rect width="1" height="1"/></svg></svg>"##,
        ##"<line x1="0" y1="0" x2="10" y2="0" stroke="black" stroke-width="1e308"/>"##,
    ]

    @Test(arguments: bodies.indices)
    func aHostileDocumentIsReadAndDrawnOrRefused(index: Int) throws {
        let svg = document(Self.bodies[index])
        let read: SVGScene
        do { read = try SVGInput.read(Array(svg.utf8)) } catch {
            #expect(!error.description.isEmpty)
            return
        }
        for shape in read.scene.shapes {
            for sp in shape.d?.subpaths ?? [] { #expect(sp.start.isFinite && sp.end.isFinite) }
        }
        do {
            let picture = try SceneRenderer.render(read.scene)
            for l in picture.labels { for g in l.glyphs { #expect(g.origin.isFinite && g.angle.radians.isFinite) } }
        } catch {
            #expect(!error.description.isEmpty)   // a limit or a bad value, named
        }
    }
}
