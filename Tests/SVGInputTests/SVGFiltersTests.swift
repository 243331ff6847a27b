import Testing
import Foundation
import Geometry
import Shaping
import Requests
import Pipeline
@testable import SVGInput

/// `filter="url(#id)"` read into filter groups (SVGFilters.swift), and drawn by the renderer.
@Suite struct SVGFiltersTests {
    /// The filters of the scene's order, in order.
    func filters(_ s: SVGScene) -> [FilterEffect] {
        (s.scene.order ?? []).compactMap { if case .beginFilter(let f) = $0 { f } else { nil } }
    }

    @Test func aDropShadowFilterIsReadWithItsUnitsAndPrimitives() throws {
        let r = try read(document("""
            <filter id="s" x="-20%" y="0" width="1.4" height="150%" primitiveUnits="objectBoundingBox" color-interpolation-filters="sRGB">
              <feGaussianBlur in="SourceAlpha" stdDeviation="0.02 0.05" result="blur"/>
              <feOffset in="blur" dx="3" dy="4" color-interpolation-filters="linearRGB"/>
              <feFlood flood-color="#336699" flood-opacity="0.5"/>
              <feComposite in2="blur" operator="arithmetic" k2="1" k4="0.25"/>
              <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <g transform="scale(2)"><rect width="10" height="10" filter="url(#s)"/></g>
            """))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let f = try #require(filters(r).first)
        #expect(f.units == .objectBoundingBox && f.primitiveUnits == .objectBoundingBox)
        #expect(f.region == Rect(minX: -0.2, minY: 0, maxX: -0.2 + 1.4, maxY: 1.5))
        #expect(f.transform == .scale(2))
        #expect(f.primitives.map(\.operation) == [
            .gaussianBlur(x: 0.02, y: 0.05), .offset(dx: 3, dy: 4), .flood(RGBAColor(r: 0x33, g: 0x66, b: 0x99, a: 128)),
            .composite(.arithmetic(k1: 0, k2: 1, k3: 0, k4: 0.25), in2: .named("blur")), .merge([.previous, .sourceGraphic]),
        ])
        #expect(f.primitives.map(\.linearRGB) == [false, true, false, false, false])
        #expect(f.primitives[0].input == .sourceAlpha && f.primitives[0].result == "blur" && f.primitives[1].input == .named("blur"))
        // The group: begun before the shape, ended after it.
        #expect(r.scene.order == [.beginFilter(f), .shape(0), .endGroup])
    }

    @Test func defaultsAreTenPercentAroundTheBoxInLinearLight() throws {
        let r = try read(document(#"<filter id="b"><feGaussianBlur stdDeviation="3"/></filter><circle r="5" filter="url(#b)"/>"#))
        let f = try #require(filters(r).first)
        #expect(f.units == .objectBoundingBox && f.primitiveUnits == .userSpaceOnUse)
        #expect(f.region == Rect(x: -0.1, y: -0.1, width: 1.2, height: 1.2))
        #expect(f.primitives == [FilterPrimitive(.gaussianBlur(x: 3, y: 3))])
        // userSpaceOnUse: lengths, percentages of the viewport (400 × 200).
        let u = try read(document(#"<filter id="b" filterUnits="userSpaceOnUse" x="10" y="10%" width="50%" height="20"><feFlood/></filter><rect width="5" height="5" filter="url(#b)"/>"#))
        #expect(try #require(filters(u).first).region == Rect(minX: 10, minY: 20, maxX: 210, maxY: 40))
    }

    @Test func whatTheRendererDoesNotRunIsReportedAndDrawnWithout() throws {
        for (body, says) in [
            (#"<filter id="f"><feTurbulence baseFrequency="0.1"/></filter>"#, "<feTurbulence> is not supported"),
            (#"<filter id="f"><feBlend in="SourceGraphic" in2="BackgroundImage"/></filter>"#, #"<feBlend> in2="BackgroundImage""#),
            (#"<filter id="f"><feComposite in2="BackgroundImage"/></filter>"#, #"in2="BackgroundImage""#),
            (##"<filter id="f" href="#g"/>"##, "a <filter> template (href)"),
            (#"<linearGradient id="f"/>"#, "refers to no <filter>"),
        ] {
            let r = try read(document(body + #"<rect width="5" height="5" filter="url(#f)"/>"#))
            #expect(filters(r).isEmpty, "\(body)")
            #expect(r.scene.shapes.count == 1)
            #expect(r.warnings.contains { $0.attribute == "filter" && $0.description.contains(says) }, "\(body): \(r.warnings)")
        }
        let css = try read(document(#"<rect width="5" height="5" style="filter: blur(2px)"/>"#))
        #expect(css.warnings.contains { $0.attribute == "filter" && $0.description.contains("only url(#id)") })
    }

    @Test func dropShadowIsTheChainItStandsFor() throws {
        let r = try read(document(#"<filter id="d"><feDropShadow dx="3" dy="1" stdDeviation="2" flood-color="red"/></filter><rect width="5" height="5" filter="url(#d)"/>"#))
        let ops = try #require(filters(r).first).primitives.map(\.operation)
        #expect(ops.count == 6)
        #expect(ops[1] == .gaussianBlur(x: 2, y: 2) && ops[2] == .offset(dx: 3, dy: 1) && ops[3] == .flood(RGBAColor(r: 255, g: 0, b: 0)))
    }

    @Test func aTextPathAndATspanAreFilteredAsChromiumDraws() throws {
        let r = try read(document("""
            <filter id="b"><feGaussianBlur stdDeviation="4"/></filter>
            <path id="p" d="M 10 100 L 390 100"/>
            <text font-size="20"><textPath href="#p">one</textPath><textPath href="#p" startOffset="200" filter="url(#b)">two</textPath></text>
            <text x="10" y="50" font-size="20"><tspan filter="url(#b)">whole</tspan></text>
            <text x="10" y="150" font-size="20">part <tspan filter="url(#b)">of it</tspan></text>
            """))
        // The second textPath's label and the whole tspan's are inside filter groups; the part of a chunk is not.
        #expect(r.scene.order == [.shape(0), .label(0), .beginFilter(filters(r)[0]), .label(1), .endGroup, .beginFilter(filters(r)[1]), .label(2), .endGroup, .label(3)])
        #expect(r.warnings.contains { $0.element == "tspan" && $0.description.contains("part of a text chunk") })
    }

    /// A text's filter region is its bounding box (the advance and the font's ascent and descent), not
    /// its ink: filter-bbox in resvg's suite. A green flood over exactly that box.
    @Test func floodFillsTheTextsBoundingBox() throws {
        let r = try read(document("""
            <filter id="f" x="0" y="0" width="1" height="1"><feFlood flood-color="#008000"/></filter>
            <text x="100" y="100" font-size="40" filter="url(#f)">Text</text>
            """))
        let picture = try SceneRenderer.render(r.scene)
        let box = try #require(picture.labels.first?.objectBoundingBox)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<200 { for x in 0..<400 where picture.canvas.pixel(x: x, y: y) == RGBAColor(r: 0, g: 128, b: 0) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        #expect(minX == Int(box.minX.rounded(.down)) && maxX == Int(box.maxX.rounded(.up)) - 1, "\(box) \(minX)…\(maxX)")
        #expect(minY == Int(box.minY.rounded(.down)) && maxY == Int(box.maxY.rounded(.up)) - 1, "\(box) \(minY)…\(maxY)")
        #expect(box.minY < 100 - 30 && box.maxY > 100 + 8)   // the ascent and descent, not the ink of "Text"
    }

    /// A shadow under a square: the square where it was, the shadow offset by exact pixels, blurred within
    /// the filter region, nothing beyond it.
    @Test func aDropShadowIsDrawnOffsetAndClippedToTheRegion() throws {
        let r = try read(document("""
            <filter id="s" filterUnits="userSpaceOnUse" x="0" y="0" width="200" height="200">
              <feOffset in="SourceAlpha" dx="30" dy="20"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <rect x="20" y="20" width="40" height="40" fill="#0000ff" filter="url(#s)"/>
            """))
        let c = try SceneRenderer.render(r.scene).canvas
        #expect(c.pixel(x: 25, y: 25) == RGBAColor(r: 0, g: 0, b: 255))
        #expect(c.pixel(x: 85, y: 75) == RGBAColor(r: 0, g: 0, b: 0))    // the shadow: (50…90) × (40…80)
        #expect(c.pixel(x: 89, y: 79).a == 255 && c.pixel(x: 90, y: 79).a == 0 && c.pixel(x: 89, y: 80).a == 0)
        #expect(c.pixel(x: 49, y: 70).a == 0)
        // The region ends at 200: the same filter 10 pixels narrower clips the shadow's right edge.
        let clipped = try read(document("""
            <filter id="s" filterUnits="userSpaceOnUse" x="0" y="0" width="80" height="200">
              <feOffset in="SourceAlpha" dx="30" dy="20"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <rect x="20" y="20" width="40" height="40" fill="#0000ff" filter="url(#s)"/>
            """))
        let k = try SceneRenderer.render(clipped.scene).canvas
        #expect(k.pixel(x: 79, y: 70).a == 255 && k.pixel(x: 80, y: 70).a == 0)
    }

    /// A circle's bounding box (the default filter region's) holds its arcs, not only their ends: a
    /// circle under a filter in bounding-box units is drawn whole, with its shadow below.
    @Test func aCircleUnderABoundingBoxFilterIsDrawnWhole() throws {
        let r = try read(document("""
            <filter id="s"><feOffset in="SourceAlpha" dy="10"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
            <circle cx="60" cy="60" r="20" fill="#0000ff" filter="url(#s)"/>
            """))
        let c = try SceneRenderer.render(r.scene).canvas
        #expect(c.pixel(x: 60, y: 60) == RGBAColor(r: 0, g: 0, b: 255))
        #expect(c.pixel(x: 60, y: 44) == RGBAColor(r: 0, g: 0, b: 255))   // near the top of the circle
        #expect(c.pixel(x: 60, y: 82) == RGBAColor(r: 0, g: 0, b: 0))     // the shadow, below the circle
        #expect(c.pixel(x: 60, y: 85).a == 0)                              // past the region (36…84: the box and 10 %)
    }

    @Test func opacityCompositesTheFilteredElement() throws {
        // Filter first, then opacity: a flood of opaque blue at opacity 0.5 is half blue, drawn once.
        let r = try read(document("""
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><feFlood flood-color="#0000ff"/></filter>
            <rect width="5" height="5" fill="red" opacity="0.5" filter="url(#f)"/>
            """))
        #expect(r.scene.order?.first == .beginGroup(opacity: 0.5))
        let c = try SceneRenderer.render(r.scene).canvas
        #expect(c.pixel(x: 2, y: 2) == RGBAColor(r: 0, g: 0, b: 255, a: 128) && c.pixel(x: 8, y: 8) == RGBAColor(r: 0, g: 0, b: 255, a: 128))
        #expect(c.pixel(x: 12, y: 2).a == 0)
    }

    @Test func aRegionPastTheBoundIsRefusedByName() throws {
        let r = try read(document(#"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="3000" height="3000"><feFlood/></filter><rect width="5" height="5" filter="url(#f)"/>"#,
                                  attributes: #"viewBox="0 0 3000 3000""#).replacingOccurrences(of: #"width="400" height="200""#, with: #"width="3000" height="3000""#))
        #expect(throws: SceneError.self) { try SceneRenderer.render(r.scene) }
        do { _ = try SceneRenderer.render(r.scene) } catch { #expect(error.description.contains("the filter bound"), "\(error)") }
    }

    @Test func hugeNumbersAreDrawnWithinTheBounds() throws {
        // A deviation and an offset far past the canvas, under a large scale: clamped, drawn, no trap.
        let r = try read(document("""
            <filter id="f"><feGaussianBlur stdDeviation="1e300"/><feOffset dx="1e300" dy="-1e300"/><feColorMatrix type="saturate" values="1e300"/></filter>
            <g transform="scale(1e5)"><rect width="1" height="1" filter="url(#f)"/></g>
            <rect x="10" y="10" width="5" height="5" fill="#00ff00"/>
            """))
        let c = try SceneRenderer.render(r.scene).canvas
        #expect(c.pixel(x: 12, y: 12) == RGBAColor(r: 0, g: 255, b: 0))
        #expect(c.pixel(x: 100, y: 100).a == 0)   // everything moved out of the region
        _ = try SceneRenderer.renderSVG(r.scene)
    }

    @Test func svgOutputWritesTheFilterThrough() throws {
        let r = try read(document(#"<filter id="b"><feGaussianBlur stdDeviation="2"/></filter><rect x="10" y="10" width="50" height="20" filter="url(#b)"/>"#))
        let svg = try SceneRenderer.renderSVG(r.scene).svg.text
        // The region in canvas coordinates: 10 % of the 50 × 20 box beyond each side.
        #expect(svg.contains(#"<filter id="filter1" filterUnits="userSpaceOnUse" primitiveUnits="userSpaceOnUse" x="5" y="8" width="60" height="24"><feGaussianBlur stdDeviation="2 2"/></filter>"#), "\(svg)")
        #expect(svg.contains(#"<g filter="url(#filter1)"><path"#))
    }

    @Test func primitiveSubregionsAreReadInThePrimitiveUnits() throws {
        let r = try read(document(##"""
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="400" height="200">
              <feFlood x="10" y="5%" width="50%" result="a"/><feOffset dx="1" height="-3"/><feDropShadow width="20"/>
            </filter>
            <filter id="g" primitiveUnits="objectBoundingBox"><feFlood x="25%" y="0.5" width="x"/></filter>
            <rect width="5" height="5" filter="url(#f)"/><rect width="5" height="5" filter="url(#g)"/>
            """##))
        let (f, g) = (filters(r)[0], filters(r)[1])
        #expect(f.primitives[0].subregion == FilterSubregion(x: 10, y: 10, width: 200))   // percentages of the 400 × 200 viewport
        #expect(f.primitives[1].subregion == FilterSubregion(height: 0))
        // feDropShadow: its last step (the merge) is clipped, the steps before it keep their defaults.
        #expect(f.primitives.last?.subregion == FilterSubregion(width: 20) && f.primitives[2].subregion == FilterSubregion())
        #expect(g.primitives[0].subregion == FilterSubregion(x: 0.25, y: 0.5))
        #expect(r.warnings.contains { $0.attribute == "height" && $0.description.contains("negative") }, "\(r.warnings)")
        #expect(r.warnings.contains { $0.attribute == "width" && $0.description.contains("cannot read") }, "\(r.warnings)")
        #expect(!r.warnings.contains { $0.attribute == "filter" }, "\(r.warnings)")
        // Drawn: the flood only within x 10…40, y 20…60, the rest of the region transparent; written through.
        let one = try read(document(##"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><feFlood flood-color="#00ff00" x="10" y="20" width="30" height="40"/></filter><rect width="5" height="5" filter="url(#f)"/>"##))
        let c = try SceneRenderer.render(one.scene).canvas
        #expect(c.pixel(x: 10, y: 20) == RGBAColor(r: 0, g: 255, b: 0) && c.pixel(x: 39, y: 59) == RGBAColor(r: 0, g: 255, b: 0))
        #expect(c.pixel(x: 9, y: 30).a == 0 && c.pixel(x: 40, y: 30).a == 0 && c.pixel(x: 20, y: 19).a == 0 && c.pixel(x: 20, y: 60).a == 0)
        let svg = try SceneRenderer.renderSVG(one.scene).svg.text
        #expect(svg.contains(##"<feFlood flood-color="#00ff00" x="10" y="20" width="30" height="40"/>"##), "\(svg)")
    }

    @Test func feBlendReadsItsModeAndIsWrittenThrough() throws {
        let r = try read(document(##"""
            <filter id="f"><feFlood flood-color="#3080f0" result="c"/><feBlend in="c" in2="SourceGraphic" mode="color-burn"/><feBlend/></filter>
            <rect width="5" height="5" filter="url(#f)"/>
            """##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let f = try #require(filters(r).first)
        #expect(f.primitives[1].operation == .blend(.colorBurn, in2: .sourceGraphic) && f.primitives[1].input == .named("c"))
        #expect(f.primitives[2].operation == .blend(.sourceOver, in2: .previous))
        let svg = try SceneRenderer.renderSVG(r.scene).svg.text
        #expect(svg.contains(#"<feBlend in="r0" in2="SourceGraphic" mode="color-burn"/><feBlend mode="normal"/>"#), "\(svg)")
        for mode in ["plus-lighter", "src-over", "xor"] {
            let bad = try read(document(#"<filter id="f"><feBlend mode="\#(mode)"/></filter><rect width="5" height="5" filter="url(#f)"/>"#))
            #expect(filters(bad).isEmpty && bad.warnings.contains { $0.description.contains(#"<feBlend> mode="\#(mode)""#) }, "\(bad.warnings)")
        }
    }

    @Test func feMorphologyReadsItsOperatorAndRadii() throws {
        let r = try read(document(##"""
            <filter id="f" primitiveUnits="objectBoundingBox"><feMorphology operator="dilate" radius="0.1 0.2"/><feMorphology radius="-1"/></filter>
            <rect width="10" height="20" filter="url(#f)"/>
            """##))
        let f = try #require(filters(r).first)
        #expect(f.primitives.map(\.operation) == [.morphology(dilate: true, x: 0.1, y: 0.2), .morphology(dilate: false, x: -1, y: -1)])
        #expect(r.warnings.contains { $0.attribute == "radius" && $0.description.contains("passes its input through") }, "\(r.warnings)")
        // Resolved on the 10 × 20 box: radii of 1 and 4 pixels; written through.
        let resolved = try #require(f.resolved(box: Rect(x: 0, y: 0, width: 10, height: 20)))
        #expect(resolved.primitives[0].operation == .morphology(dilate: true, x: 1, y: 4))
        let svg = try SceneRenderer.renderSVG(r.scene).svg.text
        #expect(svg.contains(#"<feMorphology operator="dilate" radius="1 4"/>"#), "\(svg)")
        for bad in [#"operator="open""#, #"radius="1 2 3""#, #"radius="x""#] {
            let b = try read(document(#"<filter id="f"><feMorphology \#(bad)/></filter><rect width="5" height="5" filter="url(#f)"/>"#))
            #expect(filters(b).isEmpty && b.warnings.contains { $0.attribute == "filter" && $0.description.contains("<feMorphology>") }, "\(bad): \(b.warnings)")
        }
    }

    @Test func feComponentTransferReadsItsFunctions() throws {
        let r = try read(document(##"""
            <filter id="f"><feComponentTransfer>
              <feFuncR type="table" tableValues="0 1 0"/><feFuncG type="linear" slope="2"/><feFuncB type="gamma" exponent="2" offset="0.1"/>
              <feFuncA type="discrete" tableValues="0.2, 0.8"/>
            </feComponentTransfer></filter>
            <rect width="5" height="5" filter="url(#f)"/>
            """##))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let f = try #require(filters(r).first)
        #expect(f.primitives[0].operation == .componentTransfer([.table([0, 1, 0]), .linear(slope: 2, intercept: 0),
                                                                .gamma(amplitude: 1, exponent: 2, offset: 0.1), .discrete([0.2, 0.8])]))
        let svg = try SceneRenderer.renderSVG(r.scene).svg.text
        #expect(svg.contains(#"<feComponentTransfer><feFuncR type="table" tableValues="0 1 0"/><feFuncG type="linear" slope="2" intercept="0"/>"#), "\(svg)")
        let long = Array(repeating: "0.5", count: FilterEffect.maximumTableValues + 1).joined(separator: " ")
        for bad in [#"type="spline""#, #"type="linear" slope="x""#, #"type="table" tableValues="\#(long)""#] {
            let b = try read(document(#"<filter id="f"><feComponentTransfer><feFuncG \#(bad)/></feComponentTransfer></filter><rect width="5" height="5" filter="url(#f)"/>"#))
            #expect(filters(b).isEmpty && b.warnings.contains { $0.attribute == "filter" && $0.description.contains("<feFuncG>") }, "\(b.warnings.map(\.description).joined().prefix(300))")
        }
    }
}
