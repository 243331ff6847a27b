import Testing
import Geometry
import Shaping
@testable import Requests

/// The text form of gradients in requests: CSS's stop rules, the first group's words, and the round trip.
@Suite struct GradientSyntaxTests {
    @Test func missingOffsetsAreSpreadEvenlyAsCSSDoes() throws {
        let g = try #require(Gradient(css: "linear-gradient(0 0 1 0, #ff0000, #00ff00, #0000ff 80%, #000000)"))
        #expect(g.stops.map(\.offset) == [0, 0.4, 0.8, 1])
        #expect(g.units == .objectBoundingBox && g.spread == .pad)
        let r = try #require(Gradient(css: "radial-gradient(userSpaceOnUse repeat 100 50 40 90 45 2, #fff, #000)"))
        #expect(r.shape == .radial(start: Point(90, 45), startRadius: 2, end: Point(100, 50), endRadius: 40))
        #expect(r.units == .userSpaceOnUse && r.spread == .repeat)
        #expect(Gradient(css: r.css) == r && Gradient(css: g.css) == g)
    }

    @Test func malformedGradientsAreRefused() {
        for bad in ["linear-gradient(0 0 1, #f00, #00f)", "linear-gradient(0 0 1 0)", "radial-gradient(0.5 0.5 -1, #fff, #000)",
                    "linear-gradient(0 0 1 0, #f00 150%, #00f)", "linear-gradient(0 0 1 0, red, blue)", "conic-gradient(0 0, #fff, #000)",
                    "linear-gradient(0 0 1 nan, #f00, #00f)"] {
            #expect(Gradient(css: bad) == nil, "\(bad)")
        }
    }

    @Test func theOptionNamesWhatItExpects() {
        #expect(throws: OptionValueError.self) { try OptionSyntax<Gradient>.gradient.fromText("linear-gradient(") }
        #expect(OptionSyntax<Gradient>.gradient.expected.contains("linear-gradient"))
    }
}
