// The final passes with AVX2: a block of 8 cells is one 8-lane vector. Compiled for AVX2 by a target
// attribute (the package sets no -march flags) and called only when the CPU reports AVX2.
#include "raster_internal.h"

#if PT_RASTER_X86
#include <immintrin.h>

#define PT_AVX2 __attribute__((target("avx2")))

/// The 8 cells at `p` prefix-summed onto `*carry` (the running sum in every lane, updated) and zeroed.
PT_AVX2 static inline __m256i sums(uint32_t *p, __m256i *carry) {
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    _mm256_storeu_si256((__m256i *)p, _mm256_setzero_si256());
    // Prefix sums within each 128-bit half, then the low half's total added to the high half.
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    v = _mm256_add_epi32(v, _mm256_shuffle_epi32(_mm256_permute2x128_si256(v, v, 0x08), 0xFF));
    v = _mm256_add_epi32(v, *carry);
    *carry = _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(7));
    return v;
}

/// The coverage (0 … 255, as 32-bit lanes) of 8 running sums under the rule.
PT_AVX2 static inline __m256i coverage(__m256i v, int even_odd) {
    const __m256 abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    __m256 f;
    if (even_odd) {
        __m256i e = _mm256_sub_epi32(_mm256_and_si256(v, _mm256_set1_epi32(0x1FFFF)), _mm256_set1_epi32(PT_ONE));
        f = _mm256_sub_ps(_mm256_set1_ps((float)PT_ONE), _mm256_and_ps(_mm256_cvtepi32_ps(e), abs_mask));
    } else {
        f = _mm256_and_ps(_mm256_cvtepi32_ps(v), abs_mask);
    }
    return _mm256_cvtps_epi32(_mm256_mul_ps(f, _mm256_set1_ps((float)(255.0 / 65536.0))));
}

/// 8 coverage lanes as 8 bytes (little-endian), saturated.
PT_AVX2 static inline uint64_t bytes8(__m256i k) {
    // Saturating packs work within halves: bytes 0–3 hold lanes 0–3, bytes 16–19 lanes 4–7.
    k = _mm256_packs_epi32(k, k);
    k = _mm256_packus_epi16(k, k);
    __m128i lo = _mm256_castsi256_si128(k), hi = _mm256_extracti128_si256(k, 1);
    return (uint64_t)(uint32_t)_mm_cvtsi128_si32(lo) | ((uint64_t)(uint32_t)_mm_cvtsi128_si32(hi) << 32);
}

/// The 8 cells at `p` summed onto `*carry`, zeroed, and returned as 8 coverage bytes.
PT_AVX2 static inline uint64_t octet(uint32_t *p, __m256i *carry, int even_odd) {
    return bytes8(coverage(sums(p, carry), even_odd));
}

/// Two vectors of 8 coverage lanes as 16 bytes, in order: one pair of saturating packs and one permute for
/// both (after the packs, 32-bit lanes hold 4 bytes each: a0–3, b0–3, again, a4–7, b4–7, again).
PT_AVX2 static inline __m128i bytes16(__m256i a, __m256i b) {
    __m256i w = _mm256_packs_epi32(a, b);
    w = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(w, w), _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5));
    return _mm256_castsi256_si128(w);
}

/// The 8 cells `v` prefix-summed onto `*carry` (updated), as ``sums`` without the load and the clearing.
PT_AVX2 static inline __m256i sums_of(__m256i v, __m256i *carry) {
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    v = _mm256_add_epi32(v, _mm256_shuffle_epi32(_mm256_permute2x128_si256(v, v, 0x08), 0xFF));
    v = _mm256_add_epi32(v, *carry);
    *carry = _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(7));
    return v;
}

/// The whole-box final pass, for one rule (a constant after inlining): 16 cells per step. With `skip`
/// (a constant too), where all 16 are zero (inside or outside the shape, between edges) the sums are the
/// carry: its coverage byte is stored 16 times and nothing else is done; that pays on wider masks, where
/// such runs are common. Otherwise two vectors of coverage are packed together (one pair of packs, one
/// permute and one store for both).
PT_AVX2 __attribute__((always_inline)) static inline void accumulate(uint32_t *cells, intptr_t n, uint8_t *out,
                                                                     const int even_odd, const int skip) {
    __m256i carry = _mm256_setzero_si256();
    __m128i carried = _mm_setzero_si128();  // the carry's coverage byte, 16 times
    const __m256i zero = _mm256_setzero_si256();
    intptr_t i = 0;
    const intptr_t whole = n & ~(intptr_t)15;  // the cells in whole steps of 16
    for (; i < whole; i += 16) {
        __m256i c0 = _mm256_loadu_si256((const __m256i *)(cells + i));
        __m256i c1 = _mm256_loadu_si256((const __m256i *)(cells + i + 8));
        if (skip) {
            // A run of zero steps in its own loop (the carried bytes stay in one register).
            __m256i any = _mm256_or_si256(c0, c1);
            while (_mm256_testz_si256(any, any)) {
                _mm_storeu_si128((__m128i *)(out + i), carried);
                i += 16;
                if (i >= whole) goto tail;
                c0 = _mm256_loadu_si256((const __m256i *)(cells + i));
                c1 = _mm256_loadu_si256((const __m256i *)(cells + i + 8));
                any = _mm256_or_si256(c0, c1);
            }
        }
        _mm256_storeu_si256((__m256i *)(cells + i), zero);
        _mm256_storeu_si256((__m256i *)(cells + i + 8), zero);
        __m256i a = coverage(sums_of(c0, &carry), even_odd);
        __m256i b = coverage(sums_of(c1, &carry), even_odd);
        __m128i v = bytes16(a, b);
        _mm_storeu_si128((__m128i *)(out + i), v);
        if (skip) carried = _mm_shuffle_epi8(v, _mm_set1_epi8(15));
    }
tail:
    for (; i < n; i += 8) {
        uint64_t bytes = octet(cells + i, &carry, even_odd);
        if (i + 8 <= n) memcpy(out + i, &bytes, 8);
        else pt_store_partial(out + i, n - i, bytes);
    }
    cells[n] = 0;
    cells[n + 1] = 0;
}

PT_AVX2 void pt_accumulate_avx2(uint32_t *cells, intptr_t n, int32_t width, int even_odd, uint8_t *out) {
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
PT_AVX2 static inline void fill(uint8_t *p, intptr_t n, uint8_t v) {
    if (n < 16) { pt_fill_short(p, n, 0x0101010101010101ull * v); return; }
    if (n < 32) {
        __m128i x = _mm_set1_epi8((char)v);
        _mm_storeu_si128((__m128i *)p, x);
        _mm_storeu_si128((__m128i *)(p + n - 16), x);
        return;
    }
    if (n > 192) { memset(p, v, (size_t)n); return; }
    __m256i x = _mm256_set1_epi8((char)v);
    for (intptr_t k = 0; k + 32 < n; k += 32) _mm256_storeu_si256((__m256i *)(p + k), x);
    _mm256_storeu_si256((__m256i *)(p + n - 32), x);
}

/// Fills `o[from ..< to]` with `v` in pairs of 32-byte stores (up to 63 bytes past `to`).
PT_AVX2 static inline void fill_spilling(uint8_t *o, intptr_t from, intptr_t to, __m256i v) {
    for (intptr_t p = from; p < to; p += 64) {
        _mm256_storeu_si256((__m256i *)(o + p), v);
        _mm256_storeu_si256((__m256i *)(o + p + 32), v);
    }
}

/// The marked blocks of one chunk of a row's marks (`bits`, block `chunk` first) for ``row_spilling``: each
/// gap before a block filled by ``fill_spilling`` from where the last block ended (what it writes past the
/// gap is rewritten by the blocks and fills after it, in order), each block's 8 bytes stored whole.
PT_AVX2 __attribute__((always_inline)) static inline void blocks_spilling(uint32_t *row, uint8_t *o, intptr_t chunk,
                                                                          unsigned bits, __m256i *carry,
                                                                          __m256i *carried, intptr_t *done,
                                                                          const int even_odd) {
    do {
        intptr_t j = (chunk + __builtin_ctz(bits)) * 8;
        bits &= bits - 1;
        fill_spilling(o, *done, j, *carried);
        __m256i k = coverage(sums(row + j, carry), even_odd);
        // Packs work within halves (bytes 0–3 of each 32-bit lane of the low half: lanes 0–3, of the
        // high half: lanes 4–7); one permute gathers the 8 bytes into the low 8, repeated.
        k = _mm256_packs_epi32(k, k);
        k = _mm256_packus_epi16(k, k);
        k = _mm256_permutevar8x32_epi32(k, _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4));
        _mm_storel_epi64((__m128i *)(o + j), _mm256_castsi256_si128(k));
        *carried = _mm256_shuffle_epi8(k, _mm256_set1_epi8(7));
        *done = j + 8;
    } while (bits);
}

/// One row of the rows layout where stores may run up to ``PT_SPILL`` bytes past the row's end (into later
/// rows, which are written after it), its blocks as ``blocks_spilling``. The carried coverage is kept as a
/// vector of 32 bytes, ready to store. The marks are read 32 at a time (one `vpmovmskb` for 32 blocks;
/// a row of marks is a multiple of 16 bytes, so at most one read of 16 ends it).
PT_AVX2 static inline void row_spilling(uint32_t *row, uint8_t *mr, intptr_t mark_stride, int32_t width, uint8_t *o,
                                        const int even_odd) {
    __m256i carry = _mm256_setzero_si256();
    __m256i carried = _mm256_setzero_si256();
    intptr_t done = 0, chunk = 0;
    for (; chunk + 32 <= mark_stride; chunk += 32) {
        __m256i m = _mm256_loadu_si256((const __m256i *)(mr + chunk));
        unsigned bits = (unsigned)_mm256_movemask_epi8(m);
        if (!bits) continue;
        _mm256_storeu_si256((__m256i *)(mr + chunk), _mm256_setzero_si256());
        blocks_spilling(row, o, chunk, bits, &carry, &carried, &done, even_odd);
    }
    if (chunk < mark_stride) {
        __m128i m = _mm_loadu_si128((const __m128i *)(mr + chunk));
        unsigned bits = (unsigned)_mm_movemask_epi8(m);
        if (bits) {
            _mm_storeu_si128((__m128i *)(mr + chunk), _mm_setzero_si128());
            blocks_spilling(row, o, chunk, bits, &carry, &carried, &done, even_odd);
        }
    }
    fill_spilling(o, done, width, carried);
}

/// One row of the rows layout, every store within the row.
PT_AVX2 static inline void row_exact(uint32_t *row, uint8_t *mr, intptr_t mark_stride, int32_t width, uint8_t *o,
                                     const int even_odd) {
    __m256i carry = _mm256_setzero_si256();
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
                _mm256_storeu_si256((__m256i *)(row + j), _mm256_setzero_si256());
                continue;
            }
            if (j > done) fill(o + done, j - done, carried);
            uint64_t bytes = octet(row + j, &carry, even_odd);
            carried = (uint8_t)(bytes >> 56);
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
PT_AVX2 __attribute__((always_inline)) static inline void resolve(uint32_t *cells, intptr_t cell_stride, uint8_t *marks,
                                                                  intptr_t mark_stride, int32_t width, int32_t rows,
                                                                  uint8_t *out, const int even_odd) {
    int32_t spilling = rows - (PT_SPILL + width - 1) / width;
    int32_t y = 0;
    for (; y < spilling; y++, cells += cell_stride, marks += mark_stride, out += width)
        row_spilling(cells, marks, mark_stride, width, out, even_odd);
    for (; y < rows; y++, cells += cell_stride, marks += mark_stride, out += width)
        row_exact(cells, marks, mark_stride, width, out, even_odd);
}

PT_AVX2 void pt_resolve_avx2(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                             int32_t width, int32_t rows, int even_odd, uint8_t *out) {
    if (even_odd) resolve(cells, cell_stride, marks, mark_stride, width, rows, out, 1);
    else resolve(cells, cell_stride, marks, mark_stride, width, rows, out, 0);
}
#endif
