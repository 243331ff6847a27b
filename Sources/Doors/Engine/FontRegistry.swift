import Support
import PathText

/// The fonts an engine's typed call uses, each loaded once and numbered for the life of the engine, so a
/// C caller can open each font file once and refer to it by number.
public final class FontRegistry: Sendable {
    private struct State {
        var list: [Typeface] = []
        var index: [ObjectIdentifier: Int32] = [:]
        var stacks: [String: [Typeface]] = [:]
    }
    private let state: Locked<State>
    private let fontsDir: String?
    private let defaultStack: [Typeface]

    init(fontsDir: String?, defaultStack: [Typeface]) {
        self.fontsDir = fontsDir
        self.defaultStack = defaultStack
        var s = State()
        for f in defaultStack { s.index[ObjectIdentifier(f)] = Int32(s.list.count); s.list.append(f) }
        state = Locked(s)
    }

    /// The number of fonts registered so far.
    public var count: Int { state.withLock { $0.list.count } }

    /// The font numbered `index`, or `nil`.
    public func font(at index: Int) -> Typeface? {
        state.withLock { s in s.list.indices.contains(index) ? s.list[index] : nil }
    }

    /// The stack for `font` (a file path, or a name in the fonts folder), followed by the default stack;
    /// `nil` gives the default stack. Each file is loaded once.
    func stack(_ font: String?) throws(EngineError) -> [Typeface] {
        guard let font, !font.isEmpty else { return defaultStack }
        if let known = state.withLock({ $0.stacks[font] }) { return known }
        let loaded: Typeface
        do { loaded = try DefaultFonts.font(named: font, folder: fontsDir) } catch { throw EngineError("font: \(error.description)") }
        return state.withLock { s in
            if let known = s.stacks[font] { return known }  // another thread loaded it meanwhile
            register(loaded, in: &s)
            let stack = [loaded] + defaultStack
            s.stacks[font] = stack
            return stack
        }
    }

    /// The number of `font` (registering it when not seen before, such as a fallback font).
    public func number(_ font: Typeface) -> Int32 {
        state.withLock { s in s.index[ObjectIdentifier(font)] ?? register(font, in: &s) }
    }

    /// The numbers of `fonts` (registering any not seen before, such as fallback fonts).
    public func numbers(_ fonts: [Typeface]) -> [Int32] {
        state.withLock { s in
            var out: [Int32] = []
            out.reserveCapacity(fonts.count)
            for f in fonts {
                if let n = s.index[ObjectIdentifier(f)] { out.append(n) } else { out.append(register(f, in: &s)) }
            }
            return out
        }
    }

    @discardableResult
    private func register(_ font: Typeface, in s: inout State) -> Int32 {
        let n = Int32(s.list.count)
        s.index[ObjectIdentifier(font)] = n
        s.list.append(font)
        return n
    }
}
