import JSON
import Support
import CPathText
import PathText
import PathTextEngine

// The fonts compiled into the library, by the names the placements JSON gives them ("embedded": NAME), so a
// renderer that draws by itself can open them (as `pathtext fonts --export DIR` writes them).

/// The embedded fonts' names as a JSON array, made once.
nonisolated(unsafe) private let embeddedNamesCString: UnsafeMutablePointer<CChar>? =
    Syscalls.duplicateForC(JSONValue.array(DefaultFonts.embeddedFileNames.map { .string($0) }).serialized())

/// `const char *pt_embedded_font_names(void)`.
@_cdecl("pt_embedded_font_names")
public func pt_embedded_font_names_impl() -> UnsafePointer<CChar>? {
    UnsafePointer(embeddedNamesCString)
}

/// `int pt_embedded_font(const char *name, const unsigned char **bytes, size_t *length, char **error)`.
@_cdecl("pt_embedded_font")
public func pt_embedded_font_impl(_ name: UnsafePointer<CChar>?, _ bytes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
                                  _ length: UnsafeMutablePointer<Int>?,
                                  _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    bytes?.pointee = nil
    length?.pointee = 0
    guard let name else { return fail(errorOut, "name is NULL", PT_EINVAL) }
    guard let bytes else { return fail(errorOut, "bytes is NULL", PT_EINVAL) }
    guard let length else { return fail(errorOut, "length is NULL", PT_EINVAL) }
    let n: String
    do { n = try utf8(name, "name") } catch { return fail(errorOut, error, PT_EINVAL) }
    guard let data = DefaultFonts.embeddedBytes(n), let base = data.baseAddress else {
        return fail(errorOut, "name: no embedded font \(MessageText.quoted(n)) (the embedded fonts: "
                    + DefaultFonts.embeddedFileNames.joined(separator: ", ") + ")", PT_EINVAL)
    }
    bytes.pointee = base.assumingMemoryBound(to: UInt8.self)
    length.pointee = data.count
    return PT_OK
}
