// The final passes with SSE2 (x86-64's baseline): a block of 8 cells is two 4-lane vectors.
#include "raster_internal.h"

#if PT_RASTER_X86
#include <emmintrin.h>

/// The 4 cells `v` prefix-summed onto `*carry` (the running sum in every lane, updated) and converted to
/// coverage (0 … 255 as 32-bit lanes) under the rule.
static inline __m128i coverage_of(__m128i v, __m128i *carry, int even_odd) {
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

/// The 4 cells at `p` summed as ``coverage_of`` and zeroed.
static inline __m128i quad_coverage(uint32_t *p, __m128i *carry, int even_odd) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_setzero_si128());
    return coverage_of(v, carry, even_odd);
}

/// The same, returned as 4 coverage bytes (little-endian).
static inline uint32_t quad(uint32_t *p, __m128i *carry, int even_odd) {
    __m128i k = quad_coverage(p, carry, even_odd);
    k = _mm_packs_epi32(k, k);
    k = _mm_packus_epi16(k, k);
    return (uint32_t)_mm_cvtsi128_si32(k);
}

/// The whole-box final pass, for one rule (a constant after inlining): 16 cells per step, four vectors of
/// coverage packed into one. With `skip` (a constant too), a run of 16 zero cells stores the carried
/// coverage byte without summing, as the AVX2 pass does.
__attribute__((always_inline)) static inline void accumulate(uint32_t *cells, intptr_t n, uint8_t *out,
                                                             const int even_odd, const int skip) {
    __m128i carry = _mm_setzero_si128();
    __m128i carried = _mm_setzero_si128();  // the carry's coverage byte, 16 times
    const __m128i zero = _mm_setzero_si128();
    intptr_t i = 0;
    const intptr_t whole = n & ~(intptr_t)15;  // the cells in whole steps of 16
    for (; i < whole; i += 16) {
        __m128i c0 = _mm_loadu_si128((const __m128i *)(cells + i));
        __m128i c1 = _mm_loadu_si128((const __m128i *)(cells + i + 4));
        __m128i c2 = _mm_loadu_si128((const __m128i *)(cells + i + 8));
        __m128i c3 = _mm_loadu_si128((const __m128i *)(cells + i + 12));
        if (skip) {
            // A run of zero steps in its own loop (the carried bytes stay in one register).
            while (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(_mm_or_si128(c0, c1), _mm_or_si128(c2, c3)), zero))
                   == 0xFFFF) {
                _mm_storeu_si128((__m128i *)(out + i), carried);
                i += 16;
                if (i >= whole) goto tail;
                c0 = _mm_loadu_si128((const __m128i *)(cells + i));
                c1 = _mm_loadu_si128((const __m128i *)(cells + i + 4));
                c2 = _mm_loadu_si128((const __m128i *)(cells + i + 8));
                c3 = _mm_loadu_si128((const __m128i *)(cells + i + 12));
            }
        }
        _mm_storeu_si128((__m128i *)(cells + i), zero);
        _mm_storeu_si128((__m128i *)(cells + i + 4), zero);
        _mm_storeu_si128((__m128i *)(cells + i + 8), zero);
        _mm_storeu_si128((__m128i *)(cells + i + 12), zero);
        __m128i a = coverage_of(c0, &carry, even_odd);
        __m128i b = coverage_of(c1, &carry, even_odd);
        __m128i c = coverage_of(c2, &carry, even_odd);
        __m128i d = coverage_of(c3, &carry, even_odd);
        __m128i v = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
        _mm_storeu_si128((__m128i *)(out + i), v);
        if (skip) {
            // Byte 15 to all 16 (SSE2 has no byte shuffle): doubled into a 16-bit lane (the high bytes'
            // unpack), that lane to the high four, then their last 32 bits to all four.
            __m128i hi = _mm_shufflehi_epi16(_mm_unpackhi_epi8(v, v), 0xFF);
            carried = _mm_shuffle_epi32(hi, 0xFF);
        }
    }
tail:
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

void pt_accumulate_sse2(uint32_t *cells, intptr_t n, int32_t width, int even_odd, uint8_t *out) {
    int skip = width >= PT_SKIP_WIDTH;
    if (even_odd) {
        if (skip) accumulate(cells, n, out, 1, 1);
        else accumulate(cells, n, out, 1, 0);
    } else {
        if (skip) accumulate(cells, n, out, 0, 1);
        else accumulate(cells, n, out, 0, 0);
    }
}

/// Writes `n` (≥ 0) copies of `v` at `p`.
static inline void fill(uint8_t *p, intptr_t n, uint8_t v) {
    if (n < 16) { pt_fill_short(p, n, 0x0101010101010101ull * v); return; }
    if (n > 96) { memset(p, v, (size_t)n); return; }
    __m128i x = _mm_set1_epi8((char)v);
    for (intptr_t k = 0; k + 16 < n; k += 16) _mm_storeu_si128((__m128i *)(p + k), x);
    _mm_storeu_si128((__m128i *)(p + n - 16), x);
}

/// Fills `o[from ..< to]` with `v` in fours of 16-byte stores (up to 63 bytes past `to`).
static inline void fill_spilling(uint8_t *o, intptr_t from, intptr_t to, __m128i v) {
    for (intptr_t p = from; p < to; p += 64) {
        _mm_storeu_si128((__m128i *)(o + p), v);
        _mm_storeu_si128((__m128i *)(o + p + 16), v);
        _mm_storeu_si128((__m128i *)(o + p + 32), v);
        _mm_storeu_si128((__m128i *)(o + p + 48), v);
    }
}

/// One row of the rows layout where stores may run up to ``PT_SPILL`` bytes past the row's end (into later
/// rows, written after it), as the AVX2 pass's `row_spilling`: gaps filled by ``fill_spilling`` from
/// where the last block ended, each block's 8 bytes stored whole, the carried coverage kept as 16 bytes.
static inline void row_spilling(uint32_t *row, uint8_t *mr, intptr_t mark_stride, int32_t width, uint8_t *o,
                                const int even_odd) {
    __m128i carry = _mm_setzero_si128();
    __m128i carried = _mm_setzero_si128();
    intptr_t done = 0;
    // The marks read 32 at a time (two loads, their masks joined; a row of marks is a multiple of 16 bytes,
    // so a last 16 may be read alone).
    for (intptr_t chunk = 0; chunk < mark_stride; chunk += 32) {
        __m128i m = _mm_loadu_si128((const __m128i *)(mr + chunk));
        unsigned bits = (unsigned)_mm_movemask_epi8(m);
        if (chunk + 32 <= mark_stride) {
            __m128i m1 = _mm_loadu_si128((const __m128i *)(mr + chunk + 16));
            bits |= (unsigned)_mm_movemask_epi8(m1) << 16;
            if (!bits) continue;
            _mm_storeu_si128((__m128i *)(mr + chunk + 16), _mm_setzero_si128());
        } else if (!bits) {
            continue;
        }
        _mm_storeu_si128((__m128i *)(mr + chunk), _mm_setzero_si128());
        do {
            intptr_t j = (chunk + __builtin_ctz(bits)) * 8;
            bits &= bits - 1;
            fill_spilling(o, done, j, carried);
            __m128i a = quad_coverage(row + j, &carry, even_odd);
            __m128i b = quad_coverage(row + j + 4, &carry, even_odd);
            __m128i k = _mm_packs_epi32(a, b);
            k = _mm_packus_epi16(k, k);
            _mm_storel_epi64((__m128i *)(o + j), k);
            // Byte 7 to all 16 (SSE2 has no byte shuffle): doubled into a 16-bit lane (the low bytes'
            // unpack), that lane to the high four, then their last 32 bits to all four.
            __m128i hi = _mm_shufflehi_epi16(_mm_unpacklo_epi8(k, k), 0xFF);
            carried = _mm_shuffle_epi32(hi, 0xFF);
            done = j + 8;
        } while (bits);
    }
    fill_spilling(o, done, width, carried);
}

/// One row of the rows layout, every store within the row.
static inline void row_exact(uint32_t *row, uint8_t *mr, intptr_t mark_stride, int32_t width, uint8_t *o,
                             const int even_odd) {
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

/// The rows pass for one rule (a constant after inlining): the rows with at least ``PT_SPILL`` bytes of
/// the mask after them as ``row_spilling``, the last few as ``row_exact``.
__attribute__((always_inline)) static inline void resolve(uint32_t *cells, intptr_t cell_stride, uint8_t *marks,
                                                          intptr_t mark_stride, int32_t width, int32_t rows,
                                                          uint8_t *out, const int even_odd) {
    int32_t spilling = rows - (PT_SPILL + width - 1) / width;
    int32_t y = 0;
    for (; y < spilling; y++, cells += cell_stride, marks += mark_stride, out += width)
        row_spilling(cells, marks, mark_stride, width, out, even_odd);
    for (; y < rows; y++, cells += cell_stride, marks += mark_stride, out += width)
        row_exact(cells, marks, mark_stride, width, out, even_odd);
}

void pt_resolve_sse2(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                     int32_t width, int32_t rows, int even_odd, uint8_t *out) {
    if (even_odd) resolve(cells, cell_stride, marks, mark_stride, width, rows, out, 1);
    else resolve(cells, cell_stride, marks, mark_stride, width, rows, out, 0);
}
#endif
