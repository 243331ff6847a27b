/// The style a run asks for, as CSS `font-style` says it.
public enum CSSFontStyle: Hashable, Sendable {
    /// Upright.
    case normal
    /// An italic face (or, failing that, an oblique one).
    case italic
    /// An oblique face slanted by this many degrees (CSS's default 14).
    case oblique(angle: Double)
}

/// Where a face stands in CSS font matching: its weight (1–1000), width (percent of normal) and slant. A
/// variable face covers a range of weights or widths.
public struct FaceTraits: Hashable, Sendable {
    /// The face's slant.
    public enum Slant: Hashable, Sendable { case upright, italic, oblique }

    /// The weights the face can be set at (one for a static face).
    public var weight: ClosedRange<Double>
    /// The widths, percent of normal (one for a static face).
    public var width: ClosedRange<Double>
    /// The slant.
    public var slant: Slant

    /// Creates traits.
    public init(weight: ClosedRange<Double>, width: ClosedRange<Double> = 100...100, slant: Slant = .upright) {
        self.weight = weight; self.width = width; self.slant = slant
    }
}

/// CSS Fonts 4's font matching algorithm (§5.2, step 4) among the faces of one family: `font-stretch` narrows
/// the faces first, then `font-style`, then `font-weight`, each keeping the faces nearest the desired value
/// by the spec's rule of which side to look at first.
public enum CSSFontMatch {
    /// The index of the best face for `weight`, `stretch` and `style` among `faces` (`nil` when empty); of
    /// faces that match equally, the first.
    public static func best(_ faces: [FaceTraits], weight: Double = 400, stretch: Double = 100,
                            style: CSSFontStyle = .normal) -> Int? {
        var candidates = Array(faces.indices)
        // font-stretch: at or below 100 %, narrower widths first, then wider; above, wider first.
        candidates = nearest(candidates, desired: stretch, range: { faces[$0].width },
                             order: stretch <= 100 ? [.below(stretch), .above(stretch)] : [.above(stretch), .below(stretch)])
        // font-style: italic, then oblique, then upright (oblique: oblique first; normal: upright first).
        let slants: [FaceTraits.Slant] = switch style {
        case .normal: [.upright, .oblique, .italic]
        case .italic: [.italic, .oblique, .upright]
        case .oblique: [.oblique, .italic, .upright]
        }
        for slant in slants {
            let kept = candidates.filter { faces[$0].slant == slant }
            if !kept.isEmpty { candidates = kept; break }
        }
        // font-weight: 400–500 looks up to 500 first, then down, then above 500; below 400 looks down first;
        // above 500 looks up first.
        let order: [Side] = if weight >= 400 && weight <= 500 {
            [.between(weight, 500), .below(weight), .above(500)]
        } else if weight < 400 {
            [.below(weight), .above(weight)]
        } else {
            [.above(weight), .below(weight)]
        }
        candidates = nearest(candidates, desired: weight, range: { faces[$0].weight }, order: order)
        return candidates.first
    }

    /// Where to look for the nearest value when no face covers the desired one.
    enum Side {
        /// Values below `v`, nearest (highest) first.
        case below(Double)
        /// Values above `v`, nearest (lowest) first.
        case above(Double)
        /// Values from `a` up to `b`, lowest first.
        case between(Double, Double)
    }

    /// The candidates whose range covers `desired`, else those nearest on the first side of `order` that
    /// has any.
    static func nearest(_ candidates: [Int], desired: Double, range: (Int) -> ClosedRange<Double>, order: [Side]) -> [Int] {
        let covering = candidates.filter { range($0).contains(desired) }
        if !covering.isEmpty { return covering }
        for side in order {
            // Each candidate's value nearest the desired one on this side, and how far it is.
            var best: Double? = nil, kept: [Int] = []
            for c in candidates {
                let r = range(c)
                let distance: Double?
                switch side {
                case .below(let v): distance = r.upperBound < v ? v - r.upperBound : nil
                case .above(let v): distance = r.lowerBound > v ? r.lowerBound - v : nil
                case .between(let a, let b): distance = r.lowerBound > a && r.lowerBound <= b ? r.lowerBound - a : nil
                }
                guard let d = distance else { continue }
                if best == nil || d < best! { best = d; kept = [c] } else if d == best! { kept.append(c) }
            }
            if !kept.isEmpty { return kept }
        }
        return candidates
    }
}
