// PNG writing for images whose rows are often one colour (a label on a plain background): zlib level 1
// without row filters, as `.fast` is, except that each row of one repeated pixel is written here as a
// few dozen bytes of fixed-Huffman deflate (the filter byte and the pixel as literals, the rest of the
// row as matches at distance 4) instead of going through zlib, whose cost on such rows is mostly sliding
// its window. The rows with anything else go to zlib, each run of them ended with Z_FULL_FLUSH (byte
// aligned, no reference back past it), so the blocks written here can sit between zlib's: the result
// is one ordinary raw deflate stream. The zlib trailer's Adler-32 covers both kinds of rows (a row of
// one colour through adler32_combine of that row's checksum, computed once per colour).
#include "png_writer.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    uint8_t *p;         // next byte to write
    uint64_t bits;      // pending bits, least significant first
    int count;          // how many bits are pending
} pt_bits;

static void pt_put_bits(pt_bits *w, uint32_t value, int n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    while (w->count >= 8) { *w->p++ = (uint8_t)w->bits; w->bits >>= 8; w->count -= 8; }
}

// A Huffman code goes into the stream most significant bit first.
static void pt_put_code(pt_bits *w, uint32_t code, int n) {
    uint32_t reversed = 0;
    for (int i = 0; i < n; i++) reversed |= ((code >> i) & 1u) << (n - 1 - i);
    pt_put_bits(w, reversed, n);
}

// RFC 1951's fixed literal/length code.
static void pt_put_symbol(pt_bits *w, unsigned symbol) {
    if (symbol < 144) pt_put_code(w, 0x30 + symbol, 8);
    else if (symbol < 256) pt_put_code(w, 0x190 + (symbol - 144), 9);
    else if (symbol < 280) pt_put_code(w, symbol - 256, 7);
    else pt_put_code(w, 0xC0 + (symbol - 280), 8);
}

// A match of `length` (3–258) bytes at distance 4 (distance code 3, no extra bits).
static void pt_put_match4(pt_bits *w, unsigned length) {
    static const uint16_t base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                       67, 83, 99, 115, 131, 163, 195, 227, 258 };
    static const uint8_t extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                       4, 4, 4, 4, 5, 5, 5, 5, 0 };
    int i = 28;
    while (base[i] > length) i--;
    pt_put_symbol(w, 257 + (unsigned)i);
    if (extra[i]) pt_put_bits(w, length - base[i], extra[i]);
    pt_put_code(w, 3, 5);
}

// One filtered row of `width` copies of `pixel`: filter byte 0, the pixel, then distance-4 matches.
static void pt_put_uniform_row(pt_bits *w, const uint8_t pixel[4], uint32_t width) {
    pt_put_symbol(w, 0);
    for (int k = 0; k < 4; k++) pt_put_symbol(w, pixel[k]);
    size_t left = (size_t)(width - 1) * 4, done = 4;
    while (left >= 3) {
        // Never leave 1 or 2 bytes, which no match can cover (258 + 1 → 256 + 3).
        size_t length = left <= 258 ? left : (left - 258 < 3 ? left - 3 : 258);
        pt_put_match4(w, (unsigned)length);
        left -= length;
        done += length;
    }
    for (; left > 0; left--, done++) pt_put_symbol(w, pixel[done % 4]);
}

// Ends the bits with an empty stored block, which leaves the stream byte aligned (as a sync flush).
static void pt_align(pt_bits *w) {
    pt_put_bits(w, 0, 3);  // not last, stored
    if (w->count > 0) pt_put_bits(w, 0, 8 - w->count);
    pt_put_bits(w, 0x0000, 16);
    pt_put_bits(w, 0xFFFF, 16);
}

static int pt_uniform(const uint8_t *row, uint32_t width) {
    uint32_t first;
    memcpy(&first, row, 4);
    for (uint32_t x = 1; x < width; x++) {
        uint32_t v;
        memcpy(&v, row + (size_t)x * 4, 4);
        if (v != first) return 0;
    }
    return 1;
}

static uint8_t *pt_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
    return p + 4;
}

// One chunk (length, type, data, CRC over type and data) at p; returns the end.
static uint8_t *pt_chunk(uint8_t *p, const char type[4], const uint8_t *data, size_t n) {
    p = pt_put32(p, (uint32_t)n);
    memcpy(p, type, 4);
    if (n) memmove(p + 4, data, n);
    uLong crc = crc32(0L, p, (uInt)(n + 4));
    return pt_put32(p + 4 + n, (uint32_t)crc);
}

int pt_png_encode_rgba_uniform_rows(const uint8_t *rgba, uint32_t width, uint32_t height, pt_png_buffer *out) {
    if (width == 0 || height == 0 || (size_t)width * 4 + 1 > 0x7FFFFFFFu) return 1;
    size_t stride = (size_t)width * 4, line = stride + 1, filtered = line * height;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 1;
    // zlib's bound for everything, plus per row what a row of one colour takes here (at most 5 literals
    // of 9 bits and one match of 21 bits per 256 bytes) and a flush.
    size_t capacity = deflateBound(&z, (uLong)filtered) + (size_t)height * (16 + (line / 256 + 2) * 3) + 1024;
    if (capacity > 0x7FFFFFF0u) { deflateEnd(&z); return 1; }
    uint8_t *file = malloc(capacity + 64), *row = malloc(line);
    if (!file || !row) { free(file); free(row); deflateEnd(&z); return 1; }
    // The deflate data goes after the signature, IHDR, the IDAT length and type, and the zlib header.
    uint8_t *start = file + 8 + 25 + 8, *p = start;
    *p++ = 0x78; *p++ = 0x01;  // 32 kB window, fastest level, no dictionary
    uLong adler = adler32(0L, Z_NULL, 0), row_adler = 0;
    uint8_t last_pixel[4] = { 0 };
    int have_last = 0, failed = 0;
    row[0] = 0;  // filter type: none
    for (uint32_t y = 0; y < height && !failed;) {
        const uint8_t *pixels = rgba + (size_t)y * stride;
        if (pt_uniform(pixels, width)) {
            pt_bits w = { .p = p };
            pt_put_bits(&w, 1 << 1, 3);  // not last, fixed Huffman
            for (; y < height && pt_uniform(rgba + (size_t)y * stride, width); y++) {
                const uint8_t *pixel = rgba + (size_t)y * stride;
                if (!have_last || memcmp(pixel, last_pixel, 4) != 0) {
                    memcpy(last_pixel, pixel, 4);
                    memcpy(row + 1, pixel, stride);
                    row_adler = adler32(adler32(0L, Z_NULL, 0), row, (uInt)line);
                    have_last = 1;
                }
                pt_put_uniform_row(&w, last_pixel, width);
                adler = adler32_combine(adler, row_adler, (z_off_t)line);
            }
            pt_put_symbol(&w, 256);  // end of block
            pt_align(&w);
            p = w.p;
        } else {
            z.next_out = p;
            z.avail_out = (uInt)(capacity - (size_t)(p - start));
            for (; y < height && !pt_uniform(rgba + (size_t)y * stride, width); y++) {
                memcpy(row + 1, rgba + (size_t)y * stride, stride);
                adler = adler32(adler, row, (uInt)line);
                z.next_in = row;
                z.avail_in = (uInt)line;
                if (deflate(&z, Z_NO_FLUSH) == Z_STREAM_ERROR || z.avail_in != 0) { failed = 1; break; }
            }
            if (!failed && (deflate(&z, Z_FULL_FLUSH) == Z_STREAM_ERROR || z.avail_out == 0)) failed = 1;
            p = z.next_out;
        }
    }
    if (!failed) {
        // The last block: an empty one with BFINAL set.
        z.next_in = NULL;
        z.avail_in = 0;
        z.next_out = p;
        z.avail_out = (uInt)(capacity - (size_t)(p - start));
        if (deflate(&z, Z_FINISH) != Z_STREAM_END) failed = 1;
        p = z.next_out;
    }
    deflateEnd(&z);
    free(row);
    if (failed) { free(file); return 1; }
    p = pt_put32(p, (uint32_t)adler);
    size_t idat = (size_t)(p - start);
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    memcpy(file, signature, 8);
    uint8_t ihdr[13];
    pt_put32(ihdr, width);
    pt_put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  // 8-bit RGBA, deflate, no interlace
    pt_chunk(file + 8, "IHDR", ihdr, 13);
    uint8_t *end = pt_chunk(file + 8 + 25, "IDAT", start, idat);
    end = pt_chunk(end, "IEND", NULL, 0);
    out->bytes = file;
    out->count = (size_t)(end - file);
    return 0;
}
