import Testing
import Geometry

/// `PathMeasure.segmentBoundaries(from:to:)`: where one segment ends and the next begins.
@Suite struct PathMeasureBoundariesTests {
    /// Three lines of lengths 10, 20 and 30.
    static let steps: PathMeasure = {
        var p = BezPath()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(10, 20)); p.line(to: Point(40, 20))
        return try! PathMeasure(p)
    }()

    @Test func givesTheJoinsStrictlyInsideTheInterval() {
        #expect(Self.steps.segmentBoundaries(from: 0, to: 60) == [10, 30])
        #expect(Self.steps.segmentBoundaries(from: 10, to: 30) == [])     // strictly between
        #expect(Self.steps.segmentBoundaries(from: 5, to: 29) == [10])
        #expect(Self.steps.segmentBoundaries(from: 20, to: 20) == [])
    }

    @Test func inTheReversedDirectionTheyAreMeasuredFromTheOtherEnd() {
        #expect(Self.steps.reversed().segmentBoundaries(from: 0, to: 60) == [30, 50])
        #expect(Self.steps.reversed().segmentBoundaries(from: 35, to: 60) == [50])
    }

    @Test func aSingleSegmentHasNone() throws {
        var p = BezPath(); p.move(to: Point(0, 0)); p.line(to: Point(100, 0))
        #expect(try PathMeasure(p).segmentBoundaries(from: 0, to: 100) == [])
    }
}
