import Testing
@testable import Geometry

/// `PathMeasure(path, accuracy:)`: the arc length and its inversion meet the accuracy asked for, a
/// coarser accuracy cuts fewer quadrature pieces, and the sampler inverts with the measure's accuracy.
@Suite struct AccuracyTests {
    static let cubics: [[Point]] = [
        [Point(0, 0), Point(60, -80), Point(140, 80), Point(200, 0)],
        [Point(0, 0), Point(300, 10), Point(-100, 40), Point(200, 50)],   // a loop
        [Point(0, 0), Point(400, 0), Point(0, 0), Point(400, 0)],        // two cusps
    ]

    @Test func defaultIsTheNamedDefault() throws {
        let path = cubicPath(Self.cubics[0])
        let a = try PathMeasure(path), b = try PathMeasure(path, accuracy: .default)
        #expect(a.length == b.length)
        #expect(a.storage.accuracy == .default)
        #expect(PathMeasure.Accuracy.default.arclen == 1e-12 && PathMeasure.Accuracy.default.inversion == 1e-11)
    }

    @Test(arguments: [1e-3, 1e-6, 1e-9, 1e-12])
    func lengthAndInversionMeetTheAccuracy(relative: Double) throws {
        let accuracy = PathMeasure.Accuracy.relative(relative)
        for c in Self.cubics {
            let m = try PathMeasure(cubicPath(c), accuracy: accuracy)
            let size = Segment.cubic(CubicBez(c[0], c[1], c[2], c[3])).controlPolygonLength
            let ref = Reference.cubicLength(c)
            #expect(abs(m.length - ref) <= relative * size + 1e-9, "length \(m.length) vs \(ref) at \(relative)")
            // The point at the reference distance to t is B(t), to the accuracy over the speed there.
            var sampler = m.sampler()
            for k in 1..<20 {
                let t = Double(k) / 20
                let s = Reference.cubicLength(c, to: t)
                let b = CubicBez(c[0], c[1], c[2], c[3]).eval(t)
                let slack = 10 * relative * size + 1e-9
                #expect(m.point(at: s).distance(to: b) <= slack, "t=\(t) at \(relative)")
                #expect(sampler.sample(at: s).point.distance(to: b) <= slack, "sampler t=\(t) at \(relative)")
            }
        }
    }

    @Test func coarserAccuracyCutsFewerPieces() throws {
        let path = cubicPath(Self.cubics[1])
        let fine = try PathMeasure(path), coarse = try PathMeasure(path, accuracy: .relative(1e-4))
        #expect(coarse.storage.pieces.count < fine.storage.pieces.count)
        #expect(coarse.segmentCount == fine.segmentCount)
    }

    @Test func relativeIsClamped() {
        #expect(PathMeasure.Accuracy.relative(.nan) == .default)
        #expect(PathMeasure.Accuracy.relative(0).arclen == 1e-15)
        #expect(PathMeasure.Accuracy.relative(-1).arclen == 1e-15)
        #expect(PathMeasure.Accuracy.relative(.infinity).arclen == 1e-2)
        #expect(abs(PathMeasure.Accuracy.relative(1e-6).inversion - 1e-5) < 1e-20)
    }
}
