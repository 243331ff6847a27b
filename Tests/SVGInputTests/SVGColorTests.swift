import Testing
import Shaping
@testable import SVGInput

/// `SVGColor.parse`: CSS colours as SVG writes them.
@Suite struct SVGColorTests {
    @Test func hexInEveryLength() {
        #expect(SVGColor.parse("#f80") == RGBAColor(r: 255, g: 136, b: 0))
        #expect(SVGColor.parse("#f808") == RGBAColor(r: 255, g: 136, b: 0, a: 136))
        #expect(SVGColor.parse(" #FF8000 ") == RGBAColor(r: 255, g: 128, b: 0))
        #expect(SVGColor.parse("#ff800080") == RGBAColor(r: 255, g: 128, b: 0, a: 128))
        #expect(SVGColor.parse("#ff80") == RGBAColor(r: 255, g: 255, b: 136, a: 0))
        for bad in ["#ff", "#ff8000f", "#gg0000", "#"] { #expect(SVGColor.parse(bad) == nil, "\(bad)") }
    }

    @Test func functionsWithNumbersPercentagesAndAlpha() {
        #expect(SVGColor.parse("rgb(255, 128, 0)") == RGBAColor(r: 255, g: 128, b: 0))
        #expect(SVGColor.parse("rgb(100%,50%,0%)") == RGBAColor(r: 255, g: 128, b: 0))
        #expect(SVGColor.parse("rgba(0 0 0 / 50%)") == RGBAColor(r: 0, g: 0, b: 0, a: 128))
        #expect(SVGColor.parse("rgb(300, -5, 0)") == RGBAColor(r: 255, g: 0, b: 0))   // clamped
        // hsl(120, 100%, 25%) is #008000; a hue past 360 turns round.
        #expect(SVGColor.parse("hsl(120, 100%, 25%)") == RGBAColor(r: 0, g: 128, b: 0))
        #expect(SVGColor.parse("hsla(480deg, 100%, 25%, 0.5)") == RGBAColor(r: 0, g: 128, b: 0, a: 128))
        for bad in ["rgb(1, 2)", "rgb(a, b, c)", "cmyk(0, 0, 0, 0)", "rgb(1, 2, 3"] { #expect(SVGColor.parse(bad) == nil, "\(bad)") }
    }

    @Test func namesAndTransparent() {
        #expect(SVGColor.parse("RebeccaPurple") == RGBAColor(r: 0x66, g: 0x33, b: 0x99))
        #expect(SVGColor.parse("transparent") == .transparent)
        #expect(SVGColor.parse("grey") == SVGColor.parse("gray"))
        #expect(SVGColor.parse("currentColor") == nil && SVGColor.parse("url(#g)") == nil)
    }
}
