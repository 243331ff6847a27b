import Support
import Geometry

/// Writes paths as compact SVG path data: `M`, `L`, `Q`, `C`, `A` and `Z`, absolute coordinates
/// rounded to a fixed number of decimals, no trailing zeros, no space before a minus sign.
///
/// A closed subpath's final line back to its start is left to `Z`. Elliptical arcs are written as `A` commands, split into pieces of at most half a turn (so the
/// large-arc flag is always 0 and every piece is unambiguous); a degenerate ellipse becomes a line.
public enum SVGPathData {
    /// The path data of `path` mapped by `transform`, numbers rounded to `decimals` places (0…9).
    public static func encode(_ path: BezPath, transform: Affine = .identity, decimals: Int = 3) -> String {
        var w = Writer(decimals: max(0, min(9, decimals)))
        for sp in path.subpaths where !sp.segments.isEmpty {
            let start = transform.apply(sp.start)
            w.command("M", start)
            let half = 0.5 / pow(10, Double(w.decimals))
            for (i, seg) in sp.segments.enumerated() {
                // `Z` draws the closing line; skip an explicit one that ends (as written) at the start.
                if sp.isClosed, i == sp.segments.count - 1, case .line(let l) = seg {
                    let e = transform.apply(l.p1)
                    if abs(e.x - start.x) < half && abs(e.y - start.y) < half { break }
                }
                switch seg {
                case .line(let l): w.command("L", transform.apply(l.p1))
                case .quad(let q): w.command("Q", transform.apply(q.p1), transform.apply(q.p2))
                case .cubic(let c): w.command("C", transform.apply(c.p1), transform.apply(c.p2), transform.apply(c.p3))
                case .arc(let a): w.arc(a.transformed(by: transform))
                }
            }
            if sp.isClosed { w.out += "Z" }
        }
        return w.out
    }

    /// `v` rounded to `decimals` places, without trailing zeros or a negative zero ("0" for non-finite).
    public static func number(_ v: Double, decimals: Int = 3) -> String {
        var s = ""
        append(v, decimals: max(0, min(9, decimals)), to: &s)
        return s
    }

    static func append(_ v: Double, decimals: Int, to s: inout String) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        // Past 9e18 the integer is clamped (Int64 cannot hold it; no drawing needs it).
        guard v.isFinite, scaled < 9e15 else { s += v.isFinite ? String(Int64(max(-9e18, min(9e18, v.rounded())))) : "0"; return }
        let n = UInt64(scaled), unit = UInt64(scale)
        if n == 0 { s += "0"; return }
        if v < 0 { s += "-" }
        s += String(n / unit)
        var frac = n % unit, digits = decimals
        if frac == 0 { return }
        while frac % 10 == 0 { frac /= 10; digits -= 1 }
        let f = String(frac)
        s += "." + String(repeating: "0", count: digits - f.count) + f
    }

    private struct Writer {
        let decimals: Int
        var out = ""

        mutating func num(_ v: Double) {
            // Separate numbers by a space unless the next one starts with a minus sign.
            if let last = out.last, last.isNumber || last == "." {
                let start = out.endIndex
                SVGPathData.append(v, decimals: decimals, to: &out)
                if out[start] != "-" { out.insert(" ", at: start) }
            } else {
                SVGPathData.append(v, decimals: decimals, to: &out)
            }
        }

        mutating func command(_ c: Character, _ pts: Point...) {
            out.append(c)
            for p in pts { num(p.x); num(p.y) }
        }

        mutating func arc(_ a: EllipticalArc) {
            let rx = abs(a.radii.x), ry = abs(a.radii.y)
            guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { command("L", a.end); return }
            let pieces = max(1, Int((abs(a.sweepAngle) / Double.pi).rounded(.up)))
            let rotation = a.xRotation * 180 / Double.pi
            for k in 0..<pieces {
                let piece = a.subsegment(Double(k) / Double(pieces), Double(k + 1) / Double(pieces))
                out.append("A")
                num(rx); num(ry); num(rotation)
                num(0); num(piece.sweepAngle > 0 ? 1 : 0)
                num(piece.end.x); num(piece.end.y)
            }
        }
    }
}
