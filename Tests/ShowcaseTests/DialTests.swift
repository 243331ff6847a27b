import Foundation
import Testing
import Geometry
import Showcase

@Suite struct DialTests {
    func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }
    func close(_ a: Point, _ b: Point, _ tol: Double) -> Bool { a.distance(to: b) <= tol }
    let deg = Double.pi / 180

    @Test func clockAngles() {
        let d = Dial(center: Point(100, 100))   // zero up, clockwise
        #expect(close(d.angle(of: Point(100, 0)), 0, 1e-15))
        #expect(close(d.angle(of: Point(200, 100)), 90 * deg, 1e-14))    // 3 o'clock
        #expect(close(d.angle(of: Point(100, 200)), 180 * deg, 1e-14))
        #expect(close(d.angle(of: Point(0, 100)), 270 * deg, 1e-14))
        // Just left of 12: close to 360°, never negative or 2π.
        let a = d.angle(of: Point(99.999, 0))
        #expect(a > 359.99 * deg && a < 2 * .pi)
        #expect(d.angle(of: Point(100, 100)) == 0)
        #expect(close(d.point(at: 90 * deg, radius: 50), Point(150, 100), 1e-12))
    }

    @Test func otherZeroAndSense() {
        // Mathematical convention on a y-down canvas: zero along +x, counter-clockwise on screen.
        let d = Dial(center: .zero, zeroDirection: 0, clockwise: false)
        #expect(close(d.angle(of: Point(0, -1)), 90 * deg, 1e-14))   // up on screen
        #expect(close(d.angle(of: Point(0, 1)), 270 * deg, 1e-14))
        for k in 0..<36 {
            let ang = Double(k) * 10 * deg
            #expect(close(d.angle(of: d.point(at: ang, radius: 3)), ang, 1e-12))
        }
    }

    @Test(arguments: [(350.0, 10.0, -20.0), (10.0, 350.0, 20.0), (180.0, 0.0, 180.0), (0.0, 180.0, 180.0),
                      (-170.0, 170.0, 20.0), (720.0, 1.0, -1.0), (359.0, -359.0, -2.0)])
    func angleDifference(a: Double, b: Double, want: Double) {
        #expect(close(Angle.difference(a * deg, b * deg), want * deg, 1e-12))
        let r = Angle.difference(a * deg, b * deg)
        #expect(r > -.pi && r <= .pi)
    }

    @Test func normalizedAngle() {
        #expect(close(Angle.normalized(-10 * deg), 350 * deg, 1e-12))
        #expect(close(Angle.normalized(725 * deg), 5 * deg, 1e-12))
        #expect(Angle.normalized(2 * .pi) == 0 && Angle.normalized(.nan) == 0)
        #expect(Angle.normalized(-1e-300) < 2 * .pi)
    }

    @Test func scaleMapsValuesToAnglesAndBack() {
        let percent = DialScale(valuePerTurn: 100)
        #expect(close(percent.angle(for: 25), 90 * deg, 1e-12))
        #expect(close(percent.angle(for: -25), 270 * deg, 1e-12))
        #expect(close(percent.angle(for: 125), 90 * deg, 1e-12))
        #expect(close(percent.value(at: 180 * deg), 50, 1e-12))
        #expect(close(percent.value(at: -90 * deg), 75, 1e-12))
        #expect(percent.value(at: 2 * .pi) == 0 && percent.value(at: .nan) == 0)
        #expect(close(percent.change(turnedBy: -.pi / 2), -25, 1e-12))
        let d = Dial(center: .zero)
        #expect(close(d.point(at: percent.angle(for: 25), radius: 10), Point(10, 0), 1e-12))   // 3 o'clock
    }
}
