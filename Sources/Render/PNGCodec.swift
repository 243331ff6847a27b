internal import CPNG
internal import CPNGWriter

/// How hard libpng works to make the file small.
public enum PNGCompression: String, Hashable, Sendable, CaseIterable {
    /// zlib level 1 without row filters: several times faster than `balanced`, files somewhat larger.
    /// For flat backgrounds with text (what labels are drawn on) no filter beats "up" both in time and
    /// size: the 4096² bench scene 137 → 106 ms and 1.84 → 1.57 MB, the 1024² dial 9.3 → 6.9 ms and
    /// 133 → 111 kB (libpng's default, `balanced`: 558 ms and 1.51 MB, 35.6 ms and 116 kB).
    case fast
    /// zlib level 6 with libpng's adaptive filter choice (libpng's own default).
    case balanced
    /// zlib level 9 with adaptive filters: the smallest files, slowest.
    case smallest

    var level: Int32 { switch self { case .fast: 1; case .balanced: 6; case .smallest: 9 } }
    var filter: Int32 { switch self { case .fast: 0; case .balanced, .smallest: -1 } }
}

/// PNG encoding and decoding through libpng (the libpng boundary: raw libpng pointers and structures
/// stay in this file and in the `CPNGWriter` C target).
///
/// Encoding uses libpng's classic API through `CPNGWriter`, a C function that owns the `setjmp`
/// libpng's error handling needs and returns an error code and message instead. Decoding uses the
/// simplified API, which runs its own `setjmp` and reports failure as a zero return with a message in
/// `png_image.message`. Either way a libpng failure becomes a Swift error, never an abort; Swift never
/// calls `setjmp` or installs an error callback.
enum PNGCodec {
    /// From this many pixels `.fast` compresses the two halves of the image on two threads
    /// (`pt_png_encode_rgba_parallel`): the same level and filter, one extra thread per image. Below it,
    /// `.fast` writes rows of one colour itself and gives zlib only the others
    /// (`pt_png_encode_rgba_uniform_rows`): on the one-label 800 × 400 picture, 188 of 400 rows.
    static let parallelPixels = 1 << 20

    /// Encodes premultiplied RGBA8 rows (a canvas's pixels) with `.fast` on two threads, each converting
    /// its rows to straight alpha as it compresses them: no straight copy of the whole image is made
    /// (on the 4096² bench scene a 64 MB copy and its unpremultiplying pass). `nil` when the image is
    /// below ``parallelPixels`` or memory ran out; callers then take the straight-alpha path.
    static func encodeFastParallel(premultipliedRGBA rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
        precondition(rgba.count == width * height * 4)
        guard width * height >= parallelPixels, width <= Int(UInt32.max), height <= Int(UInt32.max),
              width * 4 <= Int(Int32.max) else { return nil }
        var buffer = pt_png_buffer()
        let status = rgba.withUnsafeBufferPointer { px in
            pt_png_encode_rgba_parallel(px.baseAddress, UInt32(width), UInt32(height), 1, &buffer)
        }
        guard status == 0, let bytes = buffer.bytes else { return nil }
        defer { pt_png_free(&buffer) }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
    }

    /// Encodes straight-alpha RGBA8 rows (top to bottom, `4·width` bytes each) as an 8-bit RGBA PNG.
    static func encode(straightRGBA rgba: [UInt8], width: Int, height: Int,
                       compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        precondition(rgba.count == width * height * 4)
        guard width <= Int(UInt32.max), height <= Int(UInt32.max), width * 4 <= Int(Int32.max) else {
            throw .pngEncodingFailed(reason: "image too large for PNG")
        }
        var buffer = pt_png_buffer()
        if compression == .fast, width * height >= parallelPixels {
            // Two threads, zlib directly; on failure (memory) the one-thread libpng path below runs.
            let status = rgba.withUnsafeBufferPointer { px in
                pt_png_encode_rgba_parallel(px.baseAddress, UInt32(width), UInt32(height), 0, &buffer)
            }
            if status == 0, let bytes = buffer.bytes {
                defer { pt_png_free(&buffer) }
                return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
            }
        }
        if compression == .fast, width * height < parallelPixels {
            // Rows of one colour written directly, the others through zlib; on failure (memory) libpng below.
            let status = rgba.withUnsafeBufferPointer { px in
                pt_png_encode_rgba_uniform_rows(px.baseAddress, UInt32(width), UInt32(height), &buffer)
            }
            if status == 0, let bytes = buffer.bytes {
                defer { pt_png_free(&buffer) }
                return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
            }
        }
        var message = [CChar](repeating: 0, count: 256)
        let status = rgba.withUnsafeBufferPointer { px in
            pt_png_encode_rgba(px.baseAddress, UInt32(width), UInt32(height), compression.level, compression.filter,
                               &buffer, &message, message.count)
        }
        defer { pt_png_free(&buffer) }
        guard status == 0, let bytes = buffer.bytes else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .pngEncodingFailed(reason: text.isEmpty ? "libpng reported an error" : text)
        }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
    }

    /// Encodes with libpng's simplified API (default compression, two passes: one to size the output).
    /// Kept as the reference the classic-API writer is tested against.
    static func encodeSimplified(straightRGBA rgba: [UInt8], width: Int, height: Int) throws(RenderError) -> [UInt8] {
        precondition(rgba.count == width * height * 4)
        guard width <= Int(UInt32.max), height <= Int(UInt32.max), width * 4 <= Int(Int32.max) else {
            throw .pngEncodingFailed(reason: "image too large for PNG")
        }
        var image = png_image()
        image.version = PT_PNG_IMAGE_VERSION
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = PT_PNG_FORMAT_RGBA
        var size: png_alloc_size_t = 0
        // First pass: ask for the size; second pass: write into a buffer of that size.
        let sized = rgba.withUnsafeBytes { px in
            png_image_write_to_memory(&image, nil, &size, 0, px.baseAddress, Int32(width * 4), nil)
        }
        guard sized != 0, size > 0 else { throw .pngEncodingFailed(reason: message(&image)) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { px in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, px.baseAddress, Int32(width * 4), nil)
            }
        }
        guard written != 0 else { throw .pngEncodingFailed(reason: message(&image)) }
        out.removeLast(out.count - Int(size))
        return out
    }

    /// Decodes any PNG libpng reads to straight-alpha RGBA8.
    /// - Parameter checkSize: called with the header's size before the pixels are allocated.
    static func decode(_ data: [UInt8], checkSize: (Int, Int) throws(RenderError) -> Void)
        throws(RenderError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = PT_PNG_IMAGE_VERSION
        let result: Result<(Int, Int, [UInt8]), RenderError> = data.withUnsafeBytes { src in
            guard png_image_begin_read_from_memory(&image, src.baseAddress, src.count) != 0 else {
                return .failure(.pngDecodingFailed(reason: message(&image)))
            }
            let w = Int(image.width), h = Int(image.height)
            do throws(RenderError) {
                try checkSize(w, h)
            } catch {
                png_image_free(&image)
                return .failure(error)
            }
            image.format = PT_PNG_FORMAT_RGBA
            var out = [UInt8](repeating: 0, count: w * h * 4)
            let ok = out.withUnsafeMutableBytes { dst in
                png_image_finish_read(&image, nil, dst.baseAddress, Int32(w * 4), nil)
            }
            guard ok != 0 else { return .failure(.pngDecodingFailed(reason: message(&image))) }
            return .success((w, h, out))
        }
        switch result {
        case .success(let (w, h, px)): return (w, h, px)
        case .failure(let e): throw e
        }
    }

    /// libpng's message for the last failure.
    private static func message(_ image: inout png_image) -> String {
        let bytes = withUnsafeBytes(of: &image.message) { Array($0.prefix { $0 != 0 }) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? "libpng reported an error" : text
    }
}
