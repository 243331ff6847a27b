import CPathText
import PathText
import PathTextEngine

/// `pt_options`, the typed call's options, to and from the library's values.
enum TypedOptions {
    /// The defaults, taken from ``LabelOptions`` and ``GlyphRequest`` (the options are declared there once).
    static var defaults: pt_options {
        let request = GlyphRequest(text: "", pathData: "")
        let o = request.options
        var c = pt_options()
        c.font = nil
        c.size = request.size
        c.features = nil
        c.lang = nil
        c.dir = code(request.direction, [.auto, .ltr, .rtl])
        c.letter_spacing = request.letterSpacing
        c.align = code(o.align, [.start, .center, .end])
        switch o.offset {
        case .pixels(let v): c.offset = v; c.offset_percent = 0
        case .percent(let v): c.offset = v; c.offset_percent = 1
        }
        c.side = code(o.side, [.left, .right])
        c.baseline = code(o.baseline, [.alphabetic, .middle, .hanging, .ideographic])
        c.dy = o.dy
        c.shift = code(o.shift, [.parallel, .normal])
        c.upright = code(o.upright, [.auto, .off])
        c.method = code(o.method, [.align, .chord])
        c.min_size = 6
        switch o.overflow {
        case .visible: c.overflow = Int32(PT_OVERFLOW_VISIBLE)
        case .ellipsis: c.overflow = Int32(PT_OVERFLOW_ELLIPSIS)
        case .shrink(let minimum): c.overflow = Int32(PT_OVERFLOW_SHRINK); c.min_size = minimum
        case .error: c.overflow = Int32(PT_OVERFLOW_ERROR)
        }
        c.length = 0
        switch o.fit {
        case .none: c.fit = Int32(PT_FIT_NONE)
        case .spacing(let l): c.fit = Int32(PT_FIT_SPACING); c.length = l ?? 0
        case .stretch(let l): c.fit = Int32(PT_FIT_STRETCH); c.length = l ?? 0
        }
        c.max_angle = o.maxAngle ?? -1
        return c
    }

    /// Copies `c` into `request`, checking every value.
    /// - Throws: ``EngineError`` naming the field (`align: expected PT_ALIGN_START…PT_ALIGN_END, got 7`).
    static func apply(_ c: pt_options, to request: inout GlyphRequest) throws(EngineError) {
        if let font = c.font {
            guard let f = String(validatingCString: font) else { throw EngineError("font: not valid UTF-8") }
            request.font = f
        }
        if let features = c.features {
            guard let f = String(validatingCString: features) else { throw EngineError("features: not valid UTF-8") }
            request.features = f
        }
        if let lang = c.lang {
            guard let l = String(validatingCString: lang) else { throw EngineError("lang: not valid UTF-8") }
            request.language = l
        }
        request.size = try finite(c.size, "size")
        request.letterSpacing = try finite(c.letter_spacing, "letter_spacing")
        switch c.dir {
        case Int32(PT_DIR_AUTO): request.direction = .auto
        case Int32(PT_DIR_LTR): request.direction = .ltr
        case Int32(PT_DIR_RTL): request.direction = .rtl
        default: throw bad("dir", "PT_DIR_AUTO…PT_DIR_RTL", c.dir)
        }
        var o = request.options
        switch c.align {
        case Int32(PT_ALIGN_START): o.align = .start
        case Int32(PT_ALIGN_CENTER): o.align = .center
        case Int32(PT_ALIGN_END): o.align = .end
        default: throw bad("align", "PT_ALIGN_START…PT_ALIGN_END", c.align)
        }
        let offset = try finite(c.offset, "offset")
        o.offset = c.offset_percent != 0 ? .percent(offset) : .pixels(offset)
        switch c.side {
        case Int32(PT_SIDE_LEFT): o.side = .left
        case Int32(PT_SIDE_RIGHT): o.side = .right
        default: throw bad("side", "PT_SIDE_LEFT or PT_SIDE_RIGHT", c.side)
        }
        switch c.baseline {
        case Int32(PT_BASELINE_ALPHABETIC): o.baseline = .alphabetic
        case Int32(PT_BASELINE_MIDDLE): o.baseline = .middle
        case Int32(PT_BASELINE_HANGING): o.baseline = .hanging
        case Int32(PT_BASELINE_IDEOGRAPHIC): o.baseline = .ideographic
        default: throw bad("baseline", "PT_BASELINE_ALPHABETIC…PT_BASELINE_IDEOGRAPHIC", c.baseline)
        }
        o.dy = try finite(c.dy, "dy")
        switch c.shift {
        case Int32(PT_SHIFT_PARALLEL): o.shift = .parallel
        case Int32(PT_SHIFT_NORMAL): o.shift = .normal
        default: throw bad("shift", "PT_SHIFT_PARALLEL or PT_SHIFT_NORMAL", c.shift)
        }
        switch c.upright {
        case Int32(PT_UPRIGHT_AUTO): o.upright = .auto
        case Int32(PT_UPRIGHT_OFF): o.upright = .off
        default: throw bad("upright", "PT_UPRIGHT_AUTO or PT_UPRIGHT_OFF", c.upright)
        }
        switch c.method {
        case Int32(PT_METHOD_ALIGN): o.method = .align
        case Int32(PT_METHOD_CHORD): o.method = .chord
        default: throw bad("method", "PT_METHOD_ALIGN or PT_METHOD_CHORD", c.method)
        }
        let minimum = try finite(c.min_size, "min_size")
        switch c.overflow {
        case Int32(PT_OVERFLOW_VISIBLE): o.overflow = .visible
        case Int32(PT_OVERFLOW_ELLIPSIS): o.overflow = .ellipsis
        case Int32(PT_OVERFLOW_SHRINK): o.overflow = .shrink(minimumSize: minimum)
        case Int32(PT_OVERFLOW_ERROR): o.overflow = .error
        default: throw bad("overflow", "PT_OVERFLOW_VISIBLE…PT_OVERFLOW_ERROR", c.overflow)
        }
        let length = try finite(c.length, "length")
        let fitLength = length > 0 ? length : nil
        switch c.fit {
        case Int32(PT_FIT_NONE): o.fit = .none
        case Int32(PT_FIT_SPACING): o.fit = .spacing(length: fitLength)
        case Int32(PT_FIT_STRETCH): o.fit = .stretch(length: fitLength)
        default: throw bad("fit", "PT_FIT_NONE…PT_FIT_STRETCH", c.fit)
        }
        let maxAngle = try finite(c.max_angle, "max_angle")
        o.maxAngle = maxAngle < 0 ? nil : maxAngle
        request.options = o
    }

    private static func code<T: Equatable>(_ value: T, _ all: [T]) -> Int32 { Int32(all.firstIndex(of: value) ?? 0) }

    private static func bad(_ field: String, _ expected: String, _ code: Int32) -> EngineError {
        EngineError("\(field): expected \(expected), got \(code)")
    }

    private static func finite(_ v: Double, _ field: String) throws(EngineError) -> Double {
        guard v.isFinite else { throw EngineError("\(field): expected a finite number, got \(v)") }
        return v
    }
}
