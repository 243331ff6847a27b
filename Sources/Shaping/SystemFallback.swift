import Support

/// A fallback query: what Fontconfig is asked for when no font of a run's stack covers a cluster.
struct FallbackQuery: Hashable, Sendable {
    /// The language as Fontconfig knows it (`ja`, `zh-cn`, `zh-tw`, `ko`), or `und` when none is known.
    var language: String
    /// Whether the run's primary font is bold or italic (a bold label falls back to bold faces first).
    var bold: Bool, italic: Bool
    /// The presentation the cluster asks for.
    var presentation: EmojiPresentation
}

/// Per-cluster fallback to the system's fonts, as Pango does it: Fontconfig sorts the installed fonts
/// for the cluster's language, style and presentation, and the first one that covers every
/// character of the cluster draws it.
///
/// Everything is cached for the life of the process and shared by every thread: the sorted lists per
/// query, each cluster's answer per (characters, query), and the loaded fonts per file and face (a CJK
/// font is read once). The answers depend only on the installed fonts and Fontconfig's configuration,
/// never on the locale or the order in which threads ask.
enum SystemFallback {
    private struct ChoiceKey: Hashable { var scalars: [UInt32]; var query: FallbackQuery }

    private final class State {
        var lists: [FallbackQuery: FontLookup.SortedFonts] = [:]
        var choices: [ChoiceKey: FontLookup.Location?] = [:]
        var fonts: [FontLookup.Location: Typeface] = [:]
        var unloadable: Set<FontLookup.Location> = []
    }

    private static let state = Locked(State())
    /// ``fontconfigLanguage(_:)`` per tag asked.
    private static let languages = Locked<[String: String?]>([:])

    /// The installed font that best draws `scalars` (default-ignorables need no glyph) for `query`, or
    /// `nil` when no installed font covers them all.
    ///
    /// - An emoji presentation takes a colour font that covers the cluster first, even when
    ///   Fontconfig ranks a monochrome one higher (DejaVu Sans for 😀); a text presentation takes a
    ///   monochrome one first. Either falls back to any font that covers the cluster.
    static func font(for scalars: some Collection<Unicode.Scalar>, query: FallbackQuery) -> Typeface? {
        let needed = scalars.filter { !ScalarProperties.isDefaultIgnorable($0) }
        guard !needed.isEmpty else { return nil }
        let key = ChoiceKey(scalars: needed.map(\.value), query: query)
        return state.withLock { s -> Typeface? in
            if let known = s.choices[key] { return known.flatMap { s.fonts[$0] } }
            let list: FontLookup.SortedFonts
            if let l = s.lists[query] { list = l } else {
                list = FontLookup.sortedFallbackFonts(for: query)
                s.lists[query] = list
            }
            func pick(color: Bool?) -> Typeface? {
                for (i, entry) in list.entries.enumerated() where color == nil || entry.isColor == color {
                    guard !s.unloadable.contains(entry.location), needed.allSatisfy({ list.covers(i, $0) }) else { continue }
                    guard let font = load(entry.location, in: s), needed.allSatisfy(font.covers) else { continue }
                    return font
                }
                return nil
            }
            let wanted: Bool? = switch query.presentation {
            case .emoji: true
            case .text: false
            case .unspecified: nil
            }
            let font = (wanted == nil ? nil : pick(color: wanted)) ?? pick(color: nil)
            s.choices[key] = font.flatMap { f in s.fonts.first { $0.value === f }?.key }
            return font
        }
    }

    /// The font at `location`, loaded once; `nil` (and remembered) when it cannot be loaded.
    private static func load(_ location: FontLookup.Location, in s: State) -> Typeface? {
        if let font = s.fonts[location] { return font }
        do {
            // The real file, not a link such as Debian's fonts-japanese-gothic.ttf → ipaexg.ttf.
            let path = Syscalls.realPath(location.path) ?? location.path
            let font = try FontCache.typeface(path: path, faceIndex: location.faceIndex, namedInstance: location.namedInstance)
            s.fonts[location] = font
            return font
        } catch {
            s.unloadable.insert(location)
            return nil
        }
    }

    /// Fontconfig's name for the language of BCP 47 tag `tag`, or `nil` when Fontconfig knows no
    /// orthography for it.
    ///
    /// Chinese is mapped by script and region (Fontconfig knows `zh-cn`, `zh-tw`, `zh-hk`, `zh-sg` and
    /// `zh-mo`, not `zh-Hans`): `zh`, `zh-Hans`, `zh-CN` → `zh-cn`; `zh-Hant`, `zh-TW` → `zh-tw`;
    /// `zh-HK` and `zh-Hant-HK` → `zh-hk`. Other tags keep their language and, when Fontconfig knows
    /// the pair, their region (`pa-PK` → `pa-pk`, `ja-JP` → `ja`).
    static func fontconfigLanguage(_ tag: String) -> String? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first, !language.isEmpty else { return nil }
        let script = parts.dropFirst().first { $0.count == 4 }
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        if language == "zh" || language == "cmn" || language == "yue" {
            switch region {
            case "hk": return "zh-hk"
            case "mo": return "zh-mo"
            case "tw": return "zh-tw"
            case "sg": return "zh-sg"
            case "cn": return "zh-cn"
            default: return script == "hant" || language == "yue" ? (language == "yue" ? "zh-hk" : "zh-tw") : "zh-cn"
            }
        }
        if let region, FontLookup.knowsLanguage(language + "-" + region) { return language + "-" + region }
        return FontLookup.knowsLanguage(language) ? language : nil
    }

    /// The Fontconfig language for a run: its BCP 47 tag mapped by ``fontconfigLanguage(_:)``, or, when
    /// the run has no language (or, for a CJK cluster, a language that is not Chinese, Japanese or
    /// Korean), one guessed from the cluster's script (kana: `ja`; Hangul: `ko`; Han:
    /// `ja` when the paragraph has kana, `ko` when it has Hangul, `zh-cn` otherwise), else `und`.
    static func language(tag: String?, script: Script, paragraphHasKana: Bool, paragraphHasHangul: Bool) -> String {
        if let tag {
            let fc = languages.withLock { known in
                if let cached = known[tag] { return cached }
                let fc = fontconfigLanguage(tag)
                known[tag] = fc
                return fc
            }
            // A language without CJK orthography (`en` on Han text) says nothing about which CJK glyphs.
            let cjkLanguage = fc.map { $0.hasPrefix("zh") || $0 == "ja" || $0 == "ko" } ?? false
            if let fc, !script.isCJK || cjkLanguage { return fc }
        }
        switch script.description {
        case "Hira", "Kana": return "ja"
        case "Hang": return "ko"
        case "Bopo": return "zh-tw"
        case "Hani": return paragraphHasKana ? "ja" : paragraphHasHangul ? "ko" : "zh-cn"
        default: return "und"
        }
    }

}

extension Script {
    /// Whether the script is Han, Hiragana, Katakana, Hangul or Bopomofo (text whose spaces and
    /// punctuation keep the font of the characters around them).
    var isCJK: Bool {
        switch description {
        case "Hani", "Hira", "Kana", "Hang", "Bopo": true
        default: false
        }
    }
}
