import Testing
import Geometry
import Showcase
import Requests

/// `ClockDial`, the sleep clock's face: times of day on 24- and 12-hour dials.
@Suite struct ClockDialTests {
    let deg = Double.pi / 180
    func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }

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
