// The final passes with SSE2 (x86-64's baseline): a block of 8 cells is two 4-lane vectors.
#include "raster_internal.h"

#if PT_RASTER_X86
#include <emmintrin.h>

/// The 4 cells at `p` prefix-summed onto `*carry` (the running sum in every lane, updated), zeroed, and
/// converted to coverage (0 … 255 as 32-bit lanes) under the rule.
static inline __m128i quad_coverage(uint32_t *p, __m128i *carry, int even_odd) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_setzero_si128());
    v = _mm_add_epi32(v, _mm_slli_si128(v, 4));
    v = _mm_add_epi32(v, _mm_slli_si128(v, 8));
    v = _mm_add_epi32(v, *carry);
    *carry = _mm_shuffle_epi32(v, 0xFF);
    const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    __m128 f;
    if (even_odd) {
        __m128i e = _mm_sub_epi32(_mm_and_si128(v, _mm_set1_epi32(0x1FFFF)), _mm_set1_epi32(PT_ONE));
        f = _mm_sub_ps(_mm_set1_ps((float)PT_ONE), _mm_and_ps(_mm_cvtepi32_ps(e), abs_mask));
    } else {
        f = _mm_and_ps(_mm_cvtepi32_ps(v), abs_mask);
    }
    return _mm_cvtps_epi32(_mm_mul_ps(f, _mm_set1_ps((float)(255.0 / 65536.0))));
}

/// The same, returned as 4 coverage bytes (little-endian).
static inline uint32_t quad(uint32_t *p, __m128i *carry, int even_odd) {
    __m128i k = quad_coverage(p, carry, even_odd);
    k = _mm_packs_epi32(k, k);
    k = _mm_packus_epi16(k, k);
    return (uint32_t)_mm_cvtsi128_si32(k);
}

/// The whole-box final pass, for one rule (a constant after inlining): 16 cells per step, four vectors of
/// coverage packed into one.
__attribute__((always_inline)) static inline void accumulate(uint32_t *cells, intptr_t n, uint8_t *out,
                                                             const int even_odd) {
    __m128i carry = _mm_setzero_si128();
    intptr_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i a = quad_coverage(cells + i, &carry, even_odd);
        __m128i b = quad_coverage(cells + i + 4, &carry, even_odd);
        __m128i c = quad_coverage(cells + i + 8, &carry, even_odd);
        __m128i d = quad_coverage(cells + i + 12, &carry, even_odd);
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d)));
    }
    for (; i < n; i += 8) {
        uint32_t lo = quad(cells + i, &carry, even_odd);
        uint32_t hi = quad(cells + i + 4, &carry, even_odd);
        uint64_t bytes = (uint64_t)lo | ((uint64_t)hi << 32);
        if (i + 8 <= n) memcpy(out + i, &bytes, 8);
        else pt_store_partial(out + i, n - i, bytes);
    }
    cells[n] = 0;
    cells[n + 1] = 0;
}

void pt_accumulate_sse2(uint32_t *cells, intptr_t n, int even_odd, uint8_t *out) {
    if (even_odd) accumulate(cells, n, out, 1);
    else accumulate(cells, n, out, 0);
}

/// Writes `n` (≥ 0) copies of `v` at `p`.
static inline void fill(uint8_t *p, intptr_t n, uint8_t v) {
    if (n < 16) { pt_fill_short(p, n, 0x0101010101010101ull * v); return; }
    if (n > 96) { memset(p, v, (size_t)n); return; }
    __m128i x = _mm_set1_epi8((char)v);
    for (intptr_t k = 0; k + 16 < n; k += 16) _mm_storeu_si128((__m128i *)(p + k), x);
    _mm_storeu_si128((__m128i *)(p + n - 16), x);
}

void pt_resolve_sse2(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                     int32_t width, int32_t rows, int even_odd, uint8_t *out) {
    for (int32_t y = 0; y < rows; y++) {
        uint32_t *row = cells + (intptr_t)y * cell_stride;
        uint8_t *mr = marks + (intptr_t)y * mark_stride;
        uint8_t *o = out + (intptr_t)y * width;
        __m128i carry = _mm_setzero_si128();
        uint8_t carried = 0;
        intptr_t done = 0;
        for (intptr_t chunk = 0; chunk < mark_stride; chunk += 16) {
            __m128i m = _mm_loadu_si128((const __m128i *)(mr + chunk));
            unsigned bits = (unsigned)_mm_movemask_epi8(m);
            if (!bits) continue;
            _mm_storeu_si128((__m128i *)(mr + chunk), _mm_setzero_si128());
            do {
                intptr_t j = (chunk + __builtin_ctz(bits)) * 8;
                bits &= bits - 1;
                if (j >= width) {
                    _mm_storeu_si128((__m128i *)(row + j), _mm_setzero_si128());
                    _mm_storeu_si128((__m128i *)(row + j + 4), _mm_setzero_si128());
                    continue;
                }
                if (j > done) fill(o + done, j - done, carried);
                uint32_t lo = quad(row + j, &carry, even_odd);
                uint32_t hi = quad(row + j + 4, &carry, even_odd);
                uint64_t bytes = (uint64_t)lo | ((uint64_t)hi << 32);
                carried = (uint8_t)(hi >> 24);
                if (j + 8 <= width) {
                    memcpy(o + j, &bytes, 8);
                    done = j + 8;
                } else {
                    pt_store_partial(o + j, width - j, bytes);
                    done = width;
                }
            } while (bits);
        }
        if (done < width) fill(o + done, width - done, carried);
    }
}
#endif
