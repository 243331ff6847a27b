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

/// The whole-box final pass, for one rule (a constant after inlining): 16 cells per step, two vectors of
/// coverage packed together (one pair of packs, one permute and one store for both).
PT_AVX2 __attribute__((always_inline)) static inline void accumulate(uint32_t *cells, intptr_t n, uint8_t *out,
                                                                     const int even_odd) {
    __m256i carry = _mm256_setzero_si256();
    // After the packs, 32-bit lanes hold 4 bytes each: a0–3, b0–3, (again), a4–7, b4–7, (again).
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5);
    intptr_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i a = coverage(sums(cells + i, &carry), even_odd);
        __m256i b = coverage(sums(cells + i + 8, &carry), even_odd);
        __m256i w = _mm256_packs_epi32(a, b);
        w = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(w, w), order);
        _mm_storeu_si128((__m128i *)(out + i), _mm256_castsi256_si128(w));
    }
    for (; i < n; i += 8) {
        uint64_t bytes = octet(cells + i, &carry, even_odd);
        if (i + 8 <= n) memcpy(out + i, &bytes, 8);
        else pt_store_partial(out + i, n - i, bytes);
    }
    cells[n] = 0;
    cells[n + 1] = 0;
}

PT_AVX2 void pt_accumulate_avx2(uint32_t *cells, intptr_t n, int even_odd, uint8_t *out) {
    if (even_odd) accumulate(cells, n, out, 1);
    else accumulate(cells, n, out, 0);
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

PT_AVX2 void pt_resolve_avx2(uint32_t *cells, intptr_t cell_stride, uint8_t *marks, intptr_t mark_stride,
                             int32_t width, int32_t rows, int even_odd, uint8_t *out) {
    for (int32_t y = 0; y < rows; y++) {
        uint32_t *row = cells + (intptr_t)y * cell_stride;
        uint8_t *mr = marks + (intptr_t)y * mark_stride;
        uint8_t *o = out + (intptr_t)y * width;
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
}
#endif
