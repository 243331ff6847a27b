import Foundation
import Geometry
import Shaping
import Layout

/// A label ready to lay out: text with attributes, the path, the options and the paragraph direction.
public struct ResolvedLabel: Sendable {
    /// The attributed text.
    public var text: AttributedText
    /// The path to follow.
    public var path: BezPath
    /// The placement options.
    public var options: LabelOptions
    /// The paragraph direction.
    public var direction: ParagraphDirection
    /// Whether the glyphs cut through what is below (destination-out) instead of painting.
    public var knockout: Bool

    /// Shapes and places the label.
    public func layout() throws(LayoutError) -> [PlacedLabel] {
        let direction = direction
        return try LabelLayout.layout(text, along: path, options: options) { Shaper.shape($0, direction: direction) }
    }
}

/// Turns scene values into library values, loading each font file once.
///
/// Every error names the JSON path of the value at fault.
public final class SceneResolver {
    /// The fonts folder (`nil`: the usual search; see ``DefaultFonts/folder(explicit:)``).
    public let fontsDir: String?
    /// Limits applied to every label and canvas this resolver resolves.
    public var limits: ResourceLimits = .default
    /// Whether labels fall back to the system's fonts (``TextAttributes/systemFallback``); off for
    /// output that does not depend on the installed fonts.
    public var systemFallback = true
    private var fonts: [String: Typeface] = [:]
    private var embedded: [Typeface]?

    /// Creates a resolver that finds fonts in `fontsDir`.
    public init(fontsDir: String? = nil) { self.fontsDir = fontsDir }

    /// The embedded stack, loaded once.
    public func embeddedStack() throws(FontError) -> [Typeface] {
        if let embedded { return embedded }
        let stack = try DefaultFonts.stack(folder: fontsDir)
        embedded = stack
        return stack
    }

    /// A font by file name (looked up in the fonts folder) or path, loaded once.
    public func font(_ name: String) throws(FontError) -> Typeface {
        if let f = fonts[name] { return f }
        var path = name
        if !name.contains("/"), let dir = try? DefaultFonts.folder(explicit: fontsDir),
           FileManager.default.fileExists(atPath: dir + "/" + name) {
            path = dir + "/" + name
        }
        let f = try Typeface(path: path)
        fonts[name] = f
        return f
    }

    /// The stack for `names`: those fonts first, then the embedded stack as fallback.
    func stack(_ names: [String]?, at path: String) throws(SceneError) -> [Typeface] {
        do {
            var list = try (names ?? []).map { name throws(FontError) in try font(name) }
            if list.isEmpty { return try embeddedStack() }
            if let fallback = try? embeddedStack() { list += fallback }
            return list
        } catch {
            // A missing fonts folder is not the fault of this label's font list.
            if case .fontsFolderNotFound = error { throw SceneError("", error.description) }
            throw SceneError(path, error.description)
        }
    }

    /// A colour, or `fallback` when absent.
    static func color(_ text: String?, _ fallback: RGBAColor, at path: String) throws(SceneError) -> RGBAColor {
        guard let text else { return fallback }
        guard let c = RGBAColor(hex: text) else { throw SceneError(path, "expected a colour #RRGGBB or #RRGGBBAA, got \"\(text)\"") }
        return c
    }

    /// A word parsed by `parse`, or `nil` when absent.
    static func word<T>(_ text: String?, _ expected: String, at path: String, _ parse: (String) -> T?) throws(SceneError) -> T? {
        guard let text else { return nil }
        guard let v = parse(text) else { throw SceneError(path, "expected \(expected), got \"\(text)\"") }
        return v
    }

    /// A finite number, or `nil` when absent.
    static func finite(_ v: Double?, at path: String) throws(SceneError) -> Double? {
        guard let v else { return nil }
        guard v.isFinite else { throw SceneError(path, "expected a finite number") }
        return v
    }

    /// Resolves `label`, the `index`th of the scene, whose `shape` references look up `shapes`.
    public func resolve(_ label: SceneLabel, index: Int, shapes: [String: BezPath] = [:]) throws(SceneError) -> ResolvedLabel {
        let at = "labels[\(index)]"
        // The path.
        let path: BezPath
        if let d = label.path {
            do { path = try BezPath(svgPathData: d) } catch { throw SceneError(at + ".path", error.description) }
        } else if let id = label.shape {
            guard let p = shapes[id] else { throw SceneError(at + ".shape", "no shape has the id \"\(id)\"") }
            path = p
        } else {
            throw SceneError(at, "needs a path (SVG path data) or a shape (a shape's id)")
        }
        // The runs.
        var runs = label.runs ?? []
        if runs.isEmpty, let text = label.text { runs = [SceneRun(text: text)] }
        guard label.text == nil || label.runs == nil else { throw SceneError(at, "give text or runs, not both") }
        guard !runs.isEmpty, runs.contains(where: { !$0.text.isEmpty }) else {
            throw SceneError(at + (label.runs == nil ? ".text" : ".runs"), LayoutError.emptyText.description)
        }
        var text = AttributedText(pieces: [])
        for (k, run) in runs.enumerated() {
            let rat = label.runs == nil ? at : "\(at).runs[\(k)]"
            var a = TextAttributes(fonts: try stack(run.font ?? label.font, at: rat + ".font"))
            let size = try Self.finite(run.size ?? label.size, at: rat + ".size") ?? 32
            guard size > 0 else { throw SceneError(rat + ".size", "expected a size above 0") }
            guard size <= limits.fontSize else {
                throw SceneError(rat + ".size", LayoutError.limitExceeded(what: "font size", amount: size, limit: limits.fontSize).description)
            }
            a.size = size
            a.color = try Self.color(run.color ?? label.color, .black, at: rat + ".color")
            do { a.features = try FeatureList.parse(run.features ?? label.features ?? "").map(\.description) } catch {
                throw SceneError(rat + ".features", error.description)
            }
            a.language = run.lang ?? label.lang
            a.systemFallback = systemFallback
            a.letterSpacing = try Self.finite(run.letterSpacing ?? label.letterSpacing, at: rat + ".letterSpacing") ?? 0
            text.append(run.text, attributes: a)
        }
        // The options.
        var o = LabelOptions()
        o.limits = limits
        o.align = try Self.word(label.align, "start|center|end", at: at + ".align", TextAnchor.init(name:)) ?? o.align
        switch label.offset {
        case nil: break
        case .pixels(let v)?:
            guard v.isFinite else { throw SceneError(at + ".offset", "expected a finite number") }
            o.offset = .pixels(v)
        case .text(let t)?:
            o.offset = try Self.word(t, "pixels or a percentage such as \"25%\"", at: at + ".offset", PathOffset.init(parsing:))!
        }
        o.side = try Self.word(label.side, "left|right", at: at + ".side", PathSide.init(rawValue:)) ?? o.side
        o.baseline = try Self.word(label.baseline, "alphabetic|middle|hanging|ideographic", at: at + ".baseline",
                                   Baseline.init(rawValue:)) ?? o.baseline
        o.dy = try Self.finite(label.dy, at: at + ".dy") ?? 0
        o.shift = try Self.word(label.shift, "parallel|normal", at: at + ".shift", ShiftMode.init(rawValue:)) ?? o.shift
        o.upright = try Self.word(label.upright, "auto|off", at: at + ".upright", Upright.init(rawValue:)) ?? o.upright
        o.method = try Self.word(label.method, "align|chord", at: at + ".method", PlacementMethod.init(rawValue:)) ?? o.method
        o.warp = try Self.word(label.warp, "rigid|bend", at: at + ".warp", WarpMode.init(rawValue:)) ?? o.warp
        o.maxAngle = try Self.finite(label.maxAngle, at: at + ".maxAngle")
        o.repeatSpacing = try Self.finite(label.repeat, at: at + ".repeat")
        let minimum = try Self.finite(label.minSize, at: at + ".minSize") ?? 6
        o.overflow = try Self.word(label.overflow, "visible|ellipsis|shrink|error", at: at + ".overflow") { w -> OverflowPolicy? in
            switch w {
            case "visible": .visible
            case "ellipsis": .ellipsis
            case "shrink": .shrink(minimumSize: minimum)
            case "error": .error
            default: nil
            }
        } ?? o.overflow
        let length = try Self.finite(label.length, at: at + ".length")
        o.fit = try Self.word(label.fit ?? (length == nil ? nil : "spacing"), "none|spacing|stretch", at: at + ".fit") { w -> FitMode? in
            switch w {
            case "none": FitMode.none
            case "spacing": .spacing(length: length)
            case "stretch": .stretch(length: length)
            default: nil
            }
        } ?? o.fit
        let direction = try Self.word(label.dir, "ltr|rtl|auto", at: at + ".dir", ParagraphDirection.init(rawValue:)) ?? .auto
        let knockout = try Self.word(label.blend, "normal|knockout", at: at + ".blend") { $0 == "knockout" ? true : $0 == "normal" ? false : nil } ?? false
        return ResolvedLabel(text: text, path: path, options: o, direction: direction, knockout: knockout)
    }
}
