/// The scripts whose letters join (Unicode Joining_Type D, R, L or C in ArabicShaping.txt): letter
/// spacing between their letters would break the joins, so it is not applied (CSS Text 4's cursive
/// tracking rule, as Chromium and Android's minikin do).
public enum CursiveScripts {
    /// Arabic, Syriac, N'Ko, Mongolian, Mandaic, Manichaean, Psalter Pahlavi, Phags-pa, Adlam, Hanifi
    /// Rohingya, Sogdian, Chorasmian and Old Uyghur, as ISO 15924 tags.
    public static let tags: [String] = ["Arab", "Syrc", "Nkoo", "Mong", "Mand", "Mani", "Phlp", "Phag", "Adlm",
                                        "Rohg", "Sogd", "Chrs", "Ougr"]

    private static let packed: Set<UInt32> = Set(tags.map { t in t.utf8.reduce(0) { $0 << 8 | UInt32($1) } })

    /// Whether `scalar`'s own Script property (not the script of the run it is in) is a joining script.
    @inline(__always)
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        // Below U+0600 no script joins: the common case (Latin, Greek, Cyrillic) costs one comparison.
        scalar.value >= 0x0600 && packed.contains(Script(of: scalar).tag)
    }

    /// The scalar (a cluster's first character) whose UTF-8 encoding starts at byte `offset` of `bytes`, or `nil` when none does.
    package static func scalar(in bytes: [UInt8], at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < bytes.count else { return nil }
        var rest = bytes[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&rest) { return scalar }
        return nil
    }
}
