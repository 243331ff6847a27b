extension Typeface {
    /// This face with `settings` over its variation coordinates, as CSS `font-variation-settings` sets them:
    /// a tag the face has no axis for is ignored, the last setting of a tag wins, each value is clamped to
    /// its axis's range. `self` when nothing changes, when the face is not variable, or when it was not
    /// loaded from a file (the embedded fonts are static).
    /// - Throws: what loading the face again throws (``FontCache/typeface(path:faceIndex:namedInstance:variations:maximumFileSize:)``).
    public func varied(by settings: [FontVariation]) throws(FontError) -> Typeface {
        guard !axes.isEmpty, !settings.isEmpty, let path else { return self }
        var coordinates = variations
        for setting in settings {
            guard let axis = axes.first(where: { $0.tag == setting.tag }) else { continue }
            let value = min(max(setting.value, axis.minimum), axis.maximum)
            if let k = coordinates.firstIndex(where: { $0.tag == setting.tag }) { coordinates[k].value = value }
            else { coordinates.append(FontVariation(tag: setting.tag, value: value)) }
        }
        guard coordinates != variations else { return self }
        return try FontCache.typeface(path: path, faceIndex: faceIndex, variations: coordinates)
    }

    /// The coordinates CSS sets from the weight, stretch, style and size before `font-variation-settings`
    /// (CSS Fonts 4 §5.1 and §7.4): `wght` and `wdth` when given, `opsz` at the size in pixels
    /// (`font-optical-sizing: auto`) when `opticalSizing`, `ital` 1 for italic, `slnt` at minus the angle for
    /// oblique; only for the axes the face has.
    public func styleVariations(size: Double, style: CSSFontStyle, opticalSizing: Bool = true,
                                weight: Double? = nil, stretch: Double? = nil) -> [FontVariation] {
        var out: [FontVariation] = []
        let tags = Set(axes.map(\.tag))
        if let weight, tags.contains("wght") { out.append(FontVariation(tag: "wght", value: weight)) }
        if let stretch, tags.contains("wdth") { out.append(FontVariation(tag: "wdth", value: stretch)) }
        if opticalSizing, tags.contains("opsz") { out.append(FontVariation(tag: "opsz", value: size)) }
        switch style {
        case .normal: break
        case .italic: if tags.contains("ital") { out.append(FontVariation(tag: "ital", value: 1)) }
        case .oblique(let angle): if tags.contains("slnt") { out.append(FontVariation(tag: "slnt", value: -angle)) }
        }
        return out
    }
}
