#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

@Suite struct SVGPathParserTests {
    func parse(_ s: String) throws -> BezPath { try BezPath(svgPathData: s) }

    func error(_ s: String) -> GeometryError? {
        do { _ = try BezPath(svgPathData: s); return nil } catch { return error }
    }

    @Test func moveAndLines() throws {
        let p = try parse("M 10 20 L 30 40 l 5 -5 H 0 h 3 V 7 v -2")
        #expect(p.segments == [
            .line(Line(Point(10, 20), Point(30, 40))),
            .line(Line(Point(30, 40), Point(35, 35))),
            .line(Line(Point(35, 35), Point(0, 35))),
            .line(Line(Point(0, 35), Point(3, 35))),
            .line(Line(Point(3, 35), Point(3, 7))),
            .line(Line(Point(3, 7), Point(3, 5))),
        ])
    }

    @Test func implicitLineTosAfterMove() throws {
        let abs = try parse("M1 2 3 4 5 6")
        #expect(abs.segments == [.line(Line(Point(1, 2), Point(3, 4))), .line(Line(Point(3, 4), Point(5, 6)))])
        let rel = try parse("m1 2 3 4 5 6")
        #expect(rel.segments == [.line(Line(Point(1, 2), Point(4, 6))), .line(Line(Point(4, 6), Point(9, 12)))])
        let rep = try parse("M0 0 L1 1, 2 2 3,3")
        #expect(rep.segments.count == 3 && rep.currentPoint == Point(3, 3))
    }

    @Test func numberForms() throws {
        let p = try parse("M.5.5-1-2L1e-3,2E+1 -.5e1.25")
        #expect(p.subpaths[0].start == Point(0.5, 0.5))
        #expect(p.segments == [
            .line(Line(Point(0.5, 0.5), Point(-1, -2))),
            .line(Line(Point(-1, -2), Point(0.001, 20))),
            .line(Line(Point(0.001, 20), Point(-5, 0.25))),
        ])
        let q = try parse("M+1 +2 L5. 6.")
        #expect(q.segments == [.line(Line(Point(1, 2), Point(5, 6)))])
    }

    @Test func cubicsAndSmooth() throws {
        let p = try parse("M0 0 C 10 0 20 10 20 20 S 30 40 40 40 s 10 0 10 10")
        #expect(p.segments == [
            .cubic(CubicBez(Point(0, 0), Point(10, 0), Point(20, 10), Point(20, 20))),
            .cubic(CubicBez(Point(20, 20), Point(20, 30), Point(30, 40), Point(40, 40))),
            .cubic(CubicBez(Point(40, 40), Point(50, 40), Point(50, 40), Point(50, 50))),
        ])
        // S after a non-cubic uses the current point as first control point.
        let q = try parse("M0 0 L 10 0 S 20 10 30 0")
        #expect(q.segments[1] == .cubic(CubicBez(Point(10, 0), Point(10, 0), Point(20, 10), Point(30, 0))))
        let r = try parse("M0 0 c1 2 3 4 5 6")
        #expect(r.segments == [.cubic(CubicBez(Point(0, 0), Point(1, 2), Point(3, 4), Point(5, 6)))])
    }

    @Test func quadsAndSmooth() throws {
        let p = try parse("M0 0 Q 10 10 20 0 T 40 0 t 20 0")
        #expect(p.segments == [
            .quad(QuadBez(Point(0, 0), Point(10, 10), Point(20, 0))),
            .quad(QuadBez(Point(20, 0), Point(30, -10), Point(40, 0))),
            .quad(QuadBez(Point(40, 0), Point(50, 10), Point(60, 0))),
        ])
        let q = try parse("M0 0 q 5 5 10 0 L 20 0 T 30 0")
        #expect(q.segments[2] == .quad(QuadBez(Point(20, 0), Point(20, 0), Point(30, 0))))
    }

    @Test func arcsWithPackedFlags() throws {
        let p = try parse("M0 0a1 1 0 00 1 1")
        guard case .arc(let a) = p.segments[0] else { Issue.record("expected an arc"); return }
        // From (0,0) to (1,1) with radius 1, small arc, sweep 0 (angle decreasing): centre (1, 0).
        #expect(close(a.center, Point(1, 0), 1e-12))
        #expect(close(a.sweepAngle, -.pi / 2, 1e-12))
        #expect(close(a.end, Point(1, 1), 1e-12))
        let q = try parse("M0 0A1 1 0 1 1 1 1")
        guard case .arc(let b) = q.segments[0] else { Issue.record("expected an arc"); return }
        #expect(close(b.center, Point(1, 0), 1e-12) && close(b.sweepAngle, 3 * .pi / 2, 1e-12))
        let r = try parse("M0 0A1,1,0,1,1,1,1")
        #expect(maxDeviation(q, r) == 0)
        let s = try parse("M0 0a1 1 0 1 11 1")   // flags 1 1 then the point (1, 1)
        #expect(maxDeviation(q, s) == 0)
    }

    @Test func arcDegenerates() throws {
        // Identical end points: omitted. Zero radius: a line.
        #expect(try parse("M 5 5 A 10 10 0 0 1 5 5").segments.isEmpty)
        #expect(try parse("M 0 0 A 0 10 0 0 1 10 0").segments == [.line(Line(Point(0, 0), Point(10, 0)))])
        // Out-of-range radii are scaled up: a half circle of radius 100.
        let p = try parse("M 0 0 A 1 1 0 0 1 200 0")
        guard case .arc(let a) = p.segments[0] else { Issue.record("expected an arc"); return }
        #expect(close(a.radii.x, 100, 1e-9) && close(a.center, Point(100, 0), 1e-9))
        #expect(close(a.eval(0.5), Point(100, -100), 1e-9))   // sweep 1 turns clockwise on screen: over the top
    }

    @Test func closeAndReopen() throws {
        let p = try parse("M 0 0 L 10 0 L 10 10 Z l 5 5 z m 1 1 L 3 3")
        #expect(p.subpaths.count == 3)
        #expect(p.subpaths[0].isClosed && p.subpaths[0].segments.count == 3)
        // After Z the pen is back at (0, 0): the relative l starts a new subpath there.
        #expect(p.subpaths[1].start == Point(0, 0) && p.subpaths[1].segments[0].end == Point(5, 5))
        #expect(p.subpaths[1].isClosed)
        // m after z is relative to the closed subpath's start.
        #expect(p.subpaths[2].start == Point(1, 1) && p.subpaths[2].end == Point(3, 3))
    }

    @Test func emptyAndWhitespace() throws {
        #expect(try parse("").subpaths.isEmpty)
        #expect(try parse(" \t\n\r").subpaths.isEmpty)
        #expect(try parse("\nM\t1\r\n2\u{0C}L3,\n4").segments == [.line(Line(Point(1, 2), Point(3, 4)))])
    }

    @Test(arguments: [
        ("L 1 2", 0, "a move-to command (M or m)"),
        ("M 1", 3, "a number"),
        ("M 1 2 X 3", 6, "a command (M, L, H, V, C, S, Q, T, A or Z)"),
        ("M 1 2 L 3 4,", 12, "a number"),
        ("M 1 2 C 1 2 3", 13, "a number"),
        ("M 0 0 A 1 1 0 2 1 5 5", 14, "an arc flag (0 or 1)"),
        ("M 0 0 A 1 1 0 0", 15, "an arc flag (0 or 1)"),
        ("M 0 0 L 1e999 0", 8, "a finite number"),
        ("M 0 0 L -1e400 0", 8, "a finite number"),
        ("M 0 0 Z 5", 8, "a command (M, L, H, V, C, S, Q, T, A or Z)"),
        ("M 0 0 L . 1", 8, "a number"),
        ("M 0 0 L 1e 2", 9, "a number"),
        ("M 0 0 L - 2", 8, "a number"),
        ("M,1 2", 1, "a number"),
        ("M 1 2 L 3 4 ,, 5 6", 13, "a number"),
    ])
    func errors(data: String, offset: Int, expected: String) {
        #expect(error(data) == .pathData(offset: offset, expected: expected), "\(data)")
    }

    @Test func errorMessageNamesOffset() {
        let e = error("M 0 0 Q 1")
        #expect(e?.description == "bad path data at character 9: expected a number")
    }
}
