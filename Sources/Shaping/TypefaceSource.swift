/// Where a ``Typeface``'s bytes came from.
public enum TypefaceSource: Sendable, Hashable {
    /// Compiled into the library (the default fonts, see ``DefaultFonts``); the typeface's name is the
    /// file name it was built from (`NotoSans-Regular.ttf`).
    case embedded
    /// A font file, by its absolute path with symbolic links resolved.
    case file(absolutePath: String)
    /// Bytes given in memory (``Typeface/init(bytes:name:faceIndex:variations:)``).
    case memory
}
