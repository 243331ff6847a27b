import Testing
import Geometry

@Suite struct PathMeasureSkeletonTests {
    @Test func lineLength() throws {
        var p = Path(); p.move(to: Point(0, 0)); p.line(to: Point(3, 4))
        #expect(try PathMeasure(p).length == 5)
    }
}
