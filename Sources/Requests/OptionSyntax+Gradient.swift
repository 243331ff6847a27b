import JSON
import Geometry
import Shaping
import Support

extension Gradient {
    /// The text form requests use, after CSS: `linear-gradient(X1 Y1 X2 Y2, STOP, STOP…)` or
    /// `radial-gradient(CX CY R [FX FY [FR]], STOP…)`, each stop `COLOR [OFFSET]` (a number 0…1 or a
    /// percentage; stops without one are spread evenly, as CSS does). The coordinates are fractions of the
    /// label's box unless the first group starts with `userSpaceOnUse` (canvas pixels); `reflect` or
    /// `repeat` there sets the spread (default `pad`).
    ///
    ///     linear-gradient(0 0 1 0, #e11d48, #2563eb)
    ///     radial-gradient(userSpaceOnUse reflect 200 150 80, #fde047 0%, #f97316 60%, #7c2d12 100%)
    public init?(css text: String) {
        let t = text.trimmingSpaces
        let lower = t.lowercased()
        let linear: Bool
        if lower.hasPrefix("linear-gradient(") { linear = true } else if lower.hasPrefix("radial-gradient(") { linear = false } else { return nil }
        guard t.hasSuffix(")") else { return nil }
        let body = t.dropFirst("linear-gradient(".count).dropLast()
        let groups = body.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        guard groups.count >= 2, groups.count <= Gradient.maximumStops + 1 else { return nil }
        var units = GradientUnits.objectBoundingBox, spread = GradientSpread.pad
        var numbers: [Double] = []
        for word in groups[0].split(separator: " ") {
            switch word.lowercased() {
            case "userspaceonuse": units = .userSpaceOnUse
            case "objectboundingbox": units = .objectBoundingBox
            case "pad": spread = .pad
            case "reflect": spread = .reflect
            case "repeat": spread = .repeat
            default:
                guard let v = JSONNumber.parse(String(word)), abs(v) <= 1e6 else { return nil }
                numbers.append(v)
            }
        }
        let shape: GradientShape
        if linear {
            guard numbers.count == 4 else { return nil }
            shape = .linear(start: Point(numbers[0], numbers[1]), end: Point(numbers[2], numbers[3]))
        } else {
            guard [3, 5, 6].contains(numbers.count), numbers[2] >= 0 else { return nil }
            let c = Point(numbers[0], numbers[1])
            let f = numbers.count >= 5 ? Point(numbers[3], numbers[4]) : c
            let fr = numbers.count == 6 ? numbers[5] : 0
            guard fr >= 0 else { return nil }
            shape = .radial(start: f, startRadius: fr, end: c, endRadius: numbers[2])
        }
        var colors: [RGBAColor] = [], offsets: [Double?] = []
        for g in groups.dropFirst() {
            let words = g.split(separator: " ")
            guard (1...2).contains(words.count), let c = RGBAColor(hex: String(words[0])) else { return nil }
            var offset: Double? = nil
            if words.count == 2 {
                let w = String(words[1])
                guard let v = w.hasSuffix("%") ? JSONNumber.parse(String(w.dropLast())).map({ $0 / 100 }) : JSONNumber.parse(w),
                      v >= 0, v <= 1 else { return nil }
                offset = v
            }
            colors.append(c); offsets.append(offset)
        }
        // Missing offsets: the first 0, the last 1, the others evenly between their neighbours (CSS).
        if offsets[0] == nil { offsets[0] = 0 }
        if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
        var i = 0
        while i < offsets.count {
            if offsets[i] == nil {
                var j = i
                while offsets[j] == nil { j += 1 }
                let a = offsets[i - 1]!, b = offsets[j]!
                for k in i..<j { offsets[k] = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
                i = j
            }
            i += 1
        }
        self.init(shape, stops: zip(offsets, colors).map { GradientStop(offset: $0.0!, color: $0.1) }, units: units, spread: spread)
    }

    /// The text form ``init(css:)`` reads (a sweep gradient, which it cannot read, as its mean colour's
    /// linear gradient); the transform is not written.
    public var css: String {
        func n(_ v: Double) -> String { MessageText.number(v) }
        var head: [String] = []
        if units == .userSpaceOnUse { head.append("userSpaceOnUse") }
        if spread != .pad { head.append(spread.rawValue) }
        let name: String
        switch shape {
        case .linear(let a, let b):
            name = "linear-gradient"; head += [n(a.x), n(a.y), n(b.x), n(b.y)]
        case .radial(let f, let fr, let c, let r):
            name = "radial-gradient"; head += [n(c.x), n(c.y), n(r)]
            if f != c || fr != 0 { head += [n(f.x), n(f.y)] }
            if fr != 0 { head.append(n(fr)) }
        case .sweep:
            return "linear-gradient(0 0 1 0, \(meanColor), \(meanColor))"
        }
        return name + "(" + ([head.joined(separator: " ")] + stops.map { "\($0.color) \(n($0.offset))" }).joined(separator: ", ") + ")"
    }
}

extension OptionSyntax where Value == Gradient {
    /// A gradient in the text form of ``Gradient/init(css:)``.
    package static var gradient: OptionSyntax {
        text("linear-gradient(X1 Y1 X2 Y2, COLOR [OFFSET], …)|radial-gradient(CX CY R [FX FY [FR]], …)",
             expected: "linear-gradient(X1 Y1 X2 Y2, COLOR [OFFSET], …) or radial-gradient(CX CY R [FX FY [FR]], COLOR [OFFSET], …) (fractions of the label's box, or userSpaceOnUse pixels; reflect or repeat spread)",
             parse: Gradient.init(css:), write: \.css)
    }
}
