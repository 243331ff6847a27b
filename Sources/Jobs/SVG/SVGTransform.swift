import Support
import Geometry

/// SVG's `transform` attribute: a list of `matrix`, `translate`, `scale`, `rotate`, `skewX` and `skewY`.
enum SVGTransform {
    /// Parses a transform list into one affine map (the first item outermost); `nil` for bad syntax.
    static func parse(_ text: String) -> Affine? {
        var m = Affine.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            if rest.isEmpty { return m }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingCharacters(in: " \t\r\n")
            guard let v = numberList(String(rest[rest.index(after: open)..<close])) else { return nil }
            let item: Affine
            switch (name, v.count) {
            case ("matrix", 6): item = Affine(v[0], v[1], v[2], v[3], v[4], v[5])
            case ("translate", 1): item = .translate(Vector(v[0], 0))
            case ("translate", 2): item = .translate(Vector(v[0], v[1]))
            case ("scale", 1): item = .scale(v[0])
            case ("scale", 2): item = .scale(v[0], v[1])
            case ("rotate", 1): item = .rotate(v[0] * .pi / 180)
            case ("rotate", 3):
                item = .translate(Vector(v[1], v[2])) * .rotate(v[0] * .pi / 180) * .translate(Vector(-v[1], -v[2]))
            case ("skewX", 1): item = Affine(1, 0, tan(v[0] * .pi / 180), 1, 0, 0)
            case ("skewY", 1): item = Affine(1, tan(v[0] * .pi / 180), 0, 1, 0, 0)
            default: return nil
            }
            m = m * item
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The similarity part of `m`: its uniform scale and rotation (radians), when `m` is a similarity
    /// without reflection (to a relative 1e-9); `nil` for skews, unequal scales and mirrors.
    static func similarity(_ m: Affine) -> (scale: Double, rotation: Double)? {
        let s = (m.a * m.a + m.b * m.b).squareRoot()
        guard s > 0, abs(m.a - m.d) <= 1e-9 * s, abs(m.b + m.c) <= 1e-9 * s else { return nil }
        return (s, atan2(m.b, m.a))
    }
}
