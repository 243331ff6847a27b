import Geometry
import Shaping
import Layout
import Requests

/// Baselines and baseline shifts per element of a `<text>`, as Chromium draws them.
///
/// Each element of the text (the `<text>`, each `<tspan>`, `<textPath>`, `<a>`) has an *alignment
/// baseline*: its `alignment-baseline` when set (other than `auto` and `baseline`), else its
/// `dominant-baseline` when it sets one other than its parent's, else its parent's. Its characters are moved so that this baseline of their own font sits
/// on the line (the `y` of the text, or the path): `middle` half the x-height, `central` the middle of the
/// ascender and descender, `hanging` 80 % of the ascender, `text-before-edge` the ascender,
/// `text-after-edge`/`ideographic` the descender, `mathematical` half the ascender.
///
/// `baseline-shift` adds up down the tree (a shifted `<tspan>` inside a shifted `<tspan>` moves by both),
/// on the `<text>` too (resvg ignores it there; Chromium, which decides, does not); `super` and `sub` move
/// by half the font's height (ascender + descender depth), as Chromium does, where CSS's vertical-align
/// would use a third and a fifth of the font size.
enum SVGBaselines {
    /// How far up the alphabetic baseline moves so that `baseline` of a font with `m` sits on the line.
    static func up(_ baseline: SVGBaseline, _ m: FontMetrics) -> Double {
        switch baseline {
        case .alphabetic: 0
        case .middle: m.xHeight > 0 ? -m.xHeight / 2 : -(m.ascender + m.descender) / 2
        case .central: -(m.ascender + m.descender) / 2
        case .hanging: -0.8 * m.ascender
        case .textTop: -m.ascender
        case .ideographic: -m.descender
        case .mathematical: -m.ascender / 2
        }
    }

    /// An element's own `baseline-shift`, up positive, in the units of `m` (its font at its size).
    static func shift(_ s: SVGBaselineShift, _ m: FontMetrics?, scale: Double) -> Double {
        switch s {
        case .length(let v): v * scale
        case .superscript: m.map { ($0.ascender - $0.descender) / 2 } ?? 0
        case .subscript: m.map { -($0.ascender - $0.descender) / 2 } ?? 0
        }
    }

    /// The alignment baseline of a child element whose style is `child`, inside a parent of style
    /// `parent` aligned on `parentBaseline`.
    static func alignment(child: SVGStyle, parent: SVGStyle, parentBaseline: SVGBaseline) -> SVGBaseline {
        if let a = child.alignmentBaseline { return a }
        return child.dominantBaseline != parent.dominantBaseline ? child.dominantBaseline : parentBaseline
    }
}
