import Support
/// The CSS the reader understands: declarations (`style="fill: red; font-size: 12px"`) and `<style>`
/// sheets whose selectors are type, class and id selectors (`text`, `.label`, `#title`, `tspan.big`,
/// `*`), grouped by commas. Other selectors and at-rules are reported and skipped.
struct CSSStyleSheet: Sendable {
    /// A compound selector: an optional type, an optional id, and classes.
    struct Selector: Hashable, Sendable {
        var type: String?
        var id: String?
        var classes: [String]

        /// CSS specificity as one number: ids, classes, types.
        var specificity: Int { (id == nil ? 0 : 10_000) + classes.count * 100 + (type == nil ? 0 : 1) }

        func matches(name: String, id elementID: String?, classes elementClasses: [String]) -> Bool {
            if let type, type != name { return false }
            if let id, id != elementID { return false }
            return classes.allSatisfy(elementClasses.contains)
        }

        /// Parses a compound selector; `nil` when it uses anything else (combinators, pseudo-classes,
        /// attribute selectors).
        init?(_ text: String) {
            var type: String? = nil, id: String? = nil, classes: [String] = []
            var i = text.startIndex
            func name() -> String {
                let start = i
                while i < text.endIndex, text[i].isLetter || text[i].isNumber || text[i] == "-" || text[i] == "_" { i = text.index(after: i) }
                return String(text[start..<i])
            }
            if i < text.endIndex, text[i] == "*" { i = text.index(after: i) } else {
                let t = name()
                if !t.isEmpty { type = t }
            }
            while i < text.endIndex {
                let c = text[i]
                i = text.index(after: i)
                let n = name()
                guard !n.isEmpty else { return nil }
                switch c {
                case "#": guard id == nil else { return nil }; id = n
                case ".": classes.append(n)
                default: return nil
                }
            }
            guard !text.isEmpty else { return nil }
            self.type = type; self.id = id; self.classes = classes
        }
    }

    struct Rule: Sendable {
        var selector: Selector
        var order: Int
        var declarations: [(name: String, value: String)]
    }

    var rules: [Rule] = []
    /// The rules by the key their selector is looked up by: its id, else its first class, else its
    /// type; `*` rules (no id, class or type) in ``universal``. An element tests only the rules under
    /// its own id, classes and type, not every rule of the sheet.
    private var byID: [String: [Int]] = [:], byClass: [String: [Int]] = [:], byType: [String: [Int]] = [:]
    private var universal: [Int] = []
    /// Rule tests (rule × element) made so far, and the most a document may make: a sheet of many rules
    /// that all apply to many elements is work rules × elements however it is indexed.
    private(set) var tests = 0
    static let testBudget = 4_000_000
    /// Whether ``testBudget`` ran out (the reader then stops with an error naming it).
    var exhausted: Bool { tests > Self.testBudget }

    private mutating func index(_ k: Int) {
        let sel = rules[k].selector
        if let id = sel.id { byID[id, default: []].append(k) }
        else if let c = sel.classes.first { byClass[c, default: []].append(k) }
        else if let t = sel.type { byType[t, default: []].append(k) }
        else { universal.append(k) }
    }

    /// Adds the rules of `css`; reports what it skips through `warn` (the selector or at-rule).
    mutating func add(_ css: String, warn: (String, String) -> Void) {
        let text = Self.withoutComments(css)
        var i = text.startIndex
        while i < text.endIndex {
            guard let open = text[i...].firstIndex(of: "{") else { break }
            let prelude = text[i..<open].trimmingCharacters(in: " \t\r\n")
            // The block, with nested braces (an @media block) skipped whole.
            var depth = 0, close = open
            var k = open
            while k < text.endIndex {
                if text[k] == "{" { depth += 1 } else if text[k] == "}" { depth -= 1; if depth == 0 { close = k; break } }
                k = text.index(after: k)
            }
            if k == text.endIndex { close = text.index(before: text.endIndex) }
            let body = String(text[text.index(after: open)..<close])
            i = close < text.endIndex ? text.index(after: close) : text.endIndex
            if prelude.hasPrefix("@") {
                warn(String(prelude.split(separator: " ").first ?? ""), "CSS at-rule not supported: its rules are skipped")
                continue
            }
            let declarations = Self.declarations(body)
            for part in prelude.split(separator: ",") {
                let s = part.trimmingCharacters(in: " \t\r\n")
                guard let selector = Selector(s) else {
                    warn(s, "CSS selector not supported (only type, class and id selectors): its rule is skipped")
                    continue
                }
                rules.append(Rule(selector: selector, order: rules.count, declarations: declarations))
                index(rules.count - 1)
            }
        }
    }

    /// The declarations that apply to an element, lowest priority first (by specificity, then order).
    /// Each rule under the element's keys counts one test against ``testBudget``; once it has run out,
    /// no rule applies (and ``exhausted`` says so).
    mutating func declarations(name: String, id: String?, classes: [String]) -> [(name: String, value: String)] {
        guard !rules.isEmpty, !exhausted else { return [] }
        var candidates = universal + (byType[name] ?? [])
        if let id { candidates += byID[id] ?? [] }
        for c in Set(classes) { candidates += byClass[c] ?? [] }
        tests += candidates.count
        guard !exhausted else { return [] }
        return candidates.map { rules[$0] }.filter { $0.selector.matches(name: name, id: id, classes: classes) }
            .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            .flatMap(\.declarations)
    }

    /// Parses `a: b; c: d` into pairs (names lowercased, `!important` dropped).
    static func declarations(_ text: String) -> [(name: String, value: String)] {
        var out: [(String, String)] = []
        var current = "", quote: Character? = nil, parens = 0
        func flush() {
            defer { current = "" }
            guard let colon = current.firstIndex(of: ":") else { return }
            let name = current[..<colon].trimmingCharacters(in: " \t\r\n").lowercased()
            var value = current[current.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast(10)).trimmingCharacters(in: " \t\r\n") }
            if !name.isEmpty { out.append((name, value)) }
        }
        for c in withoutComments(text) {
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == "(" { parens += 1 } else if c == ")" { parens -= 1 } else if c == ";", parens <= 0 {
                flush(); continue
            }
            current.append(c)
        }
        flush()
        return out
    }

    static func withoutComments(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while let start = rest.firstRange(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstRange(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }
}
