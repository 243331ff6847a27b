/// How a fill combines with what is already on the canvas (Porter–Duff operators).
public enum CompositeMode: String, Hashable, Sendable, CaseIterable {
    /// Paint over the destination: `d = s + d·(1 − αs)`.
    case sourceOver
    /// Knock out: remove the destination where the source covers it, `d = d·(1 − αs)`; the source's
    /// colour is ignored, only its alpha times coverage counts. Text knocked out of a filled shape lets
    /// whatever is behind the image show through.
    case destinationOut
}

/// How a group's layer combines with what is under it when the group ends (COLRv1's `PaintComposite`
/// modes, named as CSS and Skia name them): the Porter–Duff operators and the separable blend modes of
/// W3C Compositing and Blending, in premultiplied colour.
public enum GroupBlend: String, Hashable, Sendable, CaseIterable {
    /// `src-over`: the layer over what is under it.
    case sourceOver = "src-over"
    /// The layer where what is under it is, nothing else.
    case sourceIn = "src-in"
    /// What is under it, where the layer is.
    case destinationIn = "dest-in"
    /// The layer where what is under it is not.
    case sourceOut = "src-out"
    /// What is under it where the layer is not.
    case destinationOut = "dest-out"
    /// The layer where what is under it is, over it.
    case sourceAtop = "src-atop"
    /// What is under it where the layer is, over the layer.
    case destinationAtop = "dest-atop"
    /// Each where the other is not.
    case xor
    /// The sum, clamped.
    case plus
    /// The separable blend modes: the layer's colour combined with what is under it where both are, and
    /// each alone where the other is not.
    case multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion
    /// The non-separable blend modes: hue, saturation, colour or luminosity of one with the rest of the other.
    case hue, saturation, color, luminosity

    /// Whether this is a separable blend mode, not a Porter–Duff operator nor a non-separable mode.
    public var isSeparable: Bool {
        switch self {
        case .sourceOver, .sourceIn, .destinationIn, .sourceOut, .destinationOut, .sourceAtop, .destinationAtop, .xor, .plus,
             .hue, .saturation, .color, .luminosity: false
        default: true
        }
    }

    /// Whether this is a Porter–Duff operator other than source-over and plus: SVG output draws it as
    /// ``maskedTerms``, each side through an alpha mask of the other.
    public var isMasking: Bool { maskedTerms != nil }

    /// A Porter–Duff operator as a sum of terms, each one side (the source, or the backdrop) kept where the
    /// other side is (its alpha) or is not (`inverted`: one minus its alpha); `nil` for source-over, plus and
    /// the blend modes. src-atop = `s·αb + b·(1 − αs)`, xor = `s·(1 − αb) + b·(1 − αs)`.
    public var maskedTerms: [(drawsSource: Bool, inverted: Bool)]? {
        switch self {
        case .sourceIn: [(true, false)]
        case .destinationIn: [(false, false)]
        case .sourceOut: [(true, true)]
        case .destinationOut: [(false, true)]
        case .sourceAtop: [(true, false), (false, true)]
        case .destinationAtop: [(false, false), (true, true)]
        case .xor: [(true, true), (false, true)]
        default: nil
        }
    }

    /// The CSS `mix-blend-mode` that draws this blend (`plus-lighter` for ``plus``), or `nil` for a Porter–Duff
    /// operator (CSS has none for groups) and for source-over.
    public var cssBlendMode: String? {
        switch self {
        case .sourceOver, .sourceIn, .destinationIn, .sourceOut, .destinationOut, .sourceAtop, .destinationAtop, .xor: nil
        case .plus: "plus-lighter"
        default: rawValue
        }
    }
}

/// Where a layer of a colour glyph opens or closes a composite group (COLRv1 `PaintComposite`): the layers
/// between ``begin`` and ``source`` are the backdrop, those between ``source`` and ``end(_:)`` the source,
/// combined by the blend of ``end(_:)``; the result is drawn source-over.
public enum ColorGroupMark: Hashable, Sendable {
    /// Starts a composite (its backdrop).
    case begin
    /// Ends the backdrop and starts the source.
    case source
    /// Ends the composite: the source combined with the backdrop by the blend.
    case end(GroupBlend)
}
