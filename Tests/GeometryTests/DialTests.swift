#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry

@Suite struct DialTests {
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

    @Test func twentyFourHourFace() {
        let c = ClockDial(face: .twentyFourHour)
        #expect(close(c.angle(forMinutes: 360), 90 * deg, 1e-12))       // 06:00 at 3 o'clock
        #expect(close(c.angle(forMinutes: 1440 + 60), 15 * deg, 1e-12))
        #expect(close(c.minutesOnFace(at: 270 * deg), 1080, 1e-9))
        #expect(close(c.minutesOnFace(at: -15 * deg), 1380, 1e-9))      // 23:00
        #expect(close(c.minutes(at: 0, near: 1430), 0, 1e-12))
    }

    @Test func twelveHourFacePicksTheNearerHalfOfTheDay() {
        let c = ClockDial(face: .twelveHour)
        #expect(close(c.angle(forMinutes: 15 * 60), 90 * deg, 1e-12))   // 15:00 at 3 o'clock
        #expect(close(c.minutesOnFace(at: 90 * deg), 180, 1e-9))
        // 3 o'clock near 14:00 is 15:00; near 01:00 it is 03:00.
        #expect(close(c.minutes(at: 90 * deg, near: 14 * 60), 900, 1e-9))
        #expect(close(c.minutes(at: 90 * deg, near: 60), 180, 1e-9))
        // Dragging past 12 at night: the hand at 11:50 p.m. moves to 10 past → 00:10, not 12:10.
        #expect(close(c.minutes(at: c.angle(forMinutes: 10), near: 23 * 60 + 50), 10, 1e-9))
        #expect(close(c.minutes(at: c.angle(forMinutes: 710), near: 10), 1430, 1e-9))
        // Turning the hand a quarter turn clockwise from 23:00 reaches 02:00 the next day.
        #expect(close(c.minutes(23 * 60, turnedBy: .pi / 2), 120, 1e-9))
        #expect(close(c.minutes(60, turnedBy: -.pi), 1140, 1e-9))
    }

    @Test func durationsCrossMidnight() {
        #expect(ClockDial.duration(from: 23 * 60, to: 7 * 60) == 480)
        #expect(ClockDial.duration(from: 7 * 60, to: 23 * 60) == 960)
        #expect(ClockDial.duration(from: 600, to: 600) == 0)
        #expect(ClockDial.duration(from: -60, to: 1500) == 120)
        #expect(ClockDial.signedMinutes(from: 1430, to: 10) == 20)
        #expect(ClockDial.signedMinutes(from: 10, to: 1430) == -20)
        #expect(ClockDial.normalizedMinutes(-1) == 1439)
    }
}
