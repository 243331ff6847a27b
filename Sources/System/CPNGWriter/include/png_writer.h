#ifndef PATHTEXT_PNG_WRITER_H
#define PATHTEXT_PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// An encoded PNG in memory, owned by the caller: release it with pt_png_free.
typedef struct {
    uint8_t *bytes;
    size_t count;
} pt_png_buffer;

/// Encodes straight-alpha RGBA8 rows as an 8-bit RGBA PNG with libpng's classic API.
///
/// libpng reports errors by longjmp; this function owns the setjmp, so a libpng error returns
/// non-zero with libpng's message in `error` (NUL-terminated, truncated to `error_size`) and frees
/// everything it allocated. Swift never sees a longjmp.
///
/// - level: zlib level 0–9 (1 is fast, 6 libpng's default).
/// - filter: 0 none, 1 sub, 2 up, 4 paeth, -1 libpng's adaptive choice of all filters.
/// - Returns: 0 on success, with the PNG in `out`.
int pt_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                       pt_png_buffer *out, char *error, size_t error_size);

/// Encodes RGBA8 rows as an 8-bit RGBA PNG at zlib level 1 without row filters, the two halves of the
/// rows compressed on two threads (zlib directly; no libpng). For large images.
/// - premultiplied: non-zero when `rgba` has premultiplied alpha (a canvas's own pixels): each thread
///   converts its rows to straight alpha as it copies them, so no straight copy of the image is made.
/// - Returns: 0 on success, with the PNG in `out`; non-zero when memory ran out or the image is too
///   small (fewer than 2 rows) or too wide, with nothing allocated.
int pt_png_encode_rgba_parallel(const uint8_t *rgba, uint32_t width, uint32_t height, int premultiplied,
                                pt_png_buffer *out);

/// Encodes straight-alpha RGBA8 rows as an 8-bit RGBA PNG at zlib level 1 without row filters, writing
/// each row of one repeated pixel itself (fixed-Huffman deflate) and giving zlib only the other rows.
/// For images on a plain background.
/// - Returns: 0 on success, with the PNG in `out`; non-zero when memory ran out or the image is empty or
///   too wide, with nothing allocated.
int pt_png_encode_rgba_uniform_rows(const uint8_t *rgba, uint32_t width, uint32_t height, pt_png_buffer *out);

/// Frees a buffer from pt_png_encode_rgba or pt_png_encode_rgba_parallel.
void pt_png_free(pt_png_buffer *buffer);

#endif
