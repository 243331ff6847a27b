// Fast PNG writing for large images: zlib level 1, no row filters, the rows compressed in two halves on
// two threads (the second half on a new thread), the halves joined into one zlib stream. PNG allows any
// split of the zlib stream into IDAT chunks, and a raw deflate stream may be continued after a sync
// flush, so the file is an ordinary PNG: the first half ends with Z_SYNC_FLUSH (byte-aligned, not the
// last block), the second with Z_FINISH, and the zlib trailer's Adler-32 is adler32_combine of the
// two halves'. The only cost is the second half not matching against the last 32 kB of the first.
#include "png_writer.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    const uint8_t *rgba;
    uint32_t width, first_row, rows;
    int finish;           // Z_FINISH for the last half, Z_SYNC_FLUSH before it
    int premultiplied;    // the rows have premultiplied alpha: unpremultiply each row as it is copied
    uint8_t *out;         // raw deflate bytes
    size_t count;
    uLong adler;          // Adler-32 of this half's filtered rows
    size_t filtered;      // bytes of filtered rows (1 + 4·width per row)
    int failed;
} pt_half;

// Straight alpha from premultiplied, in place, with RasterCanvas.unpremultiply's rounding:
// c' = min(255, (c·255 + ⌊a/2⌋) / a) for 0 < a < 255; a = 0 gives 0, 0, 0, 0; opaque pixels are kept.
// Two pixels are tested per 64-bit load, since most pixels of a canvas are opaque.
static void pt_unpremultiply_row(uint8_t *p, uint32_t width) {
    const uint64_t opaque = 0xFF000000FF000000ull;
    for (uint32_t x = 0; x < width; x += 2) {
        uint32_t n = width - x >= 2 ? 2 : 1;
        if (n == 2) {
            uint64_t pair;
            memcpy(&pair, p + (size_t)x * 4, 8);
            if ((pair & opaque) == opaque) continue;
        }
        for (uint32_t k = 0; k < n; k++) {
            uint8_t *q = p + (size_t)(x + k) * 4;
            uint32_t a = q[3];
            if (a == 255) continue;
            if (a == 0) { q[0] = q[1] = q[2] = 0; continue; }
            for (int c = 0; c < 3; c++) {
                uint32_t v = ((uint32_t)q[c] * 255 + a / 2) / a;
                q[c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
}

static void *pt_compress_half(void *arg) {
    pt_half *h = arg;
    size_t stride = (size_t)h->width * 4, line = stride + 1;
    h->filtered = line * h->rows;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) { h->failed = 1; return NULL; }
    size_t capacity = deflateBound(&z, h->filtered) + 64;
    h->out = malloc(capacity);
    uint8_t *row = malloc(line);
    if (!h->out || !row) { h->failed = 1; free(row); deflateEnd(&z); return NULL; }
    h->adler = adler32(0L, Z_NULL, 0);
    z.next_out = h->out;
    z.avail_out = (uInt)(capacity > 0xFFFFFFFFu ? 0xFFFFFFFFu : capacity);
    row[0] = 0;  // filter type: none
    for (uint32_t y = 0; y < h->rows; y++) {
        memcpy(row + 1, h->rgba + (size_t)(h->first_row + y) * stride, stride);
        if (h->premultiplied) pt_unpremultiply_row(row + 1, h->width);
        h->adler = adler32(h->adler, row, (uInt)line);
        z.next_in = row;
        z.avail_in = (uInt)line;
        int flush = y + 1 == h->rows ? h->finish : Z_NO_FLUSH;
        int status = deflate(&z, flush);
        if (status == Z_STREAM_ERROR || z.avail_in != 0) { h->failed = 1; break; }
    }
    h->count = (size_t)(z.next_out - h->out);
    free(row);
    deflateEnd(&z);
    return NULL;
}

static uint8_t *pt_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
    return p + 4;
}

// Writes one chunk (length, type, data, CRC over type and data) at p and returns the end.
static uint8_t *pt_chunk(uint8_t *p, const char type[4], const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
    p = pt_put32(p, (uint32_t)(na + nb));
    memcpy(p, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    p += 4;
    if (na) { memcpy(p, a, na); crc = crc32(crc, a, (uInt)na); p += na; }
    if (nb) { memcpy(p, b, nb); crc = crc32(crc, b, (uInt)nb); p += nb; }
    return pt_put32(p, (uint32_t)crc);
}

int pt_png_encode_rgba_parallel(const uint8_t *rgba, uint32_t width, uint32_t height, int premultiplied,
                                pt_png_buffer *out) {
    if (width == 0 || height < 2 || (size_t)width * 4 + 1 > 0x7FFFFFFFu) return 1;
    pt_half halves[2];
    memset(halves, 0, sizeof halves);
    uint32_t split = height / 2;
    halves[0] = (pt_half){ .rgba = rgba, .width = width, .first_row = 0, .rows = split, .finish = Z_SYNC_FLUSH,
                          .premultiplied = premultiplied };
    halves[1] = (pt_half){ .rgba = rgba, .width = width, .first_row = split, .rows = height - split, .finish = Z_FINISH,
                          .premultiplied = premultiplied };
    pthread_t thread;
    int threaded = pthread_create(&thread, NULL, pt_compress_half, &halves[1]) == 0;
    pt_compress_half(&halves[0]);
    if (threaded) pthread_join(thread, NULL); else pt_compress_half(&halves[1]);
    int ok = !halves[0].failed && !halves[1].failed;
    size_t deflated = halves[0].count + halves[1].count;
    // Each IDAT holds the zlib header (first), a half's deflate bytes, and the trailer (last); a chunk's
    // length must stay below 2^31.
    if (ok && (halves[0].count + 2 > 0x7FFFFFFFu || halves[1].count + 4 > 0x7FFFFFFFu)) ok = 0;
    uint8_t *file = ok ? malloc(8 + 25 + (12 + 2 + halves[0].count) + (12 + halves[1].count + 4) + 12) : NULL;
    if (!file) { free(halves[0].out); free(halves[1].out); return 1; }
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    uint8_t *p = file;
    memcpy(p, signature, 8);
    p += 8;
    uint8_t ihdr[13];
    pt_put32(ihdr, width);
    pt_put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  // 8-bit RGBA, deflate, no interlace
    p = pt_chunk(p, "IHDR", ihdr, 13, NULL, 0);
    static const uint8_t zlib_header[2] = { 0x78, 0x01 };  // 32 kB window, fastest level, no dictionary
    p = pt_chunk(p, "IDAT", zlib_header, 2, halves[0].out, halves[0].count);
    uint8_t trailer[4];
    pt_put32(trailer, (uint32_t)adler32_combine(halves[0].adler, halves[1].adler, (z_off_t)halves[1].filtered));
    p = pt_chunk(p, "IDAT", halves[1].out, halves[1].count, trailer, 4);
    p = pt_chunk(p, "IEND", NULL, 0, NULL, 0);
    (void)deflated;
    free(halves[0].out);
    free(halves[1].out);
    out->bytes = file;
    out->count = (size_t)(p - file);
    return 0;
}
