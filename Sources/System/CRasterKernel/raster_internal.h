// Shared by the kernel's files (not part of its interface).
#ifndef PT_RASTER_INTERNAL_H
#define PT_RASTER_INTERNAL_H

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define PT_RASTER_X86 1
#else
#define PT_RASTER_X86 0
#endif

/// One pixel's full coverage in the cells' units: areas are in 2⁻¹⁶ square pixels.
#define PT_ONE 65536

/// The final pass: prefix sums of the marked blocks of `cells` to coverage bytes in `out`, the runs
/// between them filled; the cells and marks read are zeroed.
typedef void pt_resolve_fn(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                           int32_t width, int32_t rows, int even_odd, uint8_t *out);

/// The final pass of the whole-box layout: one prefix sum over the `n` cells (rows of `width` back to
/// back) to `n` coverage bytes in `out`; the cells read, and the two after them (where the last row may
/// spill), are zeroed. Reads whole blocks of 8 cells: the cells are at least `n` rounded up to 8, and
/// `n + 2`.
typedef void pt_accumulate_fn(uint32_t *cells, intptr_t n, int32_t width, int even_odd, uint8_t *out);

/// From this mask width on, the SIMD whole-box passes skip runs of 16 zero cells (measured: at 64 px, masks
/// about 40 px wide, the test costs more than it saves; at 128 px it saves 4 %, at 512 px 2 %).
#define PT_SKIP_WIDTH 64

/// How far past a row's end the SIMD rows passes may store (blocks and fills rewritten by the rows after):
/// a block at cell width + 1 stores 8 bytes from there, a fill 64 bytes (AVX2: two stores of 32; SSE2: four
/// of 16) from before its gap's end.
#define PT_SPILL 72

pt_resolve_fn pt_resolve_scalar;
pt_accumulate_fn pt_accumulate_scalar;
#if PT_RASTER_X86
pt_resolve_fn pt_resolve_sse2;
pt_resolve_fn pt_resolve_avx2;
pt_accumulate_fn pt_accumulate_sse2;
pt_accumulate_fn pt_accumulate_avx2;
#endif

/// Writes `n` (0 ≤ n < 16) copies of the byte repeated in `pattern` at `p`, with at most two stores.
__attribute__((always_inline)) static inline void pt_fill_short(uint8_t *p, intptr_t n, uint64_t pattern) {
    if (n >= 8) {
        memcpy(p, &pattern, 8);
        memcpy(p + n - 8, &pattern, 8);
    } else if (n >= 4) {
        uint32_t four = (uint32_t)pattern;
        memcpy(p, &four, 4);
        memcpy(p + n - 4, &four, 4);
    } else if (n > 0) {
        p[0] = (uint8_t)pattern;
        p[n >> 1] = (uint8_t)pattern;
        p[n - 1] = (uint8_t)pattern;
    }
}

/// Writes `n` (≥ 0) copies of `v` at `p` (the fills within a row of the passes that store nothing past it).
static inline void pt_fill(uint8_t *p, intptr_t n, uint8_t v) {
    if (n < 16) pt_fill_short(p, n, 0x0101010101010101ull * v);
    else memset(p, v, (size_t)n);
}

/// Stores the low `n` (0 < n < 8) bytes of `bytes` at `p`, with at most two stores of 4 bytes (or bytes).
__attribute__((always_inline)) static inline void pt_store_partial(uint8_t *p, intptr_t n, uint64_t bytes) {
    if (n >= 4) {
        uint32_t head = (uint32_t)bytes, tail = (uint32_t)(bytes >> (8 * (n - 4)));
        memcpy(p, &head, 4);
        memcpy(p + n - 4, &tail, 4);
    } else {
        for (intptr_t k = 0; k < n; k++) p[k] = (uint8_t)(bytes >> (8 * k));
    }
}

/// `f` (≥ 0) rounded to the nearest integer (ties to even, as SSE's `cvtps2dq`) and saturated to 255: `f` is
/// first limited to 256, then rounded by adding and subtracting 1.5·2²³.
static inline uint8_t pt_round_byte(float f) {
    f = f < 256.0f ? f : 256.0f;
    const float magic = 12582912.0f;  // IEEE arithmetic: the compiler may not fold this away
    int32_t r = (int32_t)((f + magic) - magic);
    return (uint8_t)(r > 255 ? 255 : r);
}

/// The coverage byte of a running sum under non-zero: round(|a| · 255 / 2¹⁶), at most 255. The SIMD paths
/// compute exactly this (int → float, |·|, × 255·2⁻¹⁶ exact, round to nearest even, saturate).
static inline uint8_t pt_coverage_nonzero(uint32_t a) {
    float f = (float)(int32_t)a;
    f = f < 0 ? -f : f;
    f *= (float)(255.0 / 65536.0);
    return pt_round_byte(f);
}

/// Under even-odd: the distance of the winding (in units of PT_ONE) to the nearest even number, as a byte.
static inline uint8_t pt_coverage_evenodd(uint32_t a) {
    int32_t e = (int32_t)(a & 0x1FFFFu) - PT_ONE;  // −2¹⁶ … 2¹⁶ − 1
    float f = (float)e;
    f = f < 0 ? -f : f;
    f = ((float)PT_ONE - f) * (float)(255.0 / 65536.0);
    return pt_round_byte(f);
}

#endif
