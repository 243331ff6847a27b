#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
@testable import SVGInput

/// `SVGTransform`: SVG's transform lists, and the similarity part of a map.
@Suite struct SVGTransformTests {
    static func close(_ m: Affine?, _ n: Affine) -> Bool {
        guard let m else { return false }
        return [m.a - n.a, m.b - n.b, m.c - n.c, m.d - n.d, m.e - n.e, m.f - n.f].allSatisfy { abs($0) < 1e-12 }
    }

    @Test func everyFormInTheListsOrderFirstOutermost() {
        #expect(Self.close(SVGTransform.parse("translate(10)"), Affine(1, 0, 0, 1, 10, 0)))
        #expect(Self.close(SVGTransform.parse("scale(2,3)"), Affine(2, 0, 0, 3, 0, 0)))
        #expect(Self.close(SVGTransform.parse("rotate(90)"), Affine(0, 1, -1, 0, 0, 0)))
        // rotate(90 10 10) keeps (10, 10) in place.
        let r = SVGTransform.parse("rotate(90 10 10)")!
        #expect((r.apply(Point(10, 10)) - Point(10, 10)).length < 1e-12)
        #expect(Self.close(SVGTransform.parse("skewX(45)"), Affine(1, 0, 1, 1, 0, 0)))
        #expect(Self.close(SVGTransform.parse("matrix(1 2 3 4 5 6)"), Affine(1, 2, 3, 4, 5, 6)))
        // translate then scale: a point is scaled first, then moved.
        let m = SVGTransform.parse("translate(10,20) scale(2)")!
        #expect(m.apply(Point(1, 1)) == Point(12, 22))
        #expect(SVGTransform.parse("  ") == .identity)
    }

    @Test func badSyntaxIsNil() {
        for bad in ["rotate(1, 2)", "translate(1", "spin(3)", "scale()", "matrix(1 2 3)"] { #expect(SVGTransform.parse(bad) == nil, "\(bad)") }
    }

    @Test func theSimilarityOfARotatedUniformScale() throws {
        let s = try #require(SVGTransform.similarity(.rotate(0.3) * .scale(2)))
        #expect(abs(s.scale - 2) < 1e-12 && abs(s.rotation - 0.3) < 1e-12)
        #expect(SVGTransform.similarity(.scale(2, 3)) == nil)
        #expect(SVGTransform.similarity(.scale(-1, 1)) == nil)     // a mirror
        #expect(SVGTransform.similarity(Affine(1, 0, 0.5, 1, 0, 0)) == nil)
    }
}
