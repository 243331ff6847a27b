import Geometry

// Tests give shape angles as radians numbers; the library's API takes `Angle` (issue 22's one convention).
// One file for every test target that builds shapes (a test-only target: no library module imports it).
extension BezPath {
    @_disfavoredOverload public static func circle(center: Point, radius: Double, startAngle: Double, clockwise: Bool = true) -> BezPath {
        circle(center: center, radius: radius, startAngle: .radians(startAngle), clockwise: clockwise)
    }
    @_disfavoredOverload public static func ellipse(center: Point, radii: Vector, rotation: Double = 0, startAngle: Double = 0,
                                             clockwise: Bool = true) -> BezPath {
        ellipse(center: center, radii: radii, rotation: .radians(rotation), startAngle: .radians(startAngle), clockwise: clockwise)
    }
    @_disfavoredOverload public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) -> BezPath {
        arc(center: center, radius: radius, startAngle: .radians(startAngle), endAngle: .radians(endAngle), clockwise: clockwise)
    }
    @_disfavoredOverload public static func ringSector(center: Point, innerRadius: Double, outerRadius: Double, startAngle: Double,
                                                endAngle: Double, clockwise: Bool = true) -> BezPath {
        ringSector(center: center, innerRadius: innerRadius, outerRadius: outerRadius, startAngle: .radians(startAngle),
                   endAngle: .radians(endAngle), clockwise: clockwise)
    }
    @_disfavoredOverload public static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        sweep(from: .radians(start), to: .radians(end), clockwise: clockwise).radians
    }
}
