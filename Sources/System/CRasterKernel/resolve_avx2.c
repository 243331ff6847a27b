// The final passes with AVX2: resolve_simd.h's body, a block of 8 cells being one 8-lane vector. Compiled
// for AVX2 by a target attribute on every function (the package sets no -march flags) and called only when
// the CPU reports AVX2.
#include "raster_internal.h"

#if PT_RASTER_X86
#include <immintrin.h>

#define PT_SIMD __attribute__((target("avx2")))
#define PT_ACCUMULATE pt_accumulate_avx2
#define PT_RESOLVE pt_resolve_avx2

typedef __m256i pt_sum;
typedef __m256i pt_splat;
typedef struct { __m256i lo, hi; } pt_cells16;

/// The 8 cells `v` prefix-summed onto `*sum` (updated): within each 128-bit half, then the low half's
/// total added to the high half.
PT_SIMD static inline __m256i sums(__m256i v, pt_sum *sum) {
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    v = _mm256_add_epi32(v, _mm256_shuffle_epi32(_mm256_permute2x128_si256(v, v, 0x08), 0xFF));
    v = _mm256_add_epi32(v, *sum);
    *sum = _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(7));
    return v;
}

/// The coverage (0 … 255, as 32-bit lanes) of 8 running sums under the rule.
PT_SIMD static inline __m256i coverage(__m256i v, int even_odd) {
    const __m256 abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    __m256 f;
    if (!even_odd) {
        f = _mm256_and_ps(_mm256_cvtepi32_ps(v), abs_mask);
    } else {
        __m256i e = _mm256_sub_epi32(_mm256_and_si256(v, _mm256_set1_epi32(0x1FFFF)), _mm256_set1_epi32(PT_ONE));
        f = _mm256_sub_ps(_mm256_set1_ps((float)PT_ONE), _mm256_and_ps(_mm256_cvtepi32_ps(e), abs_mask));
    }
    return _mm256_cvtps_epi32(_mm256_mul_ps(f, _mm256_set1_ps((float)(255.0 / 65536.0))));
}

PT_SIMD static inline pt_cells16 load16(const uint32_t *p) {
    return (pt_cells16){ _mm256_loadu_si256((const __m256i *)p), _mm256_loadu_si256((const __m256i *)(p + 8)) };
}

PT_SIMD static inline int zero16(pt_cells16 c) {
    __m256i any = _mm256_or_si256(c.lo, c.hi);
    return _mm256_testz_si256(any, any);
}

/// Two vectors of coverage as 16 bytes, in order: one pair of saturating packs and one permute for both
/// (after the packs, 32-bit lanes hold 4 bytes each: a0–3, b0–3, again, a4–7, b4–7, again).
PT_SIMD static inline __m128i coverage16(pt_cells16 c, pt_sum *sum, int even_odd) {
    __m256i a = coverage(sums(c.lo, sum), even_odd);  // in order: a carries the sum to b
    __m256i b = coverage(sums(c.hi, sum), even_odd);
    __m256i w = _mm256_packs_epi32(a, b);
    w = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(w, w), _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5));
    return _mm256_castsi256_si128(w);
}

PT_SIMD static inline __m128i last_byte16(__m128i v) { return _mm_shuffle_epi8(v, _mm_set1_epi8(15)); }

/// The 8 cells at `p` summed onto `*sum` and zeroed, as 8 coverage bytes repeated (the packs work within
/// halves: bytes 0–3 of each 32-bit lane of the low half hold lanes 0–3, of the high half lanes 4–7; one
/// permute gathers them).
PT_SIMD static inline __m256i block8(uint32_t *p, pt_sum *sum, int even_odd) {
    __m256i k = _mm256_loadu_si256((const __m256i *)p);
    memset(p, 0, 8 * sizeof *p);
    k = coverage(sums(k, sum), even_odd);
    k = _mm256_packs_epi32(k, k);
    k = _mm256_packus_epi16(k, k);
    return _mm256_permutevar8x32_epi32(k, _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4));
}

PT_SIMD static inline uint64_t coverage8(uint32_t *p, pt_sum *sum, int even_odd) {
    uint64_t bytes;
    _mm_storel_epi64((__m128i *)&bytes, _mm256_castsi256_si128(block8(p, sum, even_odd)));
    return bytes;
}

PT_SIMD static inline pt_splat block_spilling(uint32_t *p, uint8_t *o, pt_sum *sum, int even_odd) {
    __m256i k = block8(p, sum, even_odd);
    _mm_storel_epi64((__m128i *)o, _mm256_castsi256_si128(k));
    return _mm256_shuffle_epi8(k, _mm256_set1_epi8(7));
}

/// One load and one `vpmovmskb` for 32 blocks.
PT_SIMD static inline unsigned take_marks32(uint8_t *m) {
    unsigned bits = (unsigned)_mm256_movemask_epi8(_mm256_loadu_si256((const __m256i *)m));
    if (bits) memset(m, 0, 32);
    return bits;
}

/// Two 32-byte stores a step.
PT_SIMD static inline void fill_spilling(uint8_t *o, intptr_t from, intptr_t to, pt_splat v) {
    for (intptr_t p = from; p < to; p += 64) {
        _mm256_storeu_si256((__m256i *)(o + p), v);
        _mm256_storeu_si256((__m256i *)(o + p + 32), v);
    }
}

#include "resolve_simd.h"
#endif
